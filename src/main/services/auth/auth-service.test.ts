/**
 * AuthService against the platform emulator (its identity service, with its faults and its clock);
 * the service's own timers run on a fake clock. Every request the service sends is recorded
 * through its dispatcher.
 */
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient, type SimulationClient } from '../../../emulator/simulation-client';
import type { AuthState } from '../../../shared/ipc/contract';
import { setListenerErrorReporter } from '../../../shared/primitives/emitter';
import { AuthService, type AuthServiceOptions } from './auth-service';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { createRecordingDispatcher, type RecordingDispatcher } from '../../test-support/recording-dispatcher';
import { freePort } from '../../test-support/free-port';
import { waitUntil } from '../../test-support/wait-until';
import { MemoryTokenStore, type StoredTokens, type TokenStore } from './token-store';

const requestedScopes = ['channel:read:redemptions', 'user:read:broadcast', 'channel:read:charity'];
/** What the emulator's consent grants in these tests: less than asked, so that a missing scope shows. */
const grantedScopes = ['channel:read:redemptions', 'user:read:broadcast'];

let emulator: RunningEmulator;
let sim: SimulationClient;
let agent: Agent;
let recorder: RecordingDispatcher;
let clock: FakeClock;
let store: MemoryTokenStore;
let logger: ReturnType<typeof recordingLogger>;
let states: AuthState[];
let opened: string[];
let client: { clientId: string; clientSecret: string | null; redirectUri: string };
let user: { id: string; login: string };
const services: AuthService[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'empty' });
  sim = createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 });
  agent = new Agent();
});

afterAll(async () => {
  await agent?.close();
  await emulator?.close();
});

/** Injects a fault on one identity path (`drop_connection` or a `status`), until cleared. */
const fault = (path: string, what: { drop_connection: true } | { status: number }) => sim.addFault({ path: `^${path}$`, ...what });
const clearFaults = () => sim.clearFaults();

/** A fresh client (confidential, or public without a secret) and a fresh user, per test. */
async function setup(opts: { secret?: boolean } = {}) {
  await sim.reset();
  await sim.settings({ auto_approve: true });
  const redirectUri = `http://127.0.0.1:${await freePort()}/auth/callback`;
  const created = await sim.createClient({
    name: 'Sidestage test',
    redirect_uris: [redirectUri],
    type: opts.secret === false ? 'public' : 'confidential',
  });
  client = { clientId: created.client_id, clientSecret: opts.secret === false ? null : (created.client_secret ?? null), redirectUri };
  const made = await sim.createUser({ login: 'demo_streamer', display_name: 'Demo_Streamer', broadcaster_type: 'affiliate' });
  user = { id: made.id, login: made.login };
  await sim.settings({ default_user_id: user.id });
  recorder = createRecordingDispatcher();
  clock = createFakeClock();
  store = new MemoryTokenStore();
  // Records raw arguments, before any redaction: the service itself must never pass a secret.
  logger = recordingLogger();
  states = [];
  opened = [];
}

function createService(overrides: Partial<AuthServiceOptions> = {}): AuthService {
  const service = new AuthService({
    endpoints: { authUrl: emulator.url, apiBaseUrl: emulator.url },
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: client.redirectUri,
    scopes: requestedScopes,
    tokenStore: store,
    openUrl: async (url) => {
      opened.push(url);
      return true;
    },
    logger,
    clock,
    dispatcher: recorder.dispatcher,
    ...overrides,
  });
  service.onChange((s) => states.push(s));
  services.push(service);
  return service;
}

/** The consent page's answer for the scopes the tests grant (the emulator grants what is asked). */
function consentUrl(authorizeUrl: string): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set('scope', grantedScopes.join(' '));
  return url.href;
}

/**
 * Plays the browser: asks the authorize page (auto-approved, or Cancel pressed), follows its
 * redirect, runs the fragment relay if any; `forge` may replace the fragment's token.
 */
async function browse(authorizeUrl: string, opts: { cancel?: boolean; forgeToken?: string } = {}): Promise<{ status: number; text: string }> {
  const url = new URL(consentUrl(authorizeUrl));
  const consent = opts.cancel
    ? await request(`${url.origin}${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([...url.searchParams, ['decision', 'cancel']]).toString(),
        dispatcher: agent,
      })
    : await request(url, { dispatcher: agent });
  await consent.body.dump();
  const target = new URL(String(consent.headers.location));
  let fragment = target.hash.slice(1);
  target.hash = '';
  const landing = await request(target, { dispatcher: agent });
  const landingText = await landing.body.text();
  if (!fragment) return { status: landing.statusCode, text: landingText };
  if (opts.forgeToken) {
    const params = new URLSearchParams(fragment);
    params.set('access_token', opts.forgeToken);
    fragment = params.toString();
  }
  const relay = await request(target, {
    method: 'POST',
    body: fragment,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.origin },
    dispatcher: agent,
  });
  return { status: relay.statusCode, text: await relay.body.text() };
}

/** A token of the test's user from the simulation API, as if a sign-in had happened earlier. */
async function mint(opts: { clientId?: string; expiresIn?: number } = {}): Promise<{ accessToken: string; refreshToken: string }> {
  const t = await sim.mintToken({
    client_id: opts.clientId ?? client.clientId,
    user_id: user.id,
    scopes: grantedScopes,
    ...(opts.expiresIn === undefined ? {} : { expires_in: opts.expiresIn }),
  });
  return { accessToken: t.access_token, refreshToken: t.refresh_token };
}

/** The platform's clock passes the minted token's lifetime: it no longer validates. */
async function mintExpired(): Promise<{ accessToken: string; refreshToken: string }> {
  const minted = await mint({ expiresIn: 60 });
  await sim.advanceClock(120);
  return minted;
}

function storedFor(tokens: { accessToken: string; refreshToken: string | null }, extra: Partial<StoredTokens> = {}): StoredTokens {
  return { ...tokens, expiresAt: null, scopes: grantedScopes, clientId: client.clientId, userId: user.id, login: user.login, ...extra };
}

async function expectNoSecretsLeaked() {
  const visible = JSON.stringify(states) + JSON.stringify(logger.lines);
  const secrets = recorder.secrets();
  if (client.clientSecret) secrets.add(client.clientSecret);
  const saved = await store.load();
  if (saved) {
    secrets.add(saved.accessToken);
    if (saved.refreshToken) secrets.add(saved.refreshToken);
  }
  expect(secrets.size).toBeGreaterThan(0);
  for (const secret of secrets) expect(visible).not.toContain(secret);
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
  await recorder?.close();
  await clearFaults();
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
    expect(authorizeUrl.searchParams.get('client_id')).toBe(client.clientId);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')).toBe(requestedScopes.join(' '));
    expect(authorizeUrl.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(client.redirectUri);

    const page = await browse(authorizeUrl.href);
    expect(page.text).toContain('You can close this tab and return to Sidestage');
    await waitUntil(() => service.getState().status === 'signedIn', 5000, 'signedIn');

    const state = service.getState();
    expect(state).toMatchObject({
      status: 'signedIn',
      account: { id: user.id, login: 'demo_streamer', displayName: 'Demo_Streamer', broadcasterType: 'affiliate', profileImageUrl: expect.any(String) },
      scopes: ['channel:read:redemptions', 'user:read:broadcast'],
      missingScopes: ['channel:read:charity'],
      pending: null,
      error: null,
    });
    expect(state.lastValidatedAt).not.toBeNull();

    const exchange = recorder.find('/oauth2/token')!;
    expect(exchange.method).toBe('POST');
    expect(exchange.query.get('grant_type')).toBe('authorization_code');
    expect(exchange.query.get('client_secret')).toBe(client.clientSecret);
    expect(exchange.query.get('redirect_uri')).toBe(authorizeUrl.searchParams.get('redirect_uri'));
    expect(recorder.find('/helix/users')!.clientIdHeader).toBe(client.clientId);

    const saved = await store.load();
    expect(saved).toMatchObject({ clientId: client.clientId, userId: user.id, login: 'demo_streamer', scopes: state.scopes });
    expect(saved!.refreshToken).toEqual(expect.stringMatching(/.{16,}/));
    expect(await service.getAccessToken()).toBe(saved!.accessToken);
    await expectNoSecretsLeaked();
  });

  it('says the renderer must open the page when main cannot', async () => {
    const service = createService({ openUrl: async () => false });
    const pending = await service.signIn('loopback');
    expect(pending.pending).toMatchObject({ flow: 'loopback', openedBy: 'renderer' });
  });

  it('returns to signedOut with the reason when the user cancels in the browser', async () => {
    const service = createService();
    const pending = await service.signIn('loopback');
    const page = await browse(opened[0]!, { cancel: true });
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
    // The registered redirect URI has one port, so the second listener took it over: the first
    // attempt's answer (its state) is refused there, and changes nothing.
    const stale = await browse(opened[0]!);
    expect(stale.status).toBe(400);
    expect(service.getState().status).toBe('signingIn');
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
    expect(service.getState()).toMatchObject({ status: 'signedOut', error: 'The platform refused the sign-in: invalid client secret.' });
  });
});

describe('AuthService loopback sign-in (public client: implicit grant)', () => {
  it('takes the token from the fragment relay; there is no refresh token', async () => {
    await setup({ secret: false });
    const service = createService();
    await service.signIn('loopback');
    expect(new URL(opened[0]!).searchParams.get('response_type')).toBe('token');
    const relay = await browse(opened[0]!);
    expect(relay.status).toBe(200);
    await waitUntil(() => service.getState().status === 'signedIn');
    expect(await store.load()).toMatchObject({ refreshToken: null, login: 'demo_streamer' });
    expect(recorder.count('/oauth2/token')).toBe(0);

    // Such a token cannot be renewed: a 401 means signing in again.
    const token = await service.getAccessToken();
    await expect(service.refreshAfterUnauthorized(token)).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
    expect(service.getState().status).toBe('needsSignIn');
    expect(await store.load()).toBeNull();
    await expectNoSecretsLeaked();
  });
});

describe('AuthService token checks', () => {
  it('refuses a token issued to another application and keeps nothing', async () => {
    await setup({ secret: false });
    // A page that reaches the loopback listener with the right state, carrying a token made for another application.
    const other = await sim.createClient({ name: 'Another app', redirect_uris: ['http://127.0.0.1:1/cb'], type: 'public' });
    const forged = await mint({ clientId: other.client_id });
    const service = createService();
    await service.signIn('loopback');
    await browse(opened[0]!, { forgeToken: forged.accessToken });
    await waitUntil(() => service.getState().error !== null);
    expect(service.getState()).toMatchObject({ status: 'signedOut', error: expect.stringContaining('issued to another application') });
    expect(await store.load()).toBeNull();
  });
});

describe('AuthService device-code sign-in', () => {
  beforeEach(() => setup());

  it('polls at the interval through authorization_pending until the grant', async () => {
    await sim.settings({ auto_approve: false });
    const service = createService();
    const pending = await service.signIn('device');
    const userCode = pending.pending?.flow === 'device' ? pending.pending.userCode : '';
    expect(pending).toMatchObject({ status: 'signingIn', pending: { flow: 'device', verificationUri: `${emulator.url}/activate?device-code=${userCode}` } });
    expect(userCode).toMatch(/^[A-Z0-9]{8}$/);
    const device = recorder.find('/oauth2/device')!;
    expect(device.form.get('scopes')).toBe(requestedScopes.join(' '));

    for (let poll = 1; poll <= 3; poll++) {
      // The user approves on the platform after two polls were answered authorization_pending.
      if (poll === 3) await sim.approveDevice({ user_code: userCode, user_id: user.id });
      await waitUntil(() => clock.pendingTimers() === 1, 5000, `poll ${poll} scheduled`);
      clock.advance(4_999);
      expect(recorder.count('/oauth2/token')).toBe(poll - 1);
      clock.advance(1);
      await waitUntil(() => recorder.count('/oauth2/token') === poll, 5000, `poll ${poll}`);
    }
    await waitUntil(() => service.getState().status === 'signedIn');
    const poll = recorder.find('/oauth2/token')!;
    expect(poll.query.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
    expect(poll.query.get('device_code')).toEqual(expect.any(String));
    expect(service.getState().account?.displayName).toBe('Demo_Streamer');
    await expectNoSecretsLeaked();
  });

  it('stops when the code expires', async () => {
    await sim.settings({ auto_approve: false });
    const service = createService();
    const pending = await service.signIn('device');
    const expiresAt = Date.parse(pending.pending!.expiresAt);
    await waitUntil(() => clock.pendingTimers() === 1, 5000, 'the first poll scheduled');
    // The first poll (pending), then the clock past the code's lifetime.
    clock.advance(expiresAt - clock.now());
    await waitUntil(() => clock.pendingTimers() === 1 || service.getState().status !== 'signingIn', 5000, 'the next poll scheduled');
    clock.advance(5_000);
    await waitUntil(() => service.getState().status === 'signedOut');
    expect(service.getState().error).toMatch(/expired/);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('cancelSignIn stops polling', async () => {
    await sim.settings({ auto_approve: false });
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
    expect(recorder.requests).toHaveLength(0);
  });

  it('validates saved tokens at start and every hour, and loads the account', async () => {
    const minted = await mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn', account: { displayName: 'Demo_Streamer' }, missingScopes: ['channel:read:charity'], error: null });
    expect(service.getState().lastValidatedAt).toBe(new Date(clock.now()).toISOString());
    expect(recorder.count('/oauth2/validate')).toBe(1);
    expect(recorder.find('/oauth2/validate')!.authorization).toBe(`OAuth ${minted.accessToken}`);

    clock.advance(60 * 60_000);
    await waitUntil(() => recorder.count('/oauth2/validate') === 2);
    await waitUntil(() => service.getState().lastValidatedAt === new Date(clock.now()).toISOString());
  });

  it('refreshes once when validation answers 401, and stores the rotated refresh token', async () => {
    const minted = await mintExpired();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn', error: null });
    const saved = await store.load();
    expect(saved!.accessToken).not.toBe(minted.accessToken);
    expect(saved!.refreshToken).not.toBe(minted.refreshToken);
    expect(recorder.count('/oauth2/token')).toBe(1);
    const refresh = recorder.find('/oauth2/token')!;
    expect(refresh.query.get('grant_type')).toBe('refresh_token');
    expect(refresh.query.get('client_secret')).toBe(client.clientSecret);
    await expectNoSecretsLeaked();
  });

  it('moves to needsSignIn and forgets the tokens when the refresh is refused', async () => {
    const minted = await mintExpired();
    // A refresh token the platform does not know (revoked, or from another install).
    await store.save(storedFor({ ...minted, refreshToken: 'notarefreshtokenthisplatformknows' }));
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'needsSignIn', error: 'The platform refused to renew your sign-in (Invalid refresh token). Sign in again.' });
    expect(await store.load()).toBeNull();
    await expect(service.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
  });

  it('keeps the session when the platform cannot be reached, and says so', async () => {
    await store.save(storedFor(await mint()));
    await fault('/oauth2/validate', { drop_connection: true });
    const service = createService();
    await service.start();
    expect(service.getState().status).toBe('signedIn');
    expect(service.getState().error).toMatch(/^Could not reach the platform: /);
    expect(await store.load()).not.toBeNull();

    await clearFaults();
    clock.advance(60 * 60_000);
    await waitUntil(() => service.getState().error === null && service.getState().lastValidatedAt !== null);
  });

  it('keeps the session when a refresh fails on the network', async () => {
    const minted = await mintExpired();
    await store.save(storedFor(minted));
    await fault('/oauth2/token', { drop_connection: true });
    const service = createService();
    await service.start();
    expect(service.getState()).toMatchObject({ status: 'signedIn' });
    expect(service.getState().error).toMatch(/^Could not reach the platform: /);
    expect(await store.load()).toMatchObject({ accessToken: minted.accessToken });
  });

  it('does not use tokens issued to another client ID', async () => {
    await store.save(storedFor(await mint(), { clientId: 'someotherclientid0000000000000' }));
    const service = createService();
    await service.start();
    expect(service.getState().status).toBe('needsSignIn');
    expect(await store.load()).toBeNull();
  });

  it('refreshAfterUnauthorized: concurrent callers share one refresh; a stale token gets the new one', async () => {
    const minted = await mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    const results = await Promise.all([1, 2, 3, 4].map(() => service.refreshAfterUnauthorized(minted.accessToken)));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe(minted.accessToken);
    expect(recorder.count('/oauth2/token')).toBe(1);
    expect((await store.load())!.accessToken).toBe(results[0]);
    // Someone still holding the old token learns the new one without another refresh.
    expect(await service.refreshAfterUnauthorized(minted.accessToken)).toBe(results[0]);
    expect(recorder.count('/oauth2/token')).toBe(1);
  });

  it('refreshAfterUnauthorized: a refused refresh means needsSignIn and not_signed_in', async () => {
    const minted = await mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    await fault('/oauth2/token', { status: 400 });
    await expect(service.refreshAfterUnauthorized(minted.accessToken)).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
    expect(service.getState().status).toBe('needsSignIn');
  });

  it('refreshAfterUnauthorized: a network failure is a network_error and keeps the session', async () => {
    const minted = await mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    await fault('/oauth2/token', { drop_connection: true });
    await expect(service.refreshAfterUnauthorized(minted.accessToken)).rejects.toMatchObject({ code: 'network_error' });
    expect(service.getState().status).toBe('signedIn');
    expect(await service.getAccessToken()).toBe(minted.accessToken);
  });

  it('signOut revokes the token and clears the store', async () => {
    const minted = await mint();
    await store.save(storedFor(minted));
    const service = createService();
    await service.start();
    const state = await service.signOut();
    expect(state).toMatchObject({ status: 'signedOut', account: null, scopes: [], error: null });
    const revoke = recorder.find('/oauth2/revoke')!;
    expect(revoke.form.get('client_id')).toBe(client.clientId);
    expect(revoke.form.get('token')).toBe(minted.accessToken);
    const check = await request(`${emulator.url}/oauth2/validate`, { headers: { authorization: `OAuth ${minted.accessToken}` }, dispatcher: agent });
    await check.body.dump();
    expect(check.statusCode).toBe(401);
    expect(await store.load()).toBeNull();
    await expect(service.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('signOut clears the store even when the revoke cannot reach the platform', async () => {
    await store.save(storedFor(await mint()));
    const service = createService();
    await service.start();
    await fault('/oauth2/revoke', { drop_connection: true });
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

  it('gives each listener its own copy of the state, and a throwing listener stops no other', async () => {
    const reported: unknown[] = [];
    setListenerErrorReporter((error) => reported.push(error));
    try {
      const service = createService();
      const seen: string[] = [];
      service.onChange((state) => {
        state.status = 'signedOut';
        throw new Error('listener bug');
      });
      service.onChange((state) => seen.push(state.status));
      await service.signIn('loopback');
      expect(seen).toEqual(['signingIn']);
      expect(reported).toEqual([new Error('listener bug')]);
      expect(service.getState().status).toBe('signingIn');
    } finally {
      setListenerErrorReporter((error) => console.error('a listener failed', error));
    }
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
