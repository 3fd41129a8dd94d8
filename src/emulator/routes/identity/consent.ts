/**
 * The identity service's pages: the consent page of the implicit and authorization-code flows
 * (GET/POST /oauth2/authorize) and the device flow's activation page (/activate).
 * Errors about the client or the redirect URI are shown as a page: the emulator never redirects
 * to a URI the client did not register.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { truncateEcho } from '../../http/error-body';
import { html, page, raw, sendHtml, type RawHtml } from '../../http/html-page';
import { authorizeOnConsent, authenticateClient, grantUserToken, tokenUser } from '../../domain/identity';
import { clientCredentials, identityParams, identityPaths, requestedScopes } from '../../http/identity-params';
import type { RequestParams } from '../../http/request-params';
import { tokenResponse } from '../../http/views/identity';
import { describeScope, firstUnknownScope, parseScopeList } from '../../scopes';
import type { Client } from '../../domain/stores/clients';
import type { EmulatorState } from '../../domain/emulator-state';
import type { User } from '../../domain/stores/users';
import '../../http/app-state';

type ResponseType = 'code' | 'token';

interface AuthorizeRequest {
  client: Client;
  redirectUri: string;
  responseType: ResponseType;
  scopes: string[];
  state: string | undefined;
  forceVerify: boolean;
}

/** Either a valid request, a page to show (client or redirect problems), or an error to redirect with. */
type Checked =
  | { kind: 'ok'; request: AuthorizeRequest }
  | { kind: 'page'; status: number; title: string; message: string }
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state: string | undefined };

export function registerIdentityConsentRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  for (const path of identityPaths('/authorize')) {
    app.get(path, (request, reply) => {
      const checked = checkAuthorizeRequest(state, identityParams(request));
      if (checked.kind !== 'ok') return answerProblem(reply, checked, 302);
      if (state.settings.autoApprove) {
        const user = state.defaultUser();
        if (!user) return sendHtml(reply, 400, errorPage('No user to sign in as', 'The emulator has no users. Create one with POST /_emulator/users.'));
        return reply.redirect(approve(state, checked.request, user), 302);
      }
      return sendHtml(reply, 200, consentPage(state, checked.request, path, null));
    });

    app.post(path, (request, reply) => {
      const params = identityParams(request);
      if (path.startsWith('/auth/') && params.one('grant_type') === 'user_token') {
        // Twitch CLI's mock grant: `POST /auth/authorize?grant_type=user_token&client_id&client_secret&user_id&scope=`.
        const client = authenticateClient(state, clientCredentials(params), 'required');
        const user = tokenUser(state, params.required('user_id'));
        const scopes = requestedScopes(params.one('scope'));
        const now = state.clock.now();
        return tokenResponse(grantUserToken(state, client, user, scopes, now), now);
      }

      const checked = checkAuthorizeRequest(state, params);
      if (checked.kind !== 'ok') return answerProblem(reply, checked, 303);
      const authorize = checked.request;
      if (params.one('decision') === 'cancel') {
        return redirectWithError(reply, authorize.redirectUri, 'access_denied', 'The user denied you access', authorize.state, 303);
      }
      if (params.one('decision') !== 'authorize') {
        return sendHtml(reply, 400, errorPage('Choose Authorize or Cancel', 'The form was sent without a decision.'));
      }
      const user = state.users.get(params.one('user_id') ?? '');
      if (!user) {
        return sendHtml(reply, 400, consentPage(state, authorize, path, 'Choose a user to sign in as.'));
      }
      return reply.redirect(approve(state, authorize, user), 303);
    });
  }

  app.get('/activate', (request, reply) => {
    const params = identityParams(request);
    const typed = params.one('device-code') ?? params.one('user_code');
    if (typed === undefined || typed === '') return sendHtml(reply, 200, activationCodePage(null, ''));
    const record = state.deviceCodes.findByUserCode(typed, state.clock.now());
    if (!record || record.status !== 'pending') {
      return sendHtml(reply, 400, activationCodePage('That code is not valid or has expired. Check the code on your device.', typed));
    }
    return sendHtml(reply, 200, activationConsentPage(state, record.userCode, record.clientId, record.scopes, null));
  });

  app.post('/activate', (request, reply) => {
    const params = identityParams(request);
    const typed = params.one('user_code') ?? params.one('device-code') ?? '';
    const record = state.deviceCodes.findByUserCode(typed, state.clock.now());
    if (!record || record.status !== 'pending') {
      return sendHtml(reply, 400, activationCodePage('That code is not valid or has expired. Check the code on your device.', typed));
    }
    const decision = params.one('decision');
    if (decision === undefined) return reply.redirect(`/activate?device-code=${encodeURIComponent(record.userCode)}`, 303);
    if (decision === 'cancel') {
      state.deviceCodes.deny(record);
      return sendHtml(reply, 200, resultPage('Access denied', 'The device was not connected. You can close this page.'));
    }
    const user = state.users.get(params.one('user_id') ?? '');
    if (decision !== 'authorize' || !user) {
      return sendHtml(reply, 400, activationConsentPage(state, record.userCode, record.clientId, record.scopes, 'Choose a user to sign in as.'));
    }
    state.deviceCodes.approve(record, user.id);
    return sendHtml(reply, 200, resultPage('Device connected', `${user.displayName} is now signed in on the device. You can close this page.`));
  });
}

function checkAuthorizeRequest(state: EmulatorState, params: RequestParams): Checked {
  const clientId = params.one('client_id');
  if (!clientId) return { kind: 'page', status: 400, title: 'Invalid request', message: 'The client_id parameter is missing.' };
  const client = state.clients.get(clientId);
  if (!client) return { kind: 'page', status: 400, title: 'Invalid client', message: `No application is registered with client ID “${clientId}”.` };
  const redirectUri = params.one('redirect_uri');
  if (!redirectUri) return { kind: 'page', status: 400, title: 'Invalid request', message: 'The redirect_uri parameter is missing.' };
  if (!client.redirectUris.includes(redirectUri)) {
    return { kind: 'page', status: 400, title: 'redirect_mismatch', message: `Parameter redirect_uri does not match registered URI: ${redirectUri}` };
  }
  const stateParam = params.one('state');
  const problem = (error: string, description: string): Checked => ({ kind: 'redirect', redirectUri, error, description, state: stateParam });

  const responseType = params.one('response_type');
  if (responseType !== 'code' && responseType !== 'token') {
    return problem('unsupported_response_type', responseType ? `response_type ${responseType} is not supported` : 'missing response_type');
  }
  if (!params.has('scope')) return problem('invalid_request', 'missing scope');
  const scopes = parseScopeList(params.one('scope'));
  const unknown = firstUnknownScope(scopes);
  if (unknown !== undefined) return problem('invalid_scope', `invalid scope requested: '${unknown}'`);
  return {
    kind: 'ok',
    request: { client, redirectUri, responseType, scopes, state: stateParam, forceVerify: params.one('force_verify') === 'true' },
  };
}

function answerProblem(reply: FastifyReply, checked: Exclude<Checked, { kind: 'ok' }>, redirectStatus: 302 | 303): FastifyReply {
  if (checked.kind === 'page') return sendHtml(reply, checked.status, errorPage(checked.title, checked.message));
  return redirectWithError(reply, checked.redirectUri, checked.error, checked.description, checked.state, redirectStatus);
}

/** Issues the code or the token and builds the URI to send the browser to. */
function approve(state: EmulatorState, request: AuthorizeRequest, user: User): string {
  const target = new URL(request.redirectUri);
  const scope = request.scopes.join(' ');
  const issued = authorizeOnConsent(state, request, user);
  if ('code' in issued) {
    target.searchParams.append('code', issued.code);
    target.searchParams.append('scope', scope);
    if (request.state !== undefined) target.searchParams.append('state', request.state);
    return target.toString();
  }
  const fragment = new URLSearchParams({ access_token: issued.accessToken, scope });
  if (request.state !== undefined) fragment.append('state', request.state);
  fragment.append('token_type', 'bearer');
  target.hash = fragment.toString();
  return target.toString();
}

function redirectWithError(
  reply: FastifyReply,
  redirectUri: string,
  error: string,
  description: string,
  stateParam: string | undefined,
  status: 302 | 303,
): FastifyReply {
  const target = new URL(redirectUri);
  target.searchParams.append('error', error);
  target.searchParams.append('error_description', description);
  if (stateParam !== undefined) target.searchParams.append('state', stateParam);
  return reply.redirect(target.toString(), status);
}

function userPicker(state: EmulatorState): RawHtml {
  const users = state.users.list();
  const preferred = state.defaultUser();
  return html`<label for="user_id">Sign in as</label>
<select id="user_id" name="user_id" required>
${users.map((u) => html`<option value="${u.id}"${raw(u.id === preferred?.id ? ' selected' : '')}>${u.displayName} (${u.login})</option>\n`)}</select>`;
}

function scopeList(scopes: readonly string[]): RawHtml {
  if (scopes.length === 0) return html`<p>It asks for no extra permissions: only to know who you are.</p>`;
  return html`<p>It will be able to:</p>
<ul class="scopes" aria-label="Requested permissions">
${scopes.map((s) => html`<li>${describeScope(s) ?? s} <code>${s}</code></li>\n`)}</ul>`;
}

function consentPage(state: EmulatorState, request: AuthorizeRequest, action: string, error: string | null): string {
  const hasUsers = state.users.list().length > 0;
  return page(
    `Authorize ${request.client.name}`,
    html`<h1><strong>${request.client.name}</strong> wants to access your account</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${scopeList(request.scopes)}
<form method="post" action="${action}">
<input type="hidden" name="client_id" value="${request.client.clientId}">
<input type="hidden" name="redirect_uri" value="${request.redirectUri}">
<input type="hidden" name="response_type" value="${request.responseType}">
<input type="hidden" name="scope" value="${request.scopes.join(' ')}">
${request.state !== undefined ? html`<input type="hidden" name="state" value="${request.state}">` : ''}
<input type="hidden" name="force_verify" value="${String(request.forceVerify)}">
${hasUsers ? userPicker(state) : html`<p class="error">The emulator has no users to sign in as. Create one with POST /_emulator/users.</p>`}
<p class="note">You will be sent back to <code>${request.redirectUri}</code>.</p>
<div class="actions">
<button type="submit" class="primary" name="decision" value="authorize"${raw(hasUsers ? '' : ' disabled')}>Authorize</button>
<button type="submit" class="secondary" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

function activationCodePage(error: string | null, typed: string): string {
  return page(
    'Activate your device',
    html`<h1>Activate your device</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/activate">
<label for="user_code">Enter the code shown on your device</label>
<input type="text" id="user_code" name="user_code" value="${truncateEcho(typed, 100)}" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
<div class="actions"><button type="submit" class="primary">Continue</button></div>
</form>`,
  );
}

function activationConsentPage(state: EmulatorState, userCode: string, clientId: string, scopes: readonly string[], error: string | null): string {
  const client = state.clients.get(clientId);
  const hasUsers = state.users.list().length > 0;
  return page(
    'Activate your device',
    html`<h1><strong>${client?.name ?? clientId}</strong> wants to access your account</h1>
<p>Code: <code>${userCode}</code></p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${scopeList(scopes)}
<form method="post" action="/activate">
<input type="hidden" name="user_code" value="${userCode}">
${hasUsers ? userPicker(state) : html`<p class="error">The emulator has no users to sign in as. Create one with POST /_emulator/users.</p>`}
<div class="actions">
<button type="submit" class="primary" name="decision" value="authorize"${raw(hasUsers ? '' : ' disabled')}>Authorize</button>
<button type="submit" class="secondary" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** The message may quote the request (a client ID, a redirect URI): bounded like every error body. */
function errorPage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p class="error" role="alert">${truncateEcho(message)}</p>`);
}

function resultPage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p>${message}</p>`);
}
