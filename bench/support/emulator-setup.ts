/** A demo emulator with tokens, for benchmarks that talk to it like any client would. */
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import { createSimulationClient, type SimulationClient } from '../../src/emulator/simulation-client';
import { RateLimiter } from '../../src/emulator/domain/stores/rate-limiter';

export interface BenchEmulator {
  emulator: RunningEmulator;
  clientId: string;
  broadcasterId: string;
  /** Headers of a broadcaster token with the given scopes. */
  headersFor(scopes: string[], userId?: string): Promise<Record<string, string>>;
  /** The emulator's simulation API. */
  sim: SimulationClient;
  close(): Promise<void>;
}

export async function startBenchEmulator(): Promise<BenchEmulator> {
  const emulator = withoutRateLimit(await startEmulator({ port: 0, seed: 'demo' }));
  const demo = emulator.demo!;
  const sim = createSimulationClient({ baseUrl: emulator.url });
  return {
    emulator,
    clientId: demo.clientId,
    broadcasterId: demo.broadcaster.id,
    sim,
    async headersFor(scopes, userId = demo.broadcaster.id) {
      const token = await sim.mintToken({ client_id: demo.clientId, user_id: userId, scopes, expires_in: 86_400 });
      return { authorization: `Bearer ${token.access_token}`, 'client-id': demo.clientId };
    },
    close: () => emulator.close(),
  };
}

/**
 * An 800-points-per-minute bucket is spent by a load test in well under a second: benchmarks
 * measure the answered path (bucket accounting included) with a bucket large enough for them.
 */
export function withoutRateLimit(emulator: RunningEmulator): RunningEmulator {
  emulator.state.rateLimiter = new RateLimiter(1_000_000_000);
  return emulator;
}
