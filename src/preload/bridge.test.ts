import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { eventNames, type EventName } from '../shared/ipc/contract';
import { EVENT_CHANNEL } from '../shared/ipc/transport';
import { buildBridge } from './bridge';

/** ipcRenderer is an EventEmitter with Node's default limit of ten listeners per channel. */
function fakeIpcRenderer() {
  const emitter = new EventEmitter();
  const invoke = vi.fn(async (channel: string, arg: unknown) => ({ ok: true, value: { channel, arg } }));
  return Object.assign(emitter, { invoke });
}

describe('the preload bridge', () => {
  it('keeps one ipcRenderer listener however many events the page follows, with no leak warning', async () => {
    const ipc = fakeIpcRenderer();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const bridge = buildBridge(ipc);
      // Every event once, and some twice: more than twice Node's limit of ten.
      const unsubscribe = [...eventNames, ...eventNames].map((event) => bridge.on(event as EventName, () => {}));
      expect(unsubscribe.length).toBeGreaterThan(20);
      expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(1);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('hands each event to its own subscribers without the Electron event, until they unsubscribe', () => {
    const ipc = fakeIpcRenderer();
    const bridge = buildBridge(ipc);
    const auth = vi.fn();
    const authAgain = vi.fn();
    const tray = vi.fn();
    const offAuth = bridge.on('auth:changed', auth);
    bridge.on('auth:changed', authAgain);
    bridge.on('hotkeys:raid', tray);
    ipc.emit(EVENT_CHANNEL, { sender: 'electron event' }, 'auth:changed', { status: 'signedOut' });
    expect(auth).toHaveBeenCalledWith({ status: 'signedOut' });
    expect(authAgain).toHaveBeenCalledTimes(1);
    expect(tray).not.toHaveBeenCalled();
    offAuth();
    offAuth();
    ipc.emit(EVENT_CHANNEL, {}, 'auth:changed', { status: 'signingIn' });
    expect(auth).toHaveBeenCalledTimes(1);
    expect(authAgain).toHaveBeenCalledTimes(2);
    ipc.emit(EVENT_CHANNEL, {}, 'not:an-event', {});
    expect(() => bridge.on('nope' as EventName, () => {})).toThrow('Unknown event nope');
  });

  it('still delivers an event to the others when one subscriber throws', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = buildBridge(ipc);
    const thrown: unknown[] = [];
    const catchIt = (error: unknown) => thrown.push(error);
    process.prependListener('uncaughtException', catchIt);
    const later = vi.fn();
    try {
      bridge.on('auth:changed', () => {
        throw new Error('a panel failed');
      });
      bridge.on('auth:changed', later);
      ipc.emit(EVENT_CHANNEL, {}, 'auth:changed', {});
      expect(later).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise((resolve) => setImmediate(resolve));
      process.off('uncaughtException', catchIt);
    }
    expect(thrown).toEqual([new Error('a panel failed')]);
  });

  it('calls every contract channel by its name', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = buildBridge(ipc);
    await expect(bridge.auth.getState()).resolves.toEqual({ ok: true, value: { channel: 'auth:getState', arg: undefined } });
    await bridge.hotkeys.set({ action: 'marker', accelerator: 'Alt+F9' });
    expect(ipc.invoke).toHaveBeenLastCalledWith('hotkeys:set', { action: 'marker', accelerator: 'Alt+F9' });
  });
});
