/**
 * Scene control through the real ObsService over obs-websocket to a small fake OBS, for OBS's
 * answers and refusals by code (the real OBS is in automations.obs.integration.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeObs, type FakeObsServer } from '../../test-support/obs-fake-server';
import { silentLogger } from '../logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { MemoryObsPasswordStore } from './obs-password-store';
import { ObsSceneControl } from './obs-scene-control';
import { ObsService } from './obs-service';

let fake: FakeObsServer;
let obs: ObsService;
let control: ObsSceneControl;
const refuse = (code: number, comment = 'No.') => () => ({ status: { result: false, code, comment } });

beforeEach(async () => {
  fake = await startFakeObs();
  obs = new ObsService({
    settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': fake.port }),
    passwords: new MemoryObsPasswordStore(),
    logger: silentLogger,
    getIngestTarget: async () => ({ server: 'rtmp://127.0.0.1/app', serverName: 'x', key: 'k' }),
    timeoutMs: 2000,
  });
  control = new ObsSceneControl(obs);
  await obs.connect();
  await vi.waitFor(() => expect(obs.getState().status).toBe('connected'));
});
afterEach(async () => {
  await obs.dispose();
  await fake.close();
});

describe('ObsSceneControl', () => {
  it('lists scenes top first with their sources, and inputs with what can be done to them', async () => {
    fake.handlers.GetSceneList = () => ({ data: { scenes: [{ sceneName: 'Bottom', sceneIndex: 0 }, { sceneName: 'Top', sceneIndex: 1 }] } });
    fake.handlers.GetSceneItemList = (data) => ({ data: { sceneItems: data?.sceneName === 'Top' ? [{ sourceName: 'Cam', sceneItemIndex: 0 }, { sourceName: 'Alert', sceneItemIndex: 1 }] : [] } });
    fake.handlers.GetInputList = () => ({
      data: { inputs: [{ inputName: 'Mic/Aux', inputKind: 'pulse_input_capture', unversionedInputKind: 'pulse_input_capture' }, { inputName: 'Title', inputKind: 'text_ft2_source_v2', unversionedInputKind: 'text_ft2_source' }, { inputName: 'Logo', inputKind: 'image_source' }] },
    });
    expect(await control.listScenes()).toEqual([
      { name: 'Top', sources: ['Alert', 'Cam'] },
      { name: 'Bottom', sources: [] },
    ]);
    expect(await control.listInputs()).toEqual([
      { name: 'Mic/Aux', kind: 'pulse_input_capture', text: false, audio: true },
      { name: 'Title', kind: 'text_ft2_source', text: true, audio: false },
      { name: 'Logo', kind: 'image_source', text: false, audio: false },
    ]);
  });

  it('switches the scene and says which was on air', async () => {
    fake.handlers.GetCurrentProgramScene = () => ({ data: { currentProgramSceneName: 'Gameplay' } });
    fake.handlers.SetCurrentProgramScene = () => ({});
    expect(await control.switchScene('Water')).toEqual({ previous: 'Gameplay' });
    expect(fake.requests.at(-1)).toEqual({ type: 'SetCurrentProgramScene', data: { sceneName: 'Water' } });
  });

  it('a scene, source or input OBS does not have is said by name', async () => {
    fake.handlers.GetCurrentProgramScene = () => ({ data: { sceneName: 'Gameplay' } });
    fake.handlers.SetCurrentProgramScene = refuse(600);
    fake.handlers.GetSceneItemId = refuse(600);
    fake.handlers.SetInputMute = refuse(600);
    fake.handlers.SetInputSettings = refuse(600);
    await expect(control.switchScene('Water')).rejects.toThrow('OBS has no scene "Water".');
    await expect(control.setSourceVisible('Scene', 'Alert', true)).rejects.toThrow('"Alert" is not in the scene "Scene" (or the scene is gone).');
    await expect(control.setMuted('Mic', true)).rejects.toThrow('OBS has no input "Mic".');
    await expect(control.setText('Title', 'x')).rejects.toThrow('OBS has no text source "Title".');
  });

  it('shows a source and says whether it was shown', async () => {
    fake.handlers.GetSceneItemId = () => ({ data: { sceneItemId: 7 } });
    fake.handlers.GetSceneItemEnabled = () => ({ data: { sceneItemEnabled: false } });
    fake.handlers.SetSceneItemEnabled = () => ({});
    expect(await control.setSourceVisible('Scene', 'Alert', true)).toEqual({ wasVisible: false });
    expect(fake.requests.at(-1)).toEqual({ type: 'SetSceneItemEnabled', data: { sceneName: 'Scene', sceneItemId: 7, sceneItemEnabled: true } });
  });

  it('recording already on (or off) is not an error; a replay buffer not running is said with what to do', async () => {
    fake.handlers.StartRecord = refuse(500);
    fake.handlers.StopRecord = refuse(501);
    fake.handlers.SaveReplayBuffer = refuse(604, 'Replay buffer is not available.');
    expect(await control.setRecording(true)).toEqual({ already: true });
    expect(await control.setRecording(false)).toEqual({ already: true });
    await expect(control.saveReplayBuffer()).rejects.toThrow(/replay buffer is not running: turn it on in OBS/);
  });

  it('an answer in an unknown form is refused in words', async () => {
    fake.handlers.GetSceneList = () => ({ data: { scenes: 'all of them' } });
    await expect(control.listScenes()).rejects.toThrow('OBS answered GetSceneList in a form Sidestage does not know.');
  });

  it('OBS gone: the connection\'s words', async () => {
    await obs.disconnect();
    // Said once, though the status itself is "Not connected to OBS".
    await expect(control.switchScene('Water')).rejects.toThrow(/^Not connected to OBS$/);
  });
});
