/**
 * The whole main process in demo mode, driven only through the IPC router as the renderer would:
 * sign in through the real loopback flow against the in-process emulator, read the ingest
 * overview, reveal the stream key, sign out. Everything the renderer could receive (every result
 * and every event) and every log line is recorded, and none may carry a token or the client secret.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, IpcResult } from '../shared/ipc/contract';
import { createSidestage, type Sidestage } from './composition';
import { startDemoSidestage, trustedRenderer as trusted } from './test-support/demo-sidestage';
import { waitUntil } from './test-support/wait-until';
import { createAesFileCipher, encryptedFileDescription } from './services/auth/aes-file-cipher';
import { CipherFileTokenStore, MemoryTokenStore, type StoredTokens } from './services/auth/token-store';
import type { Logger } from './services/logger';
import { MemorySettingsStore } from './services/settings/settings-store';

let received: unknown[] = [];
const logged: unknown[] = [];
const tokenStore = new MemoryTokenStore();
const seenTokens: StoredTokens[] = [];
const recordingLogger: Logger = Object.fromEntries(
  (['debug', 'info', 'warn', 'error'] as const).map((level) => [level, (message: string, fields?: unknown) => logged.push([message, fields])]),
) as unknown as Logger;

let sidestage: Sidestage;
let disposeDemo: (() => Promise<void>) | undefined;
let revealedKey = '';

async function call(channel: Channel, arg?: unknown): Promise<IpcResult<unknown>> {
  const result = await sidestage.router.dispatch(channel, arg, trusted);
  received.push(result);
  return result;
}

beforeAll(async () => {
  // Keep every token the store ever saw, to look for them later.
  const save = tokenStore.save.bind(tokenStore);
  tokenStore.save = async (tokens) => {
    seenTokens.push(tokens);
    await save(tokens);
  };
  const demo = await startDemoSidestage({ name: 'composition', demoTokenStore: tokenStore, logger: recordingLogger });
  ({ sidestage, received, dispose: disposeDemo } = demo);
});

afterAll(async () => {
  await disposeDemo?.();
});

describe('Sidestage main in demo mode', () => {
  it('keeps demo sign-ins out of the persistent store: the emulator is new at every start', async () => {
    const demoDir = await mkdtemp(join(tmpdir(), 'sidestage-composition-demo-'));
    const persistent = new CipherFileTokenStore(join(demoDir, 'tokens.enc'), createAesFileCipher(join(demoDir, 'token.key')), encryptedFileDescription);
    const other = await createSidestage({ transport: 'dock', dataDir: demoDir, version: 'test', env: {}, demo: true, tokenStore: persistent, settings: new MemorySettingsStore(), openUrl: async () => false, logger: recordingLogger });
    try {
      expect(await other.router.dispatch('app:getInfo', undefined, trusted)).toMatchObject({ ok: true, value: { tokenStorage: { kind: 'memory' }, demoForced: true } });
      // Forced into the demo, a saved client ID changes nothing at the next start either.
      expect(await other.router.dispatch('app:setPlatform', { clientId: 'abcdefghij0123456789abcdefghij' }, trusted)).toMatchObject({ ok: true, value: { restartRequired: false } });
    } finally {
      await other.dispose();
      await rm(demoDir, { recursive: true, force: true });
    }
  });

  it('starts with every contract channel handled and signed out', async () => {
    expect(sidestage.router.missingHandlers()).toEqual([]);
    expect(await call('auth:getState')).toMatchObject({ ok: true, value: { status: 'signedOut' } });
    expect(await call('app:getInfo')).toMatchObject({ ok: true, value: { mode: 'demo', transport: 'dock' } });
  });

  it('saves a client ID for the next start, never a malformed one, and goes back to the demo', async () => {
    expect(await call('app:setPlatform', { clientId: 'Not A Client Id' })).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('30 lower-case') } });
    expect(await call('app:setPlatform', { clientId: 'abcdefghij0123456789abcdefghij' })).toMatchObject({
      ok: true,
      value: { mode: 'demo', savedClientId: 'abcdefghij0123456789abcdefghij', restartRequired: true },
    });
    expect(await call('app:setPlatform', { clientId: null })).toMatchObject({ ok: true, value: { savedClientId: null, restartRequired: false } });
  });

  it('refuses to reveal the stream key before sign-in, in words', async () => {
    expect(await call('ingest:revealStreamKey', { purpose: 'reveal' })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in', message: 'Sign in to read your stream key.' },
    });
  });

  it('signs in through the loopback flow and shows the ranked servers with the key masked', async () => {
    const started = await call('auth:signIn', { flow: 'loopback' });
    expect(started).toMatchObject({ ok: true, value: { status: 'signingIn', pending: { flow: 'loopback', openedBy: 'main' } } });
    await waitUntil(() => received.some((r) => Array.isArray(r) && r[0] === 'auth:changed' && (r[1] as { status: string }).status === 'signedIn'), 10_000, 'signed in');
    expect(await call('auth:getState')).toMatchObject({ ok: true, value: { status: 'signedIn', account: { login: 'sidestage_demo' }, missingScopes: [] } });

    const probed = await call('ingest:probe');
    expect(probed.ok).toBe(true);
    if (!probed.ok) return;
    const overview = probed.value as { servers: { probe: { status: string } }[]; recommendedId: number; maskedUrl: string };
    expect(overview.servers[0]?.probe.status).toBe('ok');
    expect(overview.servers.at(-1)?.probe.status).toBe('unreachable');
    await waitUntil(() => received.some((r) => Array.isArray(r) && r[0] === 'ingest:changed' && (r[1] as { maskedUrl: string | null }).maskedUrl), 10_000, 'masked URL');
  });

  it('reveals the stream key only when asked', async () => {
    const revealed = await call('ingest:revealStreamKey', { purpose: 'reveal' });
    expect(revealed).toMatchObject({ ok: true, value: { streamKey: expect.stringMatching(/^live_501234567_/) } });
    received.pop(); // the one answer allowed to carry the key
    if (revealed.ok) revealedKey = (revealed.value as { streamKey: string }).streamKey;
  });

  it('shows the signed-in broadcaster’s channel in the live panels', async () => {
    await waitUntil(() => sidestage.live.stream.getStatus().checkedAt !== null && sidestage.live.chatSettings.getState().values !== null, 10_000, 'live panels read');
    expect(await call('stream:getStatus')).toMatchObject({ ok: true, value: { title: expect.stringMatching(/\S/) } });
  });

  it('signs out and revokes', async () => {
    expect(await call('auth:signOut')).toMatchObject({ ok: true, value: { status: 'signedOut' } });
    expect(await tokenStore.load()).toBeNull();
  });

  it('after sign-out every panel forgets the account: stream status, chat settings, the stream key', async () => {
    expect(await call('stream:getStatus')).toMatchObject({ ok: true, value: { live: false, title: '', checkedAt: null } });
    expect(await call('chatSettings:get')).toMatchObject({ ok: true, value: { values: null } });
    expect(await call('ingest:revealStreamKey', { purpose: 'reveal' })).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });

  it('never let a token, the client secret or the stream key reach the renderer or a log', () => {
    expect(seenTokens.length).toBeGreaterThan(0);
    expect(revealedKey).not.toBe('');
    const secrets = [
      ...seenTokens.flatMap((t) => [t.accessToken, t.refreshToken ?? '']),
      sidestage.config.clientSecret ?? '',
      revealedKey,
    ].filter((s) => s.length > 0);
    const everything = JSON.stringify([received, logged]);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
