import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import { answerClientErrors, parseRequestTarget } from '../common/loopback-http';
import { sameSecret } from '../common/constant-time';
import { systemClock, type Clock } from '../../../shared/primitives/clock';

export interface LoopbackListenerOptions {
  /** The registered redirect URI, e.g. http://localhost:3000/auth/callback. Port 0 picks a free port (tests). */
  redirectUri: string;
  /** The `state` sent in the authorize URL; only a callback echoing it is accepted. */
  expectedState: string;
  timeoutMs: number;
  /**
   * `code`: the authorization-code flow (answer in the query).
   * `token`: the implicit flow (answer in the URL fragment, which the browser never sends,
   * so a relay page posts it back to the same path).
   */
  responseType?: 'code' | 'token';
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  logger?: Logger;
}

export type LoopbackResult =
  | { type: 'code'; code: string; scope: string[] }
  | { type: 'token'; accessToken: string; scope: string[] }
  /** The user pressed Cancel on the consent page (`error=access_denied`). */
  | { type: 'cancelled'; reason: string };

export interface LoopbackListener {
  readonly port: number;
  /** The redirect URI with the port actually bound. */
  readonly redirectUri: string;
  /**
   * Settles once: with the first valid callback, or rejects with AppError `timeout`,
   * `cancelled` (after `close()`) or `sign_in_failed` (the platform answered with an error).
   */
  readonly result: Promise<LoopbackResult>;
  /** Stops waiting (the result rejects with `cancelled` unless it already settled) and frees the port. */
  close(): Promise<void>;
}

const maxBodyBytes = 16 * 1024;
const closeTab = 'You can close this tab and return to Sidestage.';

/**
 * Listens on 127.0.0.1 only, at the redirect URI's port and path, for exactly one OAuth callback.
 * Callbacks with a wrong or missing `state` are refused and the listener keeps waiting, so a
 * forged or stale request cannot end (or hijack) the sign-in. After the one valid callback the
 * port is closed at once.
 */
export async function startLoopbackListener(options: LoopbackListenerOptions): Promise<LoopbackListener> {
  const redirect = parseRedirectUri(options.redirectUri);
  const clock = options.clock ?? systemClock;
  const responseType = options.responseType ?? 'code';
  const log = options.logger;

  let settle!: { resolve: (r: LoopbackResult) => void; reject: (e: AppError) => void };
  const result = new Promise<LoopbackResult>((resolve, reject) => (settle = { resolve, reject }));
  // The owner may close without awaiting `result`; that must not be an unhandled rejection.
  result.catch(() => {});

  let finished = false;
  let timer: unknown = null;
  let origin = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log?.warn('loopback request failed', { error: err });
      if (!res.headersSent) sendPage(res, 500, 'Something went wrong', `Sidestage could not read this answer. ${closeTab}`);
    });
  });

  answerClientErrors(server, log, 'loopback sign-in');

  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));

  function finish(outcome: { ok: LoopbackResult } | { error: AppError }, res?: ServerResponse): void {
    if (finished) return;
    finished = true;
    if (timer !== null) clock.clearTimeout(timer);
    if ('ok' in outcome) settle.resolve(outcome.ok);
    else settle.reject(outcome.error);
    // Stop accepting at once: a second callback finds the port closed.
    server.close();
    if (res) res.once('finish', () => server.closeAllConnections());
    else server.closeAllConnections();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = parseRequestTarget(req.url);
    if (url === null) {
      sendPage(res, 400, 'Not a valid address', 'This address is not part of the Sidestage sign-in.');
      return;
    }
    if (url.pathname !== redirect.pathname) {
      sendPage(res, 404, 'Not found', 'This address is not part of the Sidestage sign-in.');
      return;
    }
    if (finished) {
      sendPage(res, 410, 'Sign-in already finished', closeTab, { close: true });
      return;
    }
    if (req.method === 'GET') {
      const params = url.searchParams;
      const isAnswer = params.has('state') || params.has('code') || params.has('error') || params.has('access_token');
      if (!isAnswer) {
        if (responseType === 'token') sendRelayPage(res);
        else sendPage(res, 400, 'No sign-in answer', 'This page expects an answer from the platform. Start the sign-in from Sidestage.');
        return;
      }
      answer(params, res, 'html');
      return;
    }
    if (req.method === 'POST' && responseType === 'token') {
      const requestOrigin = req.headers.origin;
      if (requestOrigin !== undefined && requestOrigin !== origin) {
        sendText(res, 403, 'This sign-in answer came from another site and was refused.');
        return;
      }
      const body = await readBody(req);
      if (body === null) {
        sendText(res, 413, 'The sign-in answer is too large.');
        return;
      }
      answer(new URLSearchParams(body.replace(/^#/, '')), res, 'text');
      return;
    }
    res.setHeader('Allow', responseType === 'token' ? 'GET, POST' : 'GET');
    sendPage(res, 405, 'Not allowed', 'This address only takes the platform’s sign-in answer.');
  }

  function answer(params: URLSearchParams, res: ServerResponse, as: 'html' | 'text'): void {
    const reply = (status: number, title: string, message: string, close = false) =>
      as === 'html' ? sendPage(res, status, title, message, { close }) : sendText(res, status, message, close);

    if (!sameSecret(params.get('state'), options.expectedState)) {
      log?.warn('loopback callback refused: state does not match');
      reply(400, 'Sign-in not accepted', 'This answer does not belong to the sign-in Sidestage is waiting for (it may be from an older attempt). Return to Sidestage and start the sign-in again if it does not finish.');
      return;
    }
    const error = params.get('error');
    if (error) {
      const description = params.get('error_description')?.trim() || error;
      if (error === 'access_denied') {
        reply(200, 'Sign-in cancelled', `The sign-in was cancelled. ${closeTab}`, true);
        finish({ ok: { type: 'cancelled', reason: description } }, res);
      } else {
        reply(400, 'Sign-in failed', `The platform refused the sign-in: ${description}. ${closeTab}`, true);
        finish({ error: new AppError('sign_in_failed', `The platform refused the sign-in: ${description}`) }, res);
      }
      return;
    }
    const scope = splitScope(params.get('scope'));
    if (responseType === 'code') {
      const code = params.get('code');
      if (!code) {
        reply(400, 'No sign-in answer', 'The platform’s answer has no authorization code.');
        return;
      }
      reply(200, 'Signed in', `Sidestage received the sign-in. ${closeTab}`, true);
      finish({ ok: { type: 'code', code, scope } }, res);
    } else {
      const accessToken = params.get('access_token');
      if (!accessToken) {
        reply(400, 'No sign-in answer', 'The platform’s answer has no access token.');
        return;
      }
      reply(200, 'Signed in', `Sidestage received the sign-in. ${closeTab}`, true);
      finish({ ok: { type: 'token', accessToken, scope } }, res);
    }
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const why = err.code === 'EADDRINUSE' ? 'another program is using it' : err.message;
      reject(new AppError('unavailable', `Sidestage could not listen for the sign-in on port ${redirect.port}: ${why}. Close that program or try again.`));
    };
    server.once('error', onError);
    // 127.0.0.1 only: the callback must not be reachable from the network.
    server.listen({ host: '127.0.0.1', port: redirect.port, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', (err) => log?.warn('loopback server error', { error: err }));

  const port = (server.address() as AddressInfo).port;
  const bound = new URL(redirect.href);
  bound.port = String(port);
  origin = bound.origin;
  timer = clock.setTimeout(() => {
    log?.info('loopback sign-in timed out');
    finish({ error: new AppError('timeout', 'The sign-in timed out: the browser did not come back to Sidestage in time. Try again.') });
  }, options.timeoutMs);

  return {
    port,
    redirectUri: redirect.keepsPort ? options.redirectUri : bound.href,
    result,
    async close() {
      finish({ error: new AppError('cancelled', 'The sign-in was cancelled.') });
      await closed;
    },
  };
}

function parseRedirectUri(uri: string): { href: string; pathname: string; port: number; keepsPort: boolean } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new AppError('invalid_argument', `The redirect URI "${uri}" is not a valid address.`);
  }
  if (url.protocol !== 'http:' || !['localhost', '127.0.0.1'].includes(url.hostname)) {
    throw new AppError('invalid_argument', `The redirect URI "${uri}" must be an http://localhost or http://127.0.0.1 address.`);
  }
  const port = url.port === '' ? 80 : Number(url.port);
  return { href: url.href, pathname: url.pathname, port, keepsPort: port !== 0 };
}

function splitScope(scope: string | null): string[] {
  return scope ? scope.split(/[\s+]+/).filter(Boolean) : [];
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const commonHeaders = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};
const pageStyle = 'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1f1f23}h1{font-size:1.4rem}';

function sendPage(res: ServerResponse, status: number, title: string, message: string, opts: { close?: boolean } = {}): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sidestage sign-in</title><style>${pageStyle}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  res.writeHead(status, {
    ...commonHeaders,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    ...(opts.close ? { Connection: 'close' } : {}),
  });
  res.end(html);
}

function sendText(res: ServerResponse, status: number, message: string, close = false): void {
  res.writeHead(status, {
    ...commonHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    ...(close ? { Connection: 'close' } : {}),
  });
  res.end(message);
}

/**
 * The implicit flow's answer is in the fragment, which only the page can see. This page posts it
 * to the same path (where the state is checked) and removes it from the address bar and history.
 */
export const relayScript = `(function () {
  var message = document.getElementById('message');
  var fragment = location.hash.slice(1);
  history.replaceState(null, '', location.pathname);
  if (!fragment) {
    message.textContent = 'The platform sent no sign-in answer. Return to Sidestage and try again.';
    return;
  }
  fetch(location.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fragment
  }).then(function (response) { return response.text(); })
    .then(function (text) { message.textContent = text; })
    .catch(function () { message.textContent = 'Could not pass the sign-in to Sidestage. Return to Sidestage and try again.'; });
})();`;

function sendRelayPage(res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sidestage sign-in</title><style>${pageStyle}</style></head><body><h1>Finishing sign-in</h1><p id="message">Passing the sign-in to Sidestage…</p><script nonce="${nonce}">${relayScript}</script></body></html>`;
  res.writeHead(200, {
    ...commonHeaders,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'`,
  });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
