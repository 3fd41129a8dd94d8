import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../services/logger';
import { MemoryObsPasswordStore } from '../services/obs/obs-password-store';
import { ObsService } from '../services/obs/obs-service';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { startFakeObs, type FakeObsServer } from '../test-support/obs-fake-server';
import { IpcRouter } from './ipc-router';
import { registerObsIpc } from './obs-ipc';

const trusted = { trusted: true, description: 'test' };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('OBS IPC', () => {
  it('takes the password in but never answers or forwards it; forwards obs:changed until unregistered', async () => {
    const fake: FakeObsServer = await startFakeObs({ password: 'secret-obs-pass' });
    cleanups.push(() => fake.close());
    const passwords = new MemoryObsPasswordStore();
    const obs = new ObsService({
      settings: new MemorySettingsStore(),
      passwords,
      logger: silentLogger,
      getIngestTarget: async () => ({ server: 'rtmp://127.0.0.1/app', serverName: 'x', key: 'k' }),
    });
    cleanups.push(() => obs.dispose());
    const router = new IpcRouter(silentLogger);
    const events: [string, unknown][] = [];
    router.onEvent((event, payload) => events.push([event, payload]));
    const off = registerObsIpc(router, obs);

    expect(await router.dispatch('obs:setConnection', { host: '127.0.0.1', port: fake.port }, trusted)).toMatchObject({ ok: true, value: { port: fake.port } });
    const set = await router.dispatch('obs:setPassword', { password: 'secret-obs-pass' }, trusted);
    expect(set).toMatchObject({ ok: true, value: { passwordSaved: true } });
    expect(await passwords.load()).toBe('secret-obs-pass');
    await router.dispatch('obs:connect', undefined, trusted);
    await vi.waitFor(() => expect(events.at(-1)?.[1]).toMatchObject({ status: 'connected' }));
    expect(JSON.stringify(events)).not.toContain('secret-obs-pass');
    expect(JSON.stringify(set)).not.toContain('secret-obs-pass');

    expect((await router.dispatch('obs:setConnection', { host: '127.0.0.1', port: 70_000 }, trusted)).ok).toBe(false);
    expect((await router.dispatch('obs:setConnection', { host: 'a b', port: 4455 }, trusted)).ok).toBe(false);
    expect((await router.dispatch('obs:setPassword', { password: 'x', extra: 1 }, trusted)).ok).toBe(false);

    off();
    const count = events.length;
    await router.dispatch('obs:disconnect', undefined, trusted);
    expect(events).toHaveLength(count);
  });
});
