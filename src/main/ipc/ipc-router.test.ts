import { invokeChannels, signedOutAuthState, type Channel } from '../../shared/ipc/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '../services/app-error';
import { silentLogger } from '../services/logger';
import { IpcRouter, MAX_ERROR_MESSAGE_CHARS } from './ipc-router';

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
    r.onEvent(() => {});
    expect(() => r.emit('auth:changed', { status: 'bogus' } as never)).toThrow();
  });

  it('does not parse an event nobody listens to (start-up, before the window or the dock server)', () => {
    const r = router();
    let reads = 0;
    const payload = {
      ...signedOutAuthState,
      get status() {
        reads += 1;
        return signedOutAuthState.status;
      },
    };
    r.emit('auth:changed', payload);
    expect(reads).toBe(0);
    const seen: unknown[] = [];
    r.onEvent((_event, received) => seen.push(received));
    r.emit('auth:changed', payload);
    expect(reads).toBeGreaterThan(0);
    expect(seen).toEqual([signedOutAuthState]);
  });
});

describe('IpcRouter: strict and bounded', () => {
  const noArgChannels = (Object.keys(invokeChannels) as Channel[]).filter((c) => invokeChannels[c].arg.safeParse(undefined).success && !invokeChannels[c].arg.safeParse({}).success);

  it.each([null, 42, '', 'x', true, [], {}, { arg: 1 }])('refuses %j on every channel that takes no argument', async (arg) => {
    expect(noArgChannels.length).toBeGreaterThan(10);
    const r = new IpcRouter(silentLogger);
    let ran = 0;
    for (const channel of noArgChannels) r.handle(channel, (() => void (ran += 1)) as never);
    for (const channel of noArgChannels) {
      expect(await r.dispatch(channel, arg, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    expect(ran).toBe(0);
  });

  it('refuses unknown keys at every level of every argument: each object of the contract is strict', () => {
    const loose: string[] = [];
    // Each schema once: the automations' steps are recursive (an "if" holds steps).
    const seen = new Set<z.ZodType>();
    const walk = (schema: z.ZodType, path: string): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
      switch (def.type) {
        case 'object': {
          const catchall = def.catchall as z.ZodType | undefined;
          if ((catchall as unknown as { _zod?: { def: { type: string } } } | undefined)?._zod?.def.type !== 'never') loose.push(path);
          for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(value, `${path}.${key}`);
          return;
        }
        case 'optional':
        case 'nullable':
        case 'default':
        case 'readonly':
        case 'prefault':
        case 'nonoptional':
          return walk(def.innerType as z.ZodType, path);
        case 'array':
          return walk(def.element as z.ZodType, `${path}[]`);
        case 'union':
          return (def.options as z.ZodType[]).forEach((option, i) => walk(option, `${path}|${i}`));
        case 'pipe':
          return walk(def.in as z.ZodType, path);
        case 'lazy':
          return walk((def.getter as () => z.ZodType)(), path);
        case 'record':
        case 'map':
        case 'any':
        case 'unknown':
          loose.push(`${path} (${def.type})`);
          return;
        default:
          return;
      }
    };
    for (const [channel, schemas] of Object.entries(invokeChannels)) walk(schemas.arg, channel);
    expect(loose).toEqual([]);
  });

  it('refuses a prototype key as an unknown key', async () => {
    const arg = JSON.parse('{"serverId":1,"__proto__":{"polluted":true}}') as unknown;
    expect(await router().dispatch('ingest:select', arg, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds every error message, whatever it quotes', async () => {
    const huge = 'k'.repeat(900_000);
    const r = router();
    r.handle('rewards:delete', ({ id }) => {
      throw new AppError('invalid_argument', `There is no reward ${id}.`);
    });
    const results = [
      await r.dispatch('ingest:select', { serverId: 1, [huge]: 1 }, trusted),
      await r.dispatch('ingest:select', { serverId: huge }, trusted),
      await r.dispatch(huge, undefined, trusted),
      await r.dispatch('rewards:delete', { id: huge }, trusted),
    ];
    for (const result of results) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS + 40);
    }
  });
});
