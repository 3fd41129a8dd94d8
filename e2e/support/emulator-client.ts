/**
 * The emulator as the end-to-end tests use it: its simulation API through the emulator's one typed
 * client, and its current API as any client would call it.
 */
import { expect } from '@playwright/test';
import { createSimulationClient, type SimulationClient } from '../../src/emulator/simulation-client';

/** The typed simulation-API client of the emulator at `emulatorUrl`. */
export function simulation(emulatorUrl: string): SimulationClient {
  return createSimulationClient({ baseUrl: emulatorUrl, timeoutMs: 10_000 });
}

/**
 * Waits until the app holds an enabled EventSub subscription of each type: an event simulated
 * before its subscription exists is never delivered (as on the platform).
 */
export async function untilSubscribed(sim: SimulationClient, types: readonly string[]): Promise<void> {
  await expect
    .poll(async () => {
      const { subscriptions } = await sim.eventSubSubscriptions();
      return types.every((type) => subscriptions.some((s) => s.type === type && s.status === 'enabled'));
    }, { message: `EventSub subscriptions to ${types.join(', ')}` })
    .toBe(true);
}

/** The demo seed's confidential client and broadcaster, read from the emulator's state. */
export async function demoIdentities(emulatorUrl: string): Promise<{ clientId: string; broadcasterId: string }> {
  const state = await simulation(emulatorUrl).state();
  const client = state.clients.find((c) => c.type === 'confidential');
  const broadcaster = state.users.find((u) => u.login === 'sidestage_demo');
  if (!client || !broadcaster) throw new Error('the demo seed is missing its client or broadcaster');
  return { clientId: client.client_id, broadcasterId: broadcaster.id };
}

/** What the platform holds, read with a fresh broadcaster token; `{id}` in the path is the broadcaster. */
export async function helixAsBroadcaster<T>(emulatorUrl: string, path: string, scopes: string[]): Promise<T> {
  const { clientId, broadcasterId } = await demoIdentities(emulatorUrl);
  const token = await simulation(emulatorUrl).mintToken({ client_id: clientId, user_id: broadcasterId, scopes });
  const res = await fetch(`${emulatorUrl}${path.replaceAll('{id}', broadcasterId)}`, {
    headers: { authorization: `Bearer ${token.access_token}`, 'client-id': clientId },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Reads the demo broadcaster's stream key the way any client would: a token, then the API. */
export async function demoStreamKey(emulatorUrl: string): Promise<string> {
  const key = await helixAsBroadcaster<{ data: { stream_key: string }[] }>(emulatorUrl, '/helix/streams/key?broadcaster_id={id}', ['channel:read:stream_key']);
  const streamKey = key.data[0]?.stream_key;
  if (!streamKey) throw new Error('the emulator returned no stream key');
  return streamKey;
}
