/**
 * The emulator's GET /helix/users (token check, Client-Id, rate-limit bucket, lookup, JSON) beside
 * a bare node:http server answering the same bytes, side by side in one run on loopback.
 */
import { request } from 'undici';
import { startEmulator } from '../src/emulator/server';
import { createSimulationClient } from '../src/emulator/simulation-client';
import { RateLimiter } from '../src/emulator/domain/stores/rate-limiter';
import { startBareServer } from './support/bare-server';
import { formatLoad, loadTest } from './support/http-load';

export async function run(options: { durationSeconds: number }): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: 'demo' });
  try {
    const demo = emulator.demo!;
    const sim = createSimulationClient({ baseUrl: emulator.url });
    const { access_token: token } = await sim.mintToken({ client_id: demo.clientId, user_id: demo.broadcaster.id, scopes: [], expires_in: 86_400 });
    // Each user token has an 800-points-per-minute bucket, which a load test spends in well under a
    // second: the benchmark measures the 200 path (bucket accounting included) with a larger bucket.
    emulator.state.rateLimiter = new RateLimiter(1_000_000_000);
    const headers = { authorization: `Bearer ${token}`, 'client-id': demo.clientId };
    const url = `${emulator.url}/helix/users?id=${demo.broadcaster.id}&login=pixelpal`;

    const sample = await request(url, { headers });
    const body = await sample.body.text();
    if (sample.statusCode !== 200) throw new Error(`GET /helix/users answered ${sample.statusCode}: ${body}`);
    const bare = await startBareServer(200, { 'content-type': 'application/json; charset=utf-8' }, body);
    try {
      const warm = { durationSeconds: 1 };
      await loadTest({ url, headers, ...warm });
      await loadTest({ url: bare.url, ...warm });
      const emu = await loadTest({ url, headers, durationSeconds: options.durationSeconds });
      const base = await loadTest({ url: bare.url, durationSeconds: options.durationSeconds });
      console.log('GET /helix/users (10 connections, loopback)');
      console.log(formatLoad('  emulator', emu));
      console.log(formatLoad('  baseline: bare node:http', base));
      console.log(`  emulator / baseline: ${(emu.requestsPerSecond / base.requestsPerSecond).toFixed(2)}x throughput, ${(emu.p99Ms / Math.max(base.p99Ms, 0.001)).toFixed(2)}x p99`);
    } finally {
      await bare.close();
    }
  } finally {
    await emulator.close();
  }
}
