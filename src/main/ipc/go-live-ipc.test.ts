import { describe, expect, it, vi } from 'vitest';
import type { AuthState, ChatSettingsState, EventsStatus, IngestOverview, MarkersOverview, ObsState } from '../../shared/ipc/contract';
import { GoLiveChecklist } from '../services/go-live/go-live-checklist';
import { silentLogger } from '../services/logger';
import { signedInAuthState } from '../test-support/auth-states';
import { createFakeClock } from '../test-support/fake-clock';
import { registerGoLiveIpc } from './go-live-ipc';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };
const none = () => () => {};

function checklist() {
  const probe = vi.fn(async () => ({}) as IngestOverview);
  const service = new GoLiveChecklist({
    auth: { getState: () => ({ ...signedInAuthState, scopes: [] }) as AuthState, onChange: none, signIn: async () => undefined },
    ingest: { getOverview: async () => ({ servers: [], maskedUrl: null, streamKeyError: null }) as unknown as IngestOverview, probe, onChange: none },
    obs: {
      getState: () => ({ status: 'off', statusText: 'Not connected to OBS' }) as ObsState,
      onChange: none,
      connect: async () => undefined,
      checkStreamTarget: async () => {
        throw new Error('not connected');
      },
      sendStreamTarget: async () => {
        throw new Error('not connected');
      },
      getOutputSettings: async () => {
        throw new Error('not connected');
      },
    },
    events: { getStatus: () => ({ state: 'idle', subscriptions: [], error: null }) as unknown as EventsStatus, onStatusChange: none },
    markers: { getOverview: () => ({ lastResult: null }) as MarkersOverview, onChange: none },
    hotkey: { getState: () => ({ accelerator: 'F9', registered: true, error: null }), onChange: none },
    chatSettings: { getState: () => ({ presets: [], pendingRevert: null, error: null }) as unknown as ChatSettingsState, onChange: none, applyPreset: async () => undefined },
    startPreset: { get: () => null, set: () => {} },
    requiredScopes: [],
    requiredEventTypes: [],
    dockMode: true,
    logger: silentLogger,
    clock: createFakeClock(),
  });
  return { service, probe };
}

describe('go-live IPC', () => {
  it('registers every goLive:* channel, refuses a fix that is not one, forwards goLive:changed and goLive:show until disposed', async () => {
    const { service, probe } = checklist();
    const router = new IpcRouter(silentLogger);
    const events: [string, unknown][] = [];
    router.onEvent((event, payload) => events.push([event, payload]));
    const off = registerGoLiveIpc(router, service);
    expect(router.missingHandlers().filter((channel) => channel.startsWith('goLive:'))).toEqual([]);

    const opened = await router.dispatch('goLive:open', undefined, trusted);
    expect(opened).toMatchObject({ ok: true, value: { open: true, ready: false } });
    expect(events.some(([event, payload]) => event === 'goLive:changed' && (payload as { checkedAt: string | null }).checkedAt !== null)).toBe(true);

    expect(await router.dispatch('goLive:fix', { action: 'probeIngest' }, trusted)).toMatchObject({ ok: true });
    expect(probe).toHaveBeenCalledTimes(1);
    expect(await router.dispatch('goLive:fix', { action: 'format-disk' }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await router.dispatch('goLive:setStartPreset', { presetId: 'gone' }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: 'There is no chat preset with that name.' },
    });
    expect(await router.dispatch('goLive:close', undefined, trusted)).toMatchObject({ ok: true, value: { open: false } });

    service.show();
    expect(events.at(-1)).toEqual(['goLive:show', {}]);

    off();
    const count = events.length;
    await router.dispatch('goLive:recheck', undefined, trusted);
    service.show();
    expect(events.length).toBe(count);
    service.dispose();
  });
});
