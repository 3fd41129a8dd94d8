import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../services/logger';
import { TestStreamService, type EncoderProcess } from '../services/test-stream/test-stream-service';
import { IpcRouter } from './ipc-router';
import { testStreamFeature } from '../composition/test-stream';
import { registerTestStreamIpc, unavailableTestStream } from './test-stream-ipc';

const trusted = { trusted: true, description: 'test' };

describe('testStream IPC', () => {
  it('outside demo mode: unavailable, and a start is refused in words', async () => {
    const router = new IpcRouter(silentLogger);
    // Off as every feature is (composition/test-stream.ts serves it).
    testStreamFeature.serve(router, null, {} as never, {} as never);
    expect(await router.dispatch('testStream:getState', undefined, trusted)).toEqual({ ok: true, value: unavailableTestStream });
    expect(await router.dispatch('testStream:start', undefined, trusted)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'The test stream exists only in demo mode: use OBS.' },
    });
    expect(await router.dispatch('testStream:stop', undefined, trusted)).toEqual({ ok: true, value: unavailableTestStream });
    expect((await router.dispatch('testStream:start', { now: true }, trusted)).ok).toBe(false);
  });

  it('in demo mode: starts and forwards testStream:changed, without the key, until unregistered', async () => {
    const key = 'live_42_neverInAnEvent';
    const emitter = new EventEmitter();
    const child = Object.assign(emitter, {
      pid: 77,
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      kill: () => {
        setImmediate(() => emitter.emit('exit', null, 'SIGTERM'));
        return true;
      },
    }) as unknown as EncoderProcess;
    const service = new TestStreamService({
      getIngestTarget: async () => ({ server: 'rtmp://127.0.0.1:1935/app', serverName: 'Local 1', key }),
      logger: silentLogger,
      spawn: () => child,
    });
    const router = new IpcRouter(silentLogger);
    const events: unknown[] = [];
    router.onEvent((event, payload) => events.push([event, payload]));
    const off = registerTestStreamIpc(router, service);
    expect(await router.dispatch('testStream:start', undefined, trusted)).toMatchObject({ ok: true, value: { status: 'starting', serverName: 'Local 1' } });
    expect(events.at(-1)).toEqual(['testStream:changed', expect.objectContaining({ status: 'starting' })]);
    expect(await router.dispatch('testStream:stop', undefined, trusted)).toMatchObject({ ok: true, value: { status: 'stopped' } });
    expect(JSON.stringify(events)).not.toContain(key);
    off();
    const count = events.length;
    await service.start();
    expect(events).toHaveLength(count);
    await service.dispose();
  });
});
