import { beforeAll, describe, expect, it } from 'vitest';
import { call, consentFormFields, redirectParams } from '../../test-support/emulator-test-client';
import { startEmulator } from '../../server';
import { useDemoEmulator } from '../../test-support/demo-emulator';

const REDIRECT = 'http://127.0.0.1:17563/callback';
const OTHER_REDIRECT = 'http://localhost:17563/callback';

const demo = useDemoEmulator();
let clientSecret: string;
let publicClientId: string;

beforeAll(() => {
  ({ clientSecret, publicClientId } = demo.emu.demo!);
});

function authorizeUrl(params: Record<string, string>, prefix = '/oauth2'): string {
  return `${demo.url}${prefix}/authorize?${new URLSearchParams(params).toString()}`;
}

async function consent(params: Record<string, string>, decision: 'authorize' | 'cancel' = 'authorize', userId?: string) {
  const page = await call(authorizeUrl(params));
  expect(page.status).toBe(200);
  const fields = consentFormFields(page.text);
  return call(`${demo.url}/oauth2/authorize`, { form: { ...fields, user_id: userId ?? demo.broadcasterId, decision } });
}

async function codeFor(scope = 'channel:read:stream_key user:read:email', redirectUri = REDIRECT): Promise<string> {
  const res = await consent({ client_id: demo.clientId, redirect_uri: redirectUri, response_type: 'code', scope, state: 's1' });
  return redirectParams(res.header('location')).query.get('code')!;
}

function exchange(code: string, redirectUri = REDIRECT, secret = clientSecret) {
  return call(`${demo.url}/oauth2/token`, {
    form: { client_id: demo.clientId, client_secret: secret, code, grant_type: 'authorization_code', redirect_uri: redirectUri },
  });
}

describe('authorization code flow', () => {
  it('runs end to end: consent, code, exchange, validate, refresh, revoke', async () => {
    const params = { client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'channel:read:stream_key user:read:email', state: 'xyz 123' };
    const page = await call(authorizeUrl(params));
    expect(page.status).toBe(200);
    expect(page.header('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('channel:read:stream_key');
    expect(page.text).toContain('user:read:email');
    expect(page.text).toMatch(/<button[^>]*>Authorize<\/button>/);
    expect(page.text).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(page.text).toContain('Sidestage_Demo (sidestage_demo)');
    expect(page.text).toMatch(/<option value="612345001">/);

    const fields = consentFormFields(page.text);
    const approved = await call(`${demo.url}/oauth2/authorize`, { form: { ...fields, user_id: demo.broadcasterId, decision: 'authorize' } });
    expect(approved.status).toBe(303);
    const { url, query } = redirectParams(approved.header('location'));
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(query.get('state')).toBe('xyz 123');
    expect(query.get('scope')).toBe('channel:read:stream_key user:read:email');
    const code = query.get('code')!;
    expect(code).toMatch(/^[a-z0-9]{30}$/);

    const tokens = await exchange(code);
    expect(tokens.status).toBe(200);
    expect(tokens.json).toEqual({
      access_token: expect.stringMatching(/^[a-z0-9]{30}$/),
      refresh_token: expect.stringMatching(/^[a-z0-9]{50}$/),
      expires_in: 14400,
      scope: ['channel:read:stream_key', 'user:read:email'],
      token_type: 'bearer',
    });

    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${tokens.json.access_token}` } });
    expect(validated.status).toBe(200);
    expect(validated.json).toEqual({
      client_id: demo.clientId,
      login: 'sidestage_demo',
      scopes: ['channel:read:stream_key', 'user:read:email'],
      user_id: demo.broadcasterId,
      expires_in: expect.any(Number),
    });
    expect(validated.json.expires_in).toBeGreaterThan(14390);

    const refreshed = await call(`${demo.url}/oauth2/token`, {
      form: { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: demo.clientId, client_secret: clientSecret },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).not.toBe(tokens.json.access_token);
    expect(refreshed.json.refresh_token).not.toBe(tokens.json.refresh_token);
    expect(refreshed.json.scope).toEqual(['channel:read:stream_key', 'user:read:email']);

    const reused = await call(`${demo.url}/oauth2/token`, {
      form: { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: demo.clientId, client_secret: clientSecret },
    });
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({ status: 400, message: 'Invalid refresh token' });

    const revoked = await call(`${demo.url}/oauth2/revoke`, { form: { client_id: demo.clientId, token: refreshed.json.access_token } });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toBe('');
    const afterRevoke = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${refreshed.json.access_token}` } });
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.json).toEqual({ status: 401, message: 'invalid access token' });
    const refreshAfterRevoke = await call(`${demo.url}/oauth2/token`, {
      form: { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token, client_id: demo.clientId, client_secret: clientSecret },
    });
    expect(refreshAfterRevoke.status).toBe(400);
  });

  it('takes the token request in the query string or as JSON too', async () => {
    const fromQuery = await call(
      `${demo.url}/oauth2/token?${new URLSearchParams({ client_id: demo.clientId, client_secret: clientSecret, code: await codeFor(), grant_type: 'authorization_code', redirect_uri: REDIRECT })}`,
      { method: 'POST' },
    );
    expect(fromQuery.status).toBe(200);
    const fromJson = await call(`${demo.url}/oauth2/token`, {
      json: { client_id: demo.clientId, client_secret: clientSecret, code: await codeFor(), grant_type: 'authorization_code', redirect_uri: REDIRECT },
    });
    expect(fromJson.status).toBe(200);
  });

  it('refuses a code twice', async () => {
    const code = await codeFor();
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ status: 400, message: 'Invalid authorization code' });
  });

  it('binds the code to the redirect URI it was issued for', async () => {
    const code = await codeFor();
    const other = await exchange(code, OTHER_REDIRECT);
    expect(other.status).toBe(400);
    expect(other.json.message).toBe('Parameter redirect_uri does not match registered URI');
    expect((await exchange(code, REDIRECT)).status).toBe(200);
  });

  it('needs the right client secret', async () => {
    const code = await codeFor();
    const wrong = await exchange(code, REDIRECT, 'not-the-secret');
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({ status: 403, message: 'invalid client secret' });
    const missing = await call(`${demo.url}/oauth2/token`, { form: { client_id: demo.clientId, code, grant_type: 'authorization_code', redirect_uri: REDIRECT } });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ status: 400, message: 'missing client secret' });
  });

  it('lets a code expire after 10 minutes', async () => {
    const code = await codeFor();
    demo.state.clock.advance(601);
    expect((await exchange(code)).status).toBe(400);
  });

  it('issues the code for the user picked on the page', async () => {
    const res = await consent({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: '' }, 'authorize', '612345003');
    const tokens = await exchange(redirectParams(res.header('location')).query.get('code')!);
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `Bearer ${tokens.json.access_token}` } });
    expect(validated.json.login).toBe('modmallory');
    expect(validated.json.scopes).toEqual([]);
  });

  it('redirects with access_denied when the user cancels', async () => {
    const res = await consent({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'user:read:email', state: 'st' }, 'cancel');
    expect(res.status).toBe(303);
    expect(res.header('location')).toBe(`${REDIRECT}?error=access_denied&error_description=The+user+denied+you+access&state=st`);
  });
});

describe('authorize request checks', () => {
  it('shows an error page and never redirects for an unregistered redirect_uri', async () => {
    const res = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: 'http://evil.example/cb', response_type: 'code', scope: '' }));
    expect(res.status).toBe(400);
    expect(res.header('location')).toBeUndefined();
    expect(res.header('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('redirect_uri does not match');
  });

  it('shows an error page for an unknown client', async () => {
    const res = await call(authorizeUrl({ client_id: 'nope', redirect_uri: REDIRECT, response_type: 'code', scope: '' }));
    expect(res.status).toBe(400);
    expect(res.header('location')).toBeUndefined();
  });

  it('also refuses a forged consent POST with an unregistered redirect_uri', async () => {
    const res = await call(`${demo.url}/oauth2/authorize`, {
      form: { client_id: demo.clientId, redirect_uri: 'http://evil.example/cb', response_type: 'code', scope: '', user_id: demo.broadcasterId, decision: 'authorize' },
    });
    expect(res.status).toBe(400);
    expect(res.header('location')).toBeUndefined();
  });

  it('redirects with invalid_scope for an unknown scope and with unsupported_response_type', async () => {
    const scope = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'user:read:email made:up', state: 'q' }));
    expect(scope.status).toBe(302);
    const scopeParams = redirectParams(scope.header('location')).query;
    expect(scopeParams.get('error')).toBe('invalid_scope');
    expect(scopeParams.get('state')).toBe('q');
    const type = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'id_token', scope: '' }));
    expect(redirectParams(type.header('location')).query.get('error')).toBe('unsupported_response_type');
  });

  it('refuses chat_login, which new clients cannot request', async () => {
    const res = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'chat_login' }));
    expect(redirectParams(res.header('location')).query.get('error')).toBe('invalid_scope');
  });

  it('escapes what it echoes into the page', async () => {
    const res = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: '', state: '"><script>x</script>' }));
    expect(res.text).not.toContain('<script>x</script>');
    expect(consentFormFields(res.text).state).toBe('"><script>x</script>');
  });
});

describe('implicit flow', () => {
  it('puts the token in the fragment', async () => {
    const res = await consent({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'token', scope: 'user:read:email', state: 'abc' });
    expect(res.status).toBe(303);
    const { url, query, fragment } = redirectParams(res.header('location'));
    expect([...query.keys()]).toEqual([]);
    expect(url.hash).toMatch(/^#access_token=[a-z0-9]{30}&scope=user%3Aread%3Aemail&state=abc&token_type=bearer$/);
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${fragment.get('access_token')}` } });
    expect(validated.json.user_id).toBe(demo.broadcasterId);
  });
});

describe('client credentials', () => {
  it('issues an app token without a refresh token', async () => {
    const res = await call(`${demo.url}/oauth2/token?client_id=${demo.clientId}&client_secret=${clientSecret}&grant_type=client_credentials`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: '', expires_in: 60 * 24 * 3600, scope: [], token_type: 'bearer' });
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${res.json.access_token}` } });
    expect(validated.json).toEqual({ client_id: demo.clientId, scopes: [], expires_in: expect.any(Number) });
    expect(validated.json.expires_in).toBeGreaterThan(60 * 24 * 3600 - 10);
  });

  it('refuses unknown clients, missing secrets and unknown grants', async () => {
    expect((await call(`${demo.url}/oauth2/token`, { form: { client_id: 'x', client_secret: 'y', grant_type: 'client_credentials' } })).json).toEqual({
      status: 400,
      message: 'invalid client',
    });
    expect((await call(`${demo.url}/oauth2/token`, { form: { client_id: publicClientId, grant_type: 'client_credentials' } })).status).toBe(400);
    expect((await call(`${demo.url}/oauth2/token`, { form: { client_id: demo.clientId, client_secret: clientSecret, grant_type: 'password' } })).json).toEqual({
      status: 400,
      message: 'unsupported grant type',
    });
  });
});

describe('device code flow', () => {
  async function startDevice(scopes = 'channel:read:stream_key') {
    const res = await call(`${demo.url}/oauth2/device`, { form: { client_id: publicClientId, scopes } });
    expect(res.status).toBe(200);
    return res.json as { device_code: string; user_code: string; verification_uri: string; expires_in: number; interval: number };
  }
  const poll = (deviceCode: string) =>
    call(`${demo.url}/oauth2/token`, { form: { client_id: publicClientId, device_code: deviceCode, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' } });

  it('is pending until approved, then issues tokens once', async () => {
    const device = await startDevice();
    expect(device.expires_in).toBe(1800);
    expect(device.interval).toBe(5);
    expect(device.user_code).toMatch(/^[A-Z]{8}$/);
    expect(device.verification_uri).toBe(`${demo.url}/activate?device-code=${device.user_code}`);

    const pending = await poll(device.device_code);
    expect(pending.status).toBe(400);
    expect(pending.json).toEqual({ status: 400, message: 'authorization_pending' });

    const approved = await demo.simulate('/device/approve', { user_code: device.user_code.toLowerCase() });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'approved', user_id: demo.broadcasterId });

    const tokens = await poll(device.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.json.scope).toEqual(['channel:read:stream_key']);
    expect(tokens.json.refresh_token).toHaveLength(50);
    expect((await poll(device.device_code)).json).toEqual({ status: 400, message: 'invalid device code' });

    // Public clients refresh without a secret, and each refresh token works once.
    const refreshForm = { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: publicClientId };
    expect((await call(`${demo.url}/oauth2/token`, { form: refreshForm })).status).toBe(200);
    expect((await call(`${demo.url}/oauth2/token`, { form: refreshForm })).status).toBe(400);
  });

  it('approves through the activation page', async () => {
    const device = await startDevice();
    const page = await call(device.verification_uri);
    expect(page.status).toBe(200);
    expect(page.text).toContain('channel:read:stream_key');
    expect(page.text).toMatch(/<button[^>]*>Authorize<\/button>/);

    const entry = await call(`${demo.url}/activate`);
    expect(entry.text).toContain('name="user_code"');
    const typed = await call(`${demo.url}/activate`, { form: { user_code: device.user_code.toLowerCase() } });
    expect(typed.status).toBe(303);
    expect(typed.header('location')).toBe(`/activate?device-code=${device.user_code}`);

    const done = await call(`${demo.url}/activate`, { form: { user_code: device.user_code, user_id: '612345002', decision: 'authorize' } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Device connected');
    const tokens = await poll(device.device_code);
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${tokens.json.access_token}` } });
    expect(validated.json.login).toBe('cozy_carrot');
  });

  it('tells the device when the user cancels, and rejects unknown codes on the page', async () => {
    const device = await startDevice();
    await call(`${demo.url}/activate`, { form: { user_code: device.user_code, decision: 'cancel' } });
    expect((await poll(device.device_code)).json).toEqual({ status: 400, message: 'access_denied' });
    expect((await call(`${demo.url}/activate?device-code=ZZZZZZZZ`)).status).toBe(400);
  });

  it('lets device codes expire', async () => {
    const device = await startDevice();
    demo.state.clock.advance(1801);
    expect((await poll(device.device_code)).json).toEqual({ status: 400, message: 'invalid device code' });
  });

  it('rejects unknown scopes', async () => {
    const res = await call(`${demo.url}/oauth2/device`, { form: { client_id: publicClientId, scopes: 'nope:nope' } });
    expect(res.json).toEqual({ status: 400, message: "invalid scope requested: 'nope:nope'" });
  });
});

describe('auto-approve', () => {
  it('redirects at once as the default user when switched on', async () => {
    const on = await demo.simulate('/settings', { auto_approve: true });
    expect(on.json).toMatchObject({ auto_approve: true });
    const res = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'user:read:email', state: 'a' }));
    expect(res.status).toBe(302);
    const code = redirectParams(res.header('location')).query.get('code')!;
    const tokens = await exchange(code);
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${tokens.json.access_token}` } });
    expect(validated.json.user_id).toBe(demo.broadcasterId);
  });

  it('is an option of startEmulator', async () => {
    const other = await startEmulator({ autoApprove: true, demoRedirectUris: ['http://127.0.0.1:9/cb'] });
    try {
      const res = await call(
        `${other.url}/oauth2/authorize?${new URLSearchParams({ client_id: other.demo!.clientId, redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'token', scope: '' })}`,
      );
      expect(res.status).toBe(302);
      expect(redirectParams(res.header('location')).fragment.get('access_token')).toMatch(/^[a-z0-9]{30}$/);
    } finally {
      await other.close();
    }
  });
});

describe('Twitch CLI layout under /auth', () => {
  it('serves the same endpoints', async () => {
    const page = await call(authorizeUrl({ client_id: demo.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: '' }, '/auth'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/auth/authorize"');

    const app = await call(`${demo.url}/auth/token?client_id=${demo.clientId}&client_secret=${clientSecret}&grant_type=client_credentials`, { method: 'POST' });
    expect(app.status).toBe(200);
    const validated = await call(`${demo.url}/auth/validate`, { headers: { authorization: `OAuth ${app.json.access_token}` } });
    expect(validated.status).toBe(200);
    const revoked = await call(`${demo.url}/auth/revoke?client_id=${demo.clientId}&token=${app.json.access_token}`, { method: 'POST' });
    expect(revoked.status).toBe(200);
  });

  it('mints a user token with the user_token grant', async () => {
    const params = new URLSearchParams({
      client_id: demo.clientId,
      client_secret: clientSecret,
      grant_type: 'user_token',
      user_id: '612345001',
      scope: 'user:read:email channel:read:stream_key',
    });
    const res = await call(`${demo.url}/auth/authorize?${params}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.scope).toEqual(['user:read:email', 'channel:read:stream_key']);
    const validated = await call(`${demo.url}/auth/validate`, { headers: { authorization: `OAuth ${res.json.access_token}` } });
    expect(validated.json.login).toBe('pixelpal');

    params.set('user_id', '999');
    expect((await call(`${demo.url}/auth/authorize?${params}`, { method: 'POST' })).json).toEqual({ status: 400, message: 'invalid user id' });
  });
});

describe('validate and revoke', () => {
  it('answers 401 for missing, unknown and expired tokens', async () => {
    expect((await call(`${demo.url}/oauth2/validate`)).json).toEqual({ status: 401, message: 'missing authorization token' });
    expect((await call(`${demo.url}/oauth2/validate`, { headers: { authorization: 'OAuth nope' } })).json).toEqual({
      status: 401,
      message: 'invalid access token',
    });
    const token = await demo.mint(demo.broadcasterId, [], { expires_in: 60 });
    const header = { authorization: `OAuth ${token}` };
    expect((await call(`${demo.url}/oauth2/validate`, { headers: header })).json.expires_in).toBeGreaterThan(55);
    demo.state.clock.advance(61);
    expect((await call(`${demo.url}/oauth2/validate`, { headers: header })).status).toBe(401);
  });

  it('answers 400 Invalid token for an unknown token or another client', async () => {
    expect((await call(`${demo.url}/oauth2/revoke`, { form: { client_id: demo.clientId, token: 'nope' } })).json).toEqual({ status: 400, message: 'Invalid token' });
    const token = await demo.mint(null, []);
    const foreign = await call(`${demo.url}/oauth2/revoke`, { json: { client_id: publicClientId, token } });
    expect(foreign.status).toBe(400);
  });
});
