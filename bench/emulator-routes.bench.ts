/**
 * Request throughput on three representative routes of the emulator, each beside a bare
 * node:http server answering the same status and bytes, side by side in one run on loopback:
 * a list with filters, a write with validation, an authorized read.
 */
import { request } from 'undici';
import { startBareServer } from './support/bare-server';
import { startBenchEmulator } from './support/emulator-setup';
import { combineRounds, formatLoad, loadTest, type LoadResult } from './support/http-load';

interface Route {
  name: string;
  method: 'GET' | 'PATCH';
  path: string;
  scopes: string[];
  body?: string;
}

export async function run(options: { durationSeconds: number }): Promise<void> {
  const bench = await startBenchEmulator();
  try {
    await bench.sim.streamOnline(bench.broadcasterId, { title: 'Benchmark stream', viewer_count: 120 });
    const id = bench.broadcasterId;
    const routes: Route[] = [
      { name: 'list with filters: GET /helix/videos', method: 'GET', path: `/helix/videos?user_id=${id}&type=archive&sort=time&first=5`, scopes: [] },
      {
        name: 'write with validation: PATCH /helix/chat/settings',
        method: 'PATCH',
        path: `/helix/chat/settings?broadcaster_id=${id}&moderator_id=${id}`,
        scopes: ['moderator:manage:chat_settings'],
        body: JSON.stringify({ slow_mode: true, slow_mode_wait_time: 30, follower_mode: true, follower_mode_duration: 10 }),
      },
      { name: 'authorized read: GET /helix/streams/key', method: 'GET', path: `/helix/streams/key?broadcaster_id=${id}`, scopes: ['channel:read:stream_key'] },
    ];
    console.log('10 connections each, loopback; baseline: bare node:http answering the same bytes');
    for (const route of routes) {
      const headers = { ...(await bench.headersFor(route.scopes)), ...(route.body ? { 'content-type': 'application/json' } : {}) };
      const url = `${bench.emulator.url}${route.path}`;
      const sample = await request(url, { method: route.method, headers, body: route.body });
      const body = await sample.body.text();
      if (sample.statusCode !== 200) throw new Error(`${route.name} answered ${sample.statusCode}: ${body}`);
      const bare = await startBareServer(200, { 'content-type': 'application/json; charset=utf-8' }, body);
      try {
        const load = { method: route.method, headers, body: route.body };
        await loadTest({ url, ...load, durationSeconds: 1 });
        await loadTest({ url: bare.url, ...load, durationSeconds: 1 });
        // One-second rounds, alternating, so that a machine shared with other work slows both alike.
        const emuRounds: LoadResult[] = [];
        const baseRounds: LoadResult[] = [];
        for (let round = 0; round < Math.max(1, options.durationSeconds); round += 1) {
          emuRounds.push(await loadTest({ url, ...load, durationSeconds: 1 }));
          baseRounds.push(await loadTest({ url: bare.url, ...load, durationSeconds: 1 }));
        }
        const emu = combineRounds(emuRounds);
        const base = combineRounds(baseRounds);
        console.log(route.name);
        console.log(formatLoad('  emulator', emu));
        console.log(formatLoad('  baseline: bare node:http', base));
        console.log(`  emulator / baseline: ${(emu.requestsPerSecond / base.requestsPerSecond).toFixed(2)}x throughput`);
      } finally {
        await bare.close();
      }
    }
  } finally {
    await bench.close();
  }
}
