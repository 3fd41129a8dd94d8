/**
 * The real loopback sign-in against the platform emulator: authorize (auto-approved), redirect to
 * the loopback listener, code exchange, validation, a refresh after the emulator's clock moves past
 * the token's lifetime, and sign-out with revocation.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient } from '../../../emulator/simulation-client';
import { ApiClient } from '../api/api-client';
import { silentLogger } from '../logger';
import { createAesFileCipher, encryptedFileDescription } from './aes-file-cipher';
import { AuthService } from './auth-service';
import { createFakeClock } from '../../test-support/fake-clock';
import { freePort } from '../../test-support/free-port';
import { waitUntil } from '../../test-support/wait-until';
import { CipherFileTokenStore, MemoryTokenStore } from './token-store';

const scopes = ['channel:read:redemptions', 'user:read:broadcast', 'channel:read:charity'];

describe('AuthService against the emulator', () => {
  let emulator: RunningEmulator;
  let agent: Agent;
  let dir: string;
  let redirectUri: string;

  beforeAll(async () => {
    redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
    emulator = await startEmulator({ port: 0, seed: 'demo', autoApprove: true, demoRedirectUris: [redirectUri] });
    agent = new Agent();
    dir = await mkdtemp(join(tmpdir(), 'sidestage-auth-it-'));
  });

  afterAll(async () => {
    await agent?.close();
    await emulator?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('signs in through the loopback flow, validates, refreshes after expiry and signs out', async () => {
    const demo = emulator.demo!;
    const tokenPath = join(dir, 'tokens.enc');
    const store = new CipherFileTokenStore(tokenPath, createAesFileCipher(join(dir, 'token.key')), encryptedFileDescription);
    const browserPages: string[] = [];
    const auth = new AuthService({
      endpoints: { authUrl: emulator.url, apiBaseUrl: emulator.url },
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      redirectUri,
      scopes,
      tokenStore: store,
      // The "browser": ask the consent page (auto-approved) and follow its redirect to the listener.
      openUrl: async (url) => {
        const consent = await request(url, { dispatcher: agent });
        await consent.body.dump();
        expect(consent.statusCode).toBe(302);
        const landing = await request(String(consent.headers.location), { dispatcher: agent });
        browserPages.push(await landing.body.text());
        return true;
      },
      logger: silentLogger,
    });
    try {
      await auth.start();
      expect(auth.getState().status).toBe('signedOut');

      await auth.signIn('loopback');
      await waitUntil(() => auth.getState().status !== 'signingIn', 10_000, 'sign-in to finish');
      const signedIn = auth.getState();
      expect(signedIn).toMatchObject({
        status: 'signedIn',
        account: { id: demo.broadcaster.id, login: demo.broadcaster.login, broadcasterType: 'partner' },
        missingScopes: [],
        error: null,
      });
      expect([...signedIn.scopes].sort()).toEqual([...scopes].sort());
      expect(browserPages[0]).toContain('You can close this tab and return to Sidestage');

      const firstToken = await auth.getAccessToken();
      expect((await readFile(tokenPath)).includes(Buffer.from(firstToken))).toBe(false);

      const api = new ApiClient({ baseUrl: emulator.url, clientId: demo.clientId, auth, logger: silentLogger, dispatcher: agent });
      const me = await api.get<{ data: { login: string }[] }>('/helix/users');
      expect(me.data[0]!.login).toBe(demo.broadcaster.login);

      // Hourly validation path: still valid now.
      await auth.validateNow();
      expect(auth.getState()).toMatchObject({ status: 'signedIn', error: null });

      // Move the platform's clock past the token's lifetime: validation answers 401, one refresh follows.
      await createSimulationClient({ baseUrl: emulator.url }).advanceClock(24 * 3600);
      await auth.validateNow();
      const secondToken = await auth.getAccessToken();
      expect(secondToken).not.toBe(firstToken);
      expect(auth.getState()).toMatchObject({ status: 'signedIn', error: null });
      expect((await store.load())!.accessToken).toBe(secondToken);

      // The API client, still holding the old token, gets the new one without another refresh.
      expect(await auth.refreshAfterUnauthorized(firstToken)).toBe(secondToken);
      expect((await api.get<{ data: { id: string }[] }>('/helix/users')).data[0]!.id).toBe(demo.broadcaster.id);

      const out = await auth.signOut();
      expect(out.status).toBe('signedOut');
      expect(await store.load()).toBeNull();
      const check = await request(`${emulator.url}/oauth2/validate`, { headers: { authorization: `OAuth ${secondToken}` }, dispatcher: agent });
      await check.body.dump();
      expect(check.statusCode).toBe(401);
    } finally {
      await auth.dispose();
    }
  });

  it('signs a public client in with the implicit flow through the fragment relay', async () => {
    const demo = emulator.demo!;
    const auth = new AuthService({
      endpoints: { authUrl: emulator.url, apiBaseUrl: emulator.url },
      clientId: demo.publicClientId,
      clientSecret: null,
      redirectUri,
      scopes,
      tokenStore: new MemoryTokenStore(),
      openUrl: async (url) => {
        const consent = await request(url, { dispatcher: agent });
        await consent.body.dump();
        const target = new URL(String(consent.headers.location));
        const fragment = target.hash.slice(1);
        target.hash = '';
        const relayPage = await request(target, { dispatcher: agent });
        expect(await relayPage.body.text()).toContain('location.hash');
        // What the relay page's script does in a browser.
        const posted = await request(target, {
          method: 'POST',
          body: fragment,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
          dispatcher: agent,
        });
        await posted.body.dump();
        return true;
      },
      logger: silentLogger,
    });
    try {
      await auth.signIn('loopback');
      await waitUntil(() => auth.getState().status !== 'signingIn', 10_000, 'sign-in to finish');
      expect(auth.getState()).toMatchObject({ status: 'signedIn', account: { login: demo.broadcaster.login }, error: null });
    } finally {
      await auth.dispose();
    }
  });

  it('signs in with the device flow (auto-approved), polling on an injected clock', async () => {
    const demo = emulator.demo!;
    const clock = createFakeClock();
    const auth = new AuthService({
      endpoints: { authUrl: emulator.url, apiBaseUrl: emulator.url },
      clientId: demo.publicClientId,
      clientSecret: null,
      redirectUri,
      scopes,
      tokenStore: new MemoryTokenStore(),
      openUrl: async () => true,
      logger: silentLogger,
      clock,
    });
    try {
      const pending = await auth.signIn('device');
      expect(pending.pending).toMatchObject({ flow: 'device' });
      for (let i = 0; i < 5 && auth.getState().status === 'signingIn'; i++) {
        await waitUntil(() => clock.pendingTimers() > 0 || auth.getState().status !== 'signingIn', 10_000, 'next poll');
        clock.advance(10_000);
        await waitUntil(() => clock.pendingTimers() > 0 || auth.getState().status !== 'signingIn', 10_000, 'poll answer');
      }
      expect(auth.getState()).toMatchObject({ status: 'signedIn', account: { login: demo.broadcaster.login }, error: null });
    } finally {
      await auth.dispose();
    }
  });
});
