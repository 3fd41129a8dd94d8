/** The emulator as the end-to-end tests use it: its simulation API, and its API as any client. */
import { request } from 'undici';

/** A simulation-API call (`/_emulator/...`); GET without a body, POST with one. */
export async function emulatorCall<T>(emulatorUrl: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request(`${emulatorUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${method} ${path} answered ${res.statusCode}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const simulate = <T>(emulatorUrl: string, path: string, body: unknown = {}) => emulatorCall<T>(emulatorUrl, 'POST', path, body);

interface EmulatorState {
  users: { id: string; login: string }[];
  clients: { client_id: string; name: string; type: string }[];
}

/** The demo seed's confidential client and broadcaster, read from the emulator's state. */
export async function demoIdentities(emulatorUrl: string): Promise<{ clientId: string; broadcasterId: string }> {
  const state = await emulatorCall<EmulatorState>(emulatorUrl, 'GET', '/_emulator/state');
  const client = state.clients.find((c) => c.type === 'confidential');
  const broadcaster = state.users.find((u) => u.login === 'sidestage_demo');
  if (!client || !broadcaster) throw new Error('the demo seed is missing its client or broadcaster');
  return { clientId: client.client_id, broadcasterId: broadcaster.id };
}

/** What the platform holds, read with a fresh broadcaster token; `{id}` in the path is the broadcaster. */
export async function helixAsBroadcaster<T>(emulatorUrl: string, path: string, scopes: string[]): Promise<T> {
  const { clientId, broadcasterId } = await demoIdentities(emulatorUrl);
  const token = await simulate<{ access_token: string }>(emulatorUrl, '/_emulator/tokens', { client_id: clientId, user_id: broadcasterId, scopes });
  return emulatorCall<T>(emulatorUrl, 'GET', path.replaceAll('{id}', broadcasterId), undefined, {
    authorization: `Bearer ${token.access_token}`,
    'client-id': clientId,
  });
}

/** Reads the demo broadcaster's stream key the way any client would: a token, then the API. */
export async function demoStreamKey(emulatorUrl: string): Promise<string> {
  const key = await helixAsBroadcaster<{ data: { stream_key: string }[] }>(emulatorUrl, '/helix/streams/key?broadcaster_id={id}', ['channel:read:stream_key']);
  const streamKey = key.data[0]?.stream_key;
  if (!streamKey) throw new Error('the emulator returned no stream key');
  return streamKey;
}
