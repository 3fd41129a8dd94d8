import { signedOutAuthState } from '../../shared/ipc/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../services/app-error';
import { silentLogger } from '../services/logger';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };

function router() {
  const r = new IpcRouter(silentLogger);
  r.handle('auth:getState', () => signedOutAuthState);
  r.handle('ingest:select', ({ serverId }) => {
    if (serverId === 99) throw new AppError('invalid_argument', 'There is no ingest server 99.');
    throw new Error('database exploded at /home/user/secret');
  });
  return r;
}

describe('IpcRouter', () => {
  it('answers a valid request', async () => {
    expect(await router().dispatch('auth:getState', undefined, trusted)).toEqual({ ok: true, value: signedOutAuthState });
  });

  it('refuses an untrusted sender before anything else', async () => {
    const result = await router().dispatch('auth:getState', undefined, { trusted: false, description: 'https://evil.example' });
    expect(result).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  it.each([
    ['nope:nothing', undefined],
    ['__proto__', undefined],
    [42, undefined],
  ])('refuses unknown channel %s', async (channel, arg) => {
    expect(await router().dispatch(channel, arg, trusted)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it.each([
    [{ serverId: 'one' }, 'serverId'],
    [{ serverId: -1 }, 'serverId'],
    [{ serverId: 1, extra: true }, 'extra'],
    [undefined, 'expected object'],
  ])('refuses the invalid argument %j and says what was wrong', async (arg, words) => {
    const result = await router().dispatch('ingest:select', arg, trusted);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_argument');
      expect(result.error.message).toContain(words);
    }
  });

  it('refuses an argument on a channel that takes none', async () => {
    expect(await router().dispatch('auth:getState', { sneaky: 1 }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('passes an AppError through as a typed error', async () => {
    expect(await router().dispatch('ingest:select', { serverId: 99 }, trusted)).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'There is no ingest server 99.' },
    });
  });

  it('hides the details of an unexpected error', async () => {
    const result = await router().dispatch('ingest:select', { serverId: 1 }, trusted);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('strips fields the contract does not name from results', async () => {
    const r = new IpcRouter(silentLogger);
    r.handle('auth:getState', () => ({ ...signedOutAuthState, accessToken: 'abc123', refreshToken: 'def456' }) as typeof signedOutAuthState);
    const result = await r.dispatch('auth:getState', undefined, trusted);
    expect(JSON.stringify(result)).not.toMatch(/abc123|def456|Token/);
  });

  it('lists channels without a handler', () => {
    expect(router().missingHandlers()).toContain('auth:signIn');
    expect(router().missingHandlers()).not.toContain('auth:getState');
  });

  it('validates and fans out events', () => {
    const r = router();
    const seen: unknown[] = [];
    const off = r.onEvent((event, payload) => seen.push([event, payload]));
    r.emit('auth:changed', signedOutAuthState);
    off();
    r.emit('auth:changed', signedOutAuthState);
    expect(seen).toEqual([['auth:changed', signedOutAuthState]]);
    expect(() => r.emit('auth:changed', { status: 'bogus' } as never)).toThrow();
  });
});
