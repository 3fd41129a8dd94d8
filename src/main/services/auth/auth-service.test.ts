import { Agent, request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthState } from '../../../shared/ipc/contract';
import type { Logger } from '../logger';
import { AuthService, type AuthServiceOptions } from './auth-service';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { startFakeIdentityService, waitUntil, type FakeIdentityService } from '../../test-support/fake-identity-service';
import { MemoryTokenStore, type StoredTokens, type TokenStore } from './token-store';

const clientId = 'abcdefghijklmnopqrstuvwxyz0123';
const clientSecret = 'secret-0123456789abcdefghijklm';
const requestedScopes = ['channel:read:redemptions', 'user:read:broadcast', 'channel:read:charity'];

let fake: FakeIdentityService;
let agent: Agent;
let clock: FakeClock;
let store: MemoryTokenStore;
let logLines: string[];
let states: AuthState[];
let opened: string[];
const services: AuthService[] = [];

function recordingLogger(): Logger {
  // Records raw arguments, before any redaction: the service itself must never pass a secret.
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => logLines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

async function setup(opts: { secret?: string | null } = {}) {
  const secret = opts.secret === undefined ? clientSecret : opts.secret;
  fake = await startFakeIdentityService({ clientId, clientSecret: secret });
  agent = new Agent();
  clock = createFakeClock();
  store = new MemoryTokenStore();
  logLines = [];
  states = [];
  opened = [];
  return secret;
}

function createService(overrides: Partial<AuthServiceOptions> = {}, secret: string | null = clientSecret): AuthService {
  const service = new AuthService({
    endpoints: { authUrl: fake.url, apiBaseUrl: fake.url },
    clientId,
    clientSecret: secret,
    redirectUri: 'http://127.0.0.1:0/auth/callback',
    scopes: requestedScopes,
    tokenStore: store,
    openUrl: async (url) => {
      opened.push(url);
      return true;
    },
    logger: recordingLogger(),
    clock,
    ...overrides,
  });
  service.onChange((s) => states.push(s));
  services.push(service);
  return service;
}

/** Plays the browser: asks the authorize page, follows its redirect, runs the fragment relay if any. */
async function browse(authorizeUrl: string): Promise<{ status: number; text: string }> {
  const consent = await request(authorizeUrl, { dispatcher: agent });
  await consent.body.dump();
  const target = new URL(String(consent.headers.location));
  const fragment = target.hash.slice(1);
  target.hash = '';
  const landing = await request(target, { dispatcher: agent });
  const landingText = await landing.body.text();
  if (!fragment) return { status: landing.statusCode, text: landingText };
  const relay = await request(target, {
    method: 'POST',
    body: fragment,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
    dispatcher: agent,
  });
  return { status: relay.statusCode, text: await relay.body.text() };
}

function storedFor(tokens: { accessToken: string; refreshToken: string | null }, extra: Partial<StoredTokens> = {}): StoredTokens {
  return {
    ...tokens,
    expiresAt: null,
    scopes: ['channel:read:redemptions', 'user:read:broadcast'],
    clientId,
    userId: '141981764',
    login: 'demo_streamer',
    ...extra,
  };
}

function expectNoSecretsLeaked() {
  const visible = JSON.stringify(states) + logLines.join('\n');
  for (const secret of fake.secrets) expect(visible).not.toContain(secret);
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
  await agent?.close();
  await fake?.close();
});

describe('AuthService loopback sign-in (confidential client: authorization code)', () => {
  beforeEach(() => setup());

  it('goes pending, exchanges the code, loads the account and saves the tokens', async () => {
    const service = createService();
    const pending = await service.signIn('loopback');
    expect(pending.status).toBe('signingIn');
    expect(pending.pending).toMatchObject({ flow: 'loopback', openedBy: 'main' });
    const authorizeUrl = new URL(pending.pending!.flow === 'loopback' ? pending.pending!.authorizeUrl : '');
    expect(opened).toEqual([authorizeUrl.href]);
    expect(authorizeUrl.pathname).toBe('/oauth2/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(clientId);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')).toBe(requestedScopes.join(' '));
    expect(authorizeUrl.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/);

    const page = await browse(authorizeUrl.href);
    expect(page.text).toContain('You can close this tab and return to Sidestage');
    await waitUntil(() => service.getState().status === 'signedIn', 5000, 'signedIn');

    const state = service.getState();
    expect(state).toMatchObject({
      status: 'signedIn',
      account: { id: '141981764', login: 'demo_streamer', displayName: 'Demo_Streamer', broadcasterType: 'affiliate', profileImageUrl: 'https://static.example/demo.png' },
      scopes: ['channel:read:redemptions', 'user:read:broadcast'],
      missingScopes: ['channel:read:charity'],
      pending: null,
      error: null,
    });
    expect(state.lastValidatedAt).not.toBeNull();

    const exchange = fake.requests.find((r) => r.path === '/oauth2/token')!;
    expect(exchange.method).toBe('POST');
    expect(exchange.query.get('grant_type')).toBe('authorization_code');
    expect(exchange.query.get('client_secret')).toBe(clientSecret);
    expect(exchange.query.get('redirect_uri')).toBe(authorizeUrl.searchParams.get('redirect_uri'));
    expect(fake.requests.find((r) => r.path === '/helix/users')!.clientIdHeader).toBe(clientId);

    const saved = await store.load();
    expect(saved).toMatchObject({ clientId, userId: '141981764', login: 'demo_streamer', scopes: state.scopes });
    expect(saved!.refreshToken).toMatch(/^rt_/);
    expect(await service.getAccessToken()).toBe(saved!.accessToken);
    expectNoSecretsLeaked();
  });

  it('says the renderer must open the page when main cannot', async () => {
    const service = createService({ openUrl: async () => false });
    const pending = await service.signIn('loopback');
    expect(pending.pending).toMatchObject({ flow: 'loopback', openedBy: 'renderer' });
  });

  it('returns to signedOut with the reason when the user cancels in the browser', async () => {
    fake.behaviour.authorize = 'deny';
    const service = createService();
    const pending = await service.signIn('loopback');
    const page = await browse(opened[0]!);
    expect(page.text).toContain('cancelled');
    await waitUntil(() => service.getState().status === 'signedOut');
    expect(service.getState()).toMatchObject({ pending: null, error: 'The sign-in was cancelled in the browser.' });
    expect(pending.status).toBe('signingIn');
  });

  it('cancelSignIn closes the listener and goes back to signedOut', async () => {
    const service = createService();
    await service.signIn('loopback');
    const redirect = new URL(opened[0]!).searchParams.get('redirect_uri')!;
    const state = await service.cancelSignIn();
    expect(state).toMatchObject({ status: 'signedOut', pending: null, error: null });
    await expect(request(redirect, { dispatcher: agent })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('a new signIn cancels the pending one', async () => {
    const service = createService();
    await service.signIn('loopback');
    await service.signIn('loopback');
    expect(opened).toHaveLength(2);
    const first = new URL(opened[0]!).searchParams.get('redirect_uri')!;
    await expect(request(first, { dispatcher: agent })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await browse(opened[1]!);
    await waitUntil(() => service.getState().status === 'signedIn');
  });

  it('times out after signInTimeoutMs', async () => {
    const service = createService({ signInTimeoutMs: 60_000 });
    const pending = await service.signIn('loopback');
    expect(pending.pending!.expiresAt).toBe(new Date(clock.now() + 60_000).toISOString());
    clock.advance(60_000);
    await waitUntil(() => service.getState().status === 'signedOut');
    expect(service.getState().error).toMatch(/timed out/);
  });

  it('reports a refused code exchange in words', async () => {
    const service = createService({ clientSecret: 'wrong-secret' });
    await service.signIn('loopback');
    await browse(opened[0]!);
    await waitUntil(() => service.getState().error !== null);
    expect(service.getState()).toMatchObject({ status: 'signedOut', error: 'The platform refused the sign-in: Invalid authorization code.' });
  });
});

describe('AuthService loopback sign-in (public client: implicit grant)', () => {
  it('takes the token from the fragment relay; there is no refresh token', async () => {
    await setup({ secret: null });
    const service = createService({}, null);
    await service.signIn('loopback');
    expect(new URL(opened[0]!).searchParams.get('response_type')).toBe('token');
    const relay = await browse(opened[0]!);
    expect(relay.status).toBe(200);
    await waitUntil(() => service.getState().status === 'signedIn');
    expect(await store.load()).toMatchObject({ refreshToken: null, login: 'demo_streamer' });
    expect(fake.count('/oauth2/token')).toBe(0);

    // Such a token cannot be renewed: a 401 means signing in again.
    const token = await service.getAccessToken();
    await expect(service.refreshAfterUnauthorized(token)).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
    expect(service.getState().status).toBe('needsSignIn');
    expect(await store.load()).toBeNull();
    expectNoSecretsLeaked();
  });
});

describe('AuthService token checks', () => {
  it('refuses a token issued to another application and keeps nothing', async () => {
    await setup({ secret: null });
    fake.behaviour.validateAsClientId = 'someotherapplicationclientid00';
    const service = createService({}, null);
    await service.signIn('loopback');
    await browse(opened[0]!);
    await waitUntil(() => service.getState().error !== null);
    expect(service.getState()).toMatchObject({ status: 'signedOut', error: expect.stringContaining('issued to another application') });
    expect(await store.load()).toBeNull();
  });
});

describe('AuthService device-code sign-in', () => {
  beforeEach(() => setup());

  it('polls at the interval through authorization_pending until the grant', async () => {
    fake.behaviour.devicePendingPolls = 2;
    const service = createService();
    const pending = await service.signIn('device');
    expect(pending).toMatchObject({ status: 'signingIn', pending: { flow: 'device', userCode: 'ABCDEFGH', verificationUri: `${fake.url}/activate?device-code=ABCDEFGH` } });
    const device = fake.requests.find((r) => r.path === '/oauth2/device')!;
    expect(device.form.get('scopes')).toBe(requestedScopes.join(' '));

    for (let poll = 1; poll <= 3; poll++) {
      await waitUntil(() => clock.pendingTimers() === 1, 5000, `poll ${poll} scheduled`);
      clock.advance(4_999);
      expect(fake.count('/oauth2/token')).toBe(poll - 1);
      clock.advance(1);
      await waitUntil(() => fake.count('/oauth2/token') === poll, 5000, `poll ${poll}`);
    }
    await waitUntil(() => service.getState().status === 'signedIn');
    const poll = fake.requests.find((r) => r.path === '/oauth2/token')!;
    expect(poll.query.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
    expect(poll.query.get('device_code')).toBe('device-code-1');
    expect(service.getState().account?.displayName).toBe('Demo_Streamer');
    expectNoSecretsLeaked();
  });

  it('stops when the code expires', async () => {
    fake.behaviour.devicePendingPolls = 1000;
    fake.behaviour.deviceExpiresIn = 10;
    const service = createService();
    await service.signIn('device');
    for (let i = 0; i < 3 && service.getState().status === 'signingIn'; i++) {
      await waitUntil(() => clock.pendingTimers() === 1 || service.getState().status !== 'signingIn');
      clock.advance(5_000);
    }
    await waitUntil(() => service.getState().status === 'signedOut');
    expect(service.getState().error).toMatch(/expired/);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('cancelSignIn stops polling', async () => {
    fake.behaviour.devicePendingPolls = 1000;
    const service = createService();
    await service.signIn('device');
    await service.cancelSignIn();
    expect(clock.pendingTimers()).toBe(0);
    expect(service.getState()).toMatchObject({ status: 'signedOut', pending: null });
  });

  it('rejects signIn with the platform refusal in words', async () => {
    const service = createService({ clientId: 'unknownclientid000000000000000' });
    await expect(service.signIn('device')).rejects.toMatchObject({ code: 'sign_in_failed', message: 'The platform refused the sign-in: invalid client.' });
    expect(service.getState()).toMatchObject({ status: 'signedOut', error: 'The platform refused the sign-in: invalid client.' });
  });
});

describe('AuthService session: start, validation, refresh, sign-out', () => {
  beforeEach(() => setup());

  it('starts signed out without saved tokens', async () => {
    const service = createService();
    await service.start();
    expect(service.getState().status).toBe('signedOut');
    await expect(service.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(fake.requests).toHaveLength(0);
  });

  it('validates saved tokens at start and every hour, and loads the account', async () => {
    await store.save(storedFor(fake.mint()));
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn', account: { displayName: 'Demo_Streamer' }, missingScopes: ['channel:read:charity'], error: null });
    expect(service.getState().lastValidatedAt).toBe(new Date(clock.now()).toISOString());
    expect(fake.count('/oauth2/validate')).toBe(1);
    expect(fake.requests.find((r) => r.path === '/oauth2/validate')!.authorization).toMatch(/^OAuth at_/);

    clock.advance(60 * 60_000);
    await waitUntil(() => fake.count('/oauth2/validate') === 2);
    await waitUntil(() => service.getState().lastValidatedAt === new Date(clock.now()).toISOString());
  });

  it('refreshes once when validation answers 401, and stores the rotated refresh token', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    fake.expire(minted.accessToken);
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn', error: null });
    const saved = await store.load();
    expect(saved!.accessToken).not.toBe(minted.accessToken);
    expect(saved!.refreshToken).not.toBe(minted.refreshToken);
    expect(fake.count('/oauth2/token')).toBe(1);
    const refresh = fake.requests.find((r) => r.path === '/oauth2/token')!;
    expect(refresh.query.get('grant_type')).toBe('refresh_token');
    expect(refresh.query.get('client_secret')).toBe(clientSecret);
    expectNoSecretsLeaked();
  });

  it('moves to needsSignIn and forgets the tokens when the refresh is refused', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    fake.expire(minted.accessToken);
    fake.behaviour.refresh = 'refuse';
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'needsSignIn', error: 'The platform refused to renew your sign-in (Invalid refresh token). Sign in again.' });
    expect(await store.load()).toBeNull();
    await expect(service.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
  });

  it('keeps the session when the platform cannot be reached, and says so', async () => {
    await store.save(storedFor(fake.mint()));
    fake.behaviour.validate = 'down';
    const service = createService();
    await service.start();
    expect(service.getState().status).toBe('signedIn');
    expect(service.getState().error).toMatch(/^Could not reach the platform: /);
    expect(await store.load()).not.toBeNull();

    fake.behaviour.validate = 'ok';
    clock.advance(60 * 60_000);
    await waitUntil(() => service.getState().error === null && service.getState().lastValidatedAt !== null);
  });

  it('keeps the session when a refresh fails on the network', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    fake.expire(minted.accessToken);
    fake.behaviour.refresh = 'down';
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn' });
    expect(service.getState().error).toMatch(/^Could not reach the platform: /);
    expect(await store.load()).toMatchObject({ accessToken: minted.accessToken });
  });

  it('does not use tokens issued to another client ID', async () => {
    await store.save(storedFor(fake.mint(), { clientId: 'someotherclientid0000000000000' }));
    const service = createService();
    await service.start();
    expect(service.getState().status).toBe('needsSignIn');
    expect(await store.load()).toBeNull();
  });

  it('refreshAfterUnauthorized: concurrent callers share one refresh; a stale token gets the new one', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    const results = await Promise.all([1, 2, 3, 4].map(() => service.refreshAfterUnauthorized(minted.accessToken)));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe(minted.accessToken);
    expect(fake.count('/oauth2/token')).toBe(1);
    expect((await store.load())!.accessToken).toBe(results[0]);
    // Someone still holding the old token learns the new one without another refresh.
    expect(await service.refreshAfterUnauthorized(minted.accessToken)).toBe(results[0]);
    expect(fake.count('/oauth2/token')).toBe(1);
  });

  it('refreshAfterUnauthorized: a refused refresh means needsSignIn and not_signed_in', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    fake.behaviour.refresh = 'refuse';
    await expect(service.refreshAfterUnauthorized(minted.accessToken)).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
    expect(service.getState().status).toBe('needsSignIn');
  });

  it('refreshAfterUnauthorized: a network failure is a network_error and keeps the session', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    fake.behaviour.refresh = 'down';
    await expect(service.refreshAfterUnauthorized(minted.accessToken)).rejects.toMatchObject({ code: 'network_error' });
    expect(service.getState().status).toBe('signedIn');
    expect(await service.getAccessToken()).toBe(minted.accessToken);
  });

  it('signOut revokes the token and clears the store', async () => {
    const minted = fake.mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    const state = await service.signOut();
    expect(state).toMatchObject({ status: 'signedOut', account: null, scopes: [], error: null });
    expect(fake.revoked).toEqual([minted.accessToken]);
    const revoke = fake.requests.find((r) => r.path === '/oauth2/revoke')!;
    expect(revoke.form.get('client_id')).toBe(clientId);
    expect(await store.load()).toBeNull();
    await expect(service.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('signOut clears the store even when the revoke cannot reach the platform', async () => {
    await store.save(storedFor(fake.mint()));
    const service = createService();
    await service.start();
    fake.behaviour.revoke = 'down';
    expect((await service.signOut()).status).toBe('signedOut');
    expect(await store.load()).toBeNull();
  });

  it('treats a store that fails to load as signed out, and reports a failed save', async () => {
    const broken: TokenStore = {
      description: { kind: 'memory', secure: true, warning: null },
      load: async () => {
        throw new Error('disk gone');
      },
      save: async () => {
        throw new Error('disk full');
      },
      clear: async () => {},
    };
    const service = createService({ tokenStore: broken });
    await service.start();
    expect(service.getState().status).toBe('signedOut');
    await service.signIn('loopback');
    await browse(opened[0]!);
    await waitUntil(() => service.getState().status === 'signedIn');
    await waitUntil(() => service.getState().error !== null);
    expect(service.getState().error).toMatch(/could not save your sign-in/);
  });

  it('says the disk is full when the sign-in cannot be saved for lack of space', async () => {
    const full: TokenStore = {
      description: { kind: 'memory', secure: true, warning: null },
      load: async () => null,
      save: async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
      clear: async () => {},
    };
    const service = createService({ tokenStore: full });
    await service.start();
    await service.signIn('loopback');
    await browse(opened[0]!);
    await waitUntil(() => service.getState().error !== null);
    expect(service.getState().status).toBe('signedIn');
    expect(service.getState().error).toMatch(/disk is full/);
  });

  it('dispose clears its timers and closes a pending listener', async () => {
    const service = createService();
    await service.start();
    await service.signIn('loopback');
    const redirect = new URL(opened[0]!).searchParams.get('redirect_uri')!;
    await service.dispose();
    expect(clock.pendingTimers()).toBe(0);
    await expect(request(redirect, { dispatcher: agent })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
