import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { startEmulator, type RunningEmulator } from '../../server';

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'empty' });
});
afterAll(() => emu.close());

interface Ingest {
  _id: number;
  name: string;
  url_template: string;
  url_template_secure: string;
  availability: number;
  default: boolean;
  priority: number;
}

function tryConnect(port: number): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', () => resolve('refused'));
  });
}

const portOf = (template: string): number => Number(/^rtmps?:\/\/127\.0\.0\.1:(\d+)\/app\/\{stream_key\}$/.exec(template)?.[1]);

describe('GET /ingests', () => {
  it('lists about a dozen servers in the platform shape, without auth, even with the empty seed', async () => {
    const res = await call(`${emu.url}/ingests`);
    expect(res.status).toBe(200);
    const ingests = res.json.ingests as Ingest[];
    expect(ingests.length).toBeGreaterThanOrEqual(12);
    for (const ingest of ingests) {
      expect(ingest).toEqual({
        _id: expect.any(Number),
        name: expect.any(String),
        url_template: expect.stringMatching(/^rtmp:\/\/127\.0\.0\.1:\d+\/app\/\{stream_key\}$/),
        url_template_secure: expect.stringMatching(/^rtmps:\/\/127\.0\.0\.1:\d+\/app\/\{stream_key\}$/),
        availability: expect.any(Number),
        default: expect.any(Boolean),
        priority: expect.any(Number),
      });
      expect(portOf(ingest.url_template_secure)).toBe(portOf(ingest.url_template));
    }
    expect(new Set(ingests.map((i) => i._id)).size).toBe(ingests.length);
    expect(ingests.map((i) => i.name)).toContain('EU Central: Frankfurt, DE');
    expect(ingests.filter((i) => /deprecated/i.test(i.name))).toHaveLength(1);
  });

  it('answers a TCP connect on every listed server but the unreachable and deprecated ones', async () => {
    const ingests = (await call(`${emu.url}/ingests`)).json.ingests as Ingest[];
    const results = await Promise.all(ingests.map(async (i) => ({ name: i.name, result: await tryConnect(portOf(i.url_template)) })));
    const refused = results.filter((r) => r.result === 'refused').map((r) => r.name);
    expect(refused).toHaveLength(2);
    expect(refused.some((name) => /deprecated/i.test(name))).toBe(true);
    expect(results.filter((r) => r.result === 'connected').length).toBe(ingests.length - 2);
  });

  it('closes the listeners with the emulator', async () => {
    const other = await startEmulator({ seed: 'empty' });
    const port = portOf(((await call(`${other.url}/ingests`)).json.ingests as Ingest[])[0]!.url_template);
    expect(await tryConnect(port)).toBe('connected');
    await other.close();
    expect(await tryConnect(port)).toBe('refused');
  });
});
