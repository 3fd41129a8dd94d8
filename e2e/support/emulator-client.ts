/** The emulator's simulation API, for tests that check what the platform holds. */
import { request } from 'undici';

async function json<T>(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${method} ${url} answered ${res.statusCode}: ${text}`);
  return JSON.parse(text) as T;
}

interface EmulatorState {
  users: { id: string; login: string }[];
  clients: { client_id: string; name: string; type: string }[];
}

/** Reads the demo broadcaster's stream key the way any client would: a token, then the API. */
export async function demoStreamKey(emulatorUrl: string): Promise<string> {
  const state = await json<EmulatorState>('GET', `${emulatorUrl}/_emulator/state`);
  const client = state.clients.find((c) => c.type === 'confidential');
  const broadcaster = state.users.find((u) => u.login === 'sidestage_demo');
  if (!client || !broadcaster) throw new Error('the demo seed is missing its client or broadcaster');
  const token = await json<{ access_token: string }>('POST', `${emulatorUrl}/_emulator/tokens`, {
    client_id: client.client_id,
    user_id: broadcaster.id,
    scopes: ['channel:read:stream_key'],
  });
  const key = await json<{ data: { stream_key: string }[] }>('GET', `${emulatorUrl}/helix/streams/key?broadcaster_id=${broadcaster.id}`, undefined, {
    authorization: `Bearer ${token.access_token}`,
    'client-id': client.client_id,
  });
  const streamKey = key.data[0]?.stream_key;
  if (!streamKey) throw new Error('the emulator returned no stream key');
  return streamKey;
}
