/**
 * Test support: a small stand-in for the identity service and `GET /helix/users` on a real
 * loopback port, with switches for the failures the auth tests need. Not used by the app.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUser {
  id: string;
  login: string;
  display_name: string;
  broadcaster_type: 'partner' | 'affiliate' | '';
  profile_image_url: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
  clientIdHeader: string | undefined;
}

interface Grant {
  scopes: string[];
  clientId: string;
}

export interface FakeIdentityService {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly revoked: string[];
  /** Every token and secret it handed out, to prove none of them reaches a log or AuthState. */
  readonly secrets: Set<string>;
  readonly behaviour: {
    authorize: 'approve' | 'deny';
    /** `refuse`: 400 Invalid refresh token; `down`: the connection drops. */
    refresh: 'ok' | 'refuse' | 'down';
    validate: 'ok' | 'down' | 'error';
    revoke: 'ok' | 'down';
    /** How many device-code polls answer authorization_pending before the grant. */
    devicePendingPolls: number;
    deviceExpiresIn: number;
    /** Scopes granted (the app may ask for more). */
    grantedScopes: string[];
    /** Rotates refresh tokens on every refresh (public-client style). */
    rotateRefreshTokens: boolean;
    /** Validation names this client instead of the token's own (a token made for another app). */
    validateAsClientId: string | null;
  };
  readonly user: FakeUser;
  /** Issues a user token directly, as if a sign-in had happened earlier. */
  mint(options?: { scopes?: string[] }): { accessToken: string; refreshToken: string };
  /** The access token stops being valid (as when it expires). */
  expire(accessToken: string): void;
  count(path: string): number;
  close(): Promise<void>;
}

export async function startFakeIdentityService(options: { clientId: string; clientSecret: string | null }): Promise<FakeIdentityService> {
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const codes = new Map<string, { grant: Grant; redirectUri: string }>();
  let devicePolls = 0;
  const user: FakeUser = {
    id: '141981764',
    login: 'demo_streamer',
    display_name: 'Demo_Streamer',
    broadcaster_type: 'affiliate',
    profile_image_url: 'https://static.example/demo.png',
  };
  const service = {
    url: '',
    requests: [] as RecordedRequest[],
    revoked: [] as string[],
    secrets: new Set<string>(options.clientSecret ? [options.clientSecret] : []),
    behaviour: {
      authorize: 'approve',
      refresh: 'ok',
      validate: 'ok',
      revoke: 'ok',
      devicePendingPolls: 0,
      deviceExpiresIn: 1800,
      grantedScopes: ['channel:read:redemptions', 'user:read:broadcast'],
      rotateRefreshTokens: true,
      validateAsClientId: null,
    } as FakeIdentityService['behaviour'],
    user,
    mint(opts: { scopes?: string[] } = {}) {
      return issue({ scopes: opts.scopes ?? service.behaviour.grantedScopes, clientId: options.clientId });
    },
    expire(accessToken: string) {
      accessTokens.delete(accessToken);
    },
    count(path: string) {
      return service.requests.filter((r) => r.path === path).length;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function issue(grant: Grant): { accessToken: string; refreshToken: string } {
    const accessToken = `at_${randomBytes(12).toString('hex')}`;
    const refreshToken = `rt_${randomBytes(12).toString('hex')}`;
    accessTokens.set(accessToken, grant);
    refreshTokens.set(refreshToken, grant);
    service.secrets.add(accessToken);
    service.secrets.add(refreshToken);
    return { accessToken, refreshToken };
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const tokenAnswer = (res: ServerResponse, t: { accessToken: string; refreshToken: string }, scopes: string[]) =>
    json(res, 200, { access_token: t.accessToken, refresh_token: t.refreshToken, expires_in: 14_400, scope: scopes, token_type: 'bearer' });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const q = url.searchParams;
    service.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: q,
      form,
      authorization: req.headers.authorization,
      clientIdHeader: req.headers['client-id'] as string | undefined,
    });
    const b = service.behaviour;
    const route = `${req.method} ${url.pathname}`;

    if (route === 'GET /oauth2/authorize') {
      const redirect = new URL(q.get('redirect_uri')!);
      const state = q.get('state') ?? '';
      const grant = { scopes: b.grantedScopes, clientId: q.get('client_id')! };
      if (b.authorize === 'deny') {
        redirect.search = new URLSearchParams({ error: 'access_denied', error_description: 'The user denied you access', state }).toString();
      } else if (q.get('response_type') === 'code') {
        const code = randomBytes(15).toString('hex');
        codes.set(code, { grant, redirectUri: q.get('redirect_uri')! });
        service.secrets.add(code);
        redirect.search = new URLSearchParams({ code, scope: grant.scopes.join(' '), state }).toString();
      } else {
        const t = issue(grant);
        redirect.hash = new URLSearchParams({ access_token: t.accessToken, scope: grant.scopes.join(' '), state, token_type: 'bearer' }).toString();
      }
      res.writeHead(302, { location: redirect.href });
      res.end();
      return;
    }
    if (route === 'POST /oauth2/token') {
      const grantType = q.get('grant_type');
      if (grantType === 'authorization_code') {
        const entry = codes.get(q.get('code') ?? '');
        if (!entry || q.get('client_secret') !== options.clientSecret || q.get('redirect_uri') !== entry.redirectUri) {
          json(res, 400, { status: 400, message: 'Invalid authorization code' });
          return;
        }
        codes.delete(q.get('code')!);
        tokenAnswer(res, issue(entry.grant), entry.grant.scopes);
        return;
      }
      if (grantType === 'refresh_token') {
        if (b.refresh === 'down') {
          req.socket.destroy();
          return;
        }
        const grant = refreshTokens.get(q.get('refresh_token') ?? '');
        if (b.refresh === 'refuse' || !grant) {
          json(res, 400, { status: 400, message: 'Invalid refresh token' });
          return;
        }
        if (b.rotateRefreshTokens) refreshTokens.delete(q.get('refresh_token')!);
        const t = issue(grant);
        if (!b.rotateRefreshTokens) t.refreshToken = q.get('refresh_token')!;
        tokenAnswer(res, t, grant.scopes);
        return;
      }
      if (grantType === 'urn:ietf:params:oauth:grant-type:device_code') {
        if (q.get('device_code') !== 'device-code-1') {
          json(res, 400, { status: 400, message: 'invalid device code' });
          return;
        }
        if (devicePolls++ < b.devicePendingPolls) {
          json(res, 400, { status: 400, message: 'authorization_pending' });
          return;
        }
        tokenAnswer(res, issue({ scopes: b.grantedScopes, clientId: q.get('client_id')! }), b.grantedScopes);
        return;
      }
      json(res, 400, { status: 400, message: 'Invalid grant type' });
      return;
    }
    if (route === 'POST /oauth2/device') {
      if (form.get('client_id') !== options.clientId) {
        json(res, 400, { status: 400, message: 'invalid client' });
        return;
      }
      json(res, 200, {
        device_code: 'device-code-1',
        expires_in: b.deviceExpiresIn,
        interval: 5,
        user_code: 'ABCDEFGH',
        verification_uri: `${service.url}/activate?device-code=ABCDEFGH`,
      });
      return;
    }
    if (route === 'GET /oauth2/validate') {
      if (b.validate === 'down') {
        req.socket.destroy();
        return;
      }
      if (b.validate === 'error') {
        json(res, 503, { status: 503, message: 'Service Unavailable' });
        return;
      }
      const token = /^OAuth (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const grant = accessTokens.get(token);
      if (!grant) {
        json(res, 401, { status: 401, message: 'invalid access token' });
        return;
      }
      json(res, 200, { client_id: b.validateAsClientId ?? grant.clientId, login: user.login, scopes: grant.scopes, user_id: user.id, expires_in: 14_000 });
      return;
    }
    if (route === 'POST /oauth2/revoke') {
      if (b.revoke === 'down') {
        req.socket.destroy();
        return;
      }
      const token = form.get('token') ?? '';
      if (form.get('client_id') !== options.clientId || !accessTokens.has(token)) {
        json(res, 400, { status: 400, message: 'Invalid token' });
        return;
      }
      accessTokens.delete(token);
      service.revoked.push(token);
      res.writeHead(200);
      res.end();
      return;
    }
    if (route === 'GET /helix/users') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!accessTokens.has(token) || req.headers['client-id'] !== options.clientId) {
        json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
        return;
      }
      json(res, 200, { data: [{ ...user, type: '', description: '', offline_image_url: '', view_count: 0, created_at: '2020-01-01T00:00:00Z' }] });
      return;
    }
    json(res, 404, { error: 'Not Found', status: 404, message: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/** Waits for a condition, checking on every turn of the event loop; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
