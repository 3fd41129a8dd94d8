import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import type { ObsRequests } from '../obs/obs-service';
import { addBrowserSource, noBrowserSourceMessage } from './obs-browser-source';

/** OBS as obs-websocket answers: a scene, and the inputs it has; `refuse` makes a request fail with a status code. */
function fakeObs(options: { inputs?: Record<string, string>; refuse?: Record<string, number> } = {}) {
  const calls: [string, unknown][] = [];
  const inputs = { ...options.inputs };
  const obs: ObsRequests = {
    call: (async (type: string, data?: Record<string, unknown>) => {
      calls.push([type, data]);
      const code = options.refuse?.[type];
      if (code !== undefined) throw new AppError('unavailable', `OBS refused ${type}`, { status: code });
      if (type === 'GetCurrentProgramScene') return { currentProgramSceneName: 'Gaming' };
      if (type === 'GetInputSettings') {
        const kind = inputs[String(data?.inputName)];
        if (!kind) throw new AppError('unavailable', 'OBS refused GetInputSettings: no source', { status: 600 });
        return { inputKind: kind, inputSettings: {} };
      }
      return {};
    }) as ObsRequests['call'],
  };
  return { obs, calls };
}

describe('Add to OBS', () => {
  it('creates a 1920x1080 browser source in the current scene that keeps running hidden', async () => {
    const { obs, calls } = fakeObs();
    expect(await addBrowserSource(obs, { inputName: 'Sidestage Alerts', url: 'http://127.0.0.1:1/overlay/alerts?token=t' })).toEqual({ sceneName: 'Gaming', inputName: 'Sidestage Alerts', updated: false });
    expect(calls.at(-1)).toEqual([
      'CreateInput',
      {
        sceneName: 'Gaming',
        inputName: 'Sidestage Alerts',
        inputKind: 'browser_source',
        inputSettings: { url: 'http://127.0.0.1:1/overlay/alerts?token=t', width: 1920, height: 1080, shutdown: false, restart_when_active: false, reroute_audio: true },
        sceneItemEnabled: true,
      },
    ]);
  });

  it('points a browser source of that name at the current URL (after Reset the link)', async () => {
    const { obs, calls } = fakeObs({ inputs: { 'Sidestage Alerts': 'browser_source' } });
    expect((await addBrowserSource(obs, { inputName: 'Sidestage Alerts', url: 'http://new' })).updated).toBe(true);
    expect(calls.at(-1)).toEqual(['SetInputSettings', { inputName: 'Sidestage Alerts', inputSettings: { url: 'http://new' } }]);
  });

  it('does not touch a source of that name that is something else', async () => {
    const { obs, calls } = fakeObs({ inputs: { 'Sidestage Alerts': 'image_source' } });
    await expect(addBrowserSource(obs, { inputName: 'Sidestage Alerts', url: 'http://x' })).rejects.toThrow(/not a browser source/);
    expect(calls.map(([type]) => type)).not.toContain('SetInputSettings');
  });

  it('says in words that this OBS has no browser source (605), keeping OBS’s code', async () => {
    const { obs } = fakeObs({ refuse: { CreateInput: 605 } });
    const refusal = await addBrowserSource(obs, { inputName: 'Sidestage Alerts', url: 'http://x' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ message: noBrowserSourceMessage, details: { status: 605 } });
  });
});
