import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GLOBAL_CHEERMOTE_PREFIXES } from '../../catalogue/cheermotes';
import { call } from '../../test-support/emulator-test-client';
import { startEmulator } from '../../server';
import { useDemoEmulator } from '../../test-support/demo-emulator';
import { imageDimensions } from '../../http/image-dimensions';
import { V5_MEDIA_TYPE } from '../../http/kraken-route';
import { v5Headers } from '../../test-support/v5-test-helpers';

const demo = useDemoEmulator();

const actions = (query = '') => demo.kraken(`/bits/actions${query}`);

/** Decodes a GIF's first image (LZW) into palette indices: checks the served GIFs really decode. */
function decodeGifIndices(gif: Buffer): { palette: number[]; indices: number[] } {
  const packed = gif[10]!;
  const paletteSize = packed & 0x80 ? 2 << (packed & 7) : 0;
  const palette = [...gif.subarray(13, 13 + paletteSize * 3)];
  let i = 13 + paletteSize * 3;
  expect(gif[i]).toBe(0x2c);
  i += 10;
  const minCodeSize = gif[i++]!;
  const data: number[] = [];
  while (gif[i] !== 0) {
    const length = gif[i]!;
    data.push(...gif.subarray(i + 1, i + 1 + length));
    i += 1 + length;
  }
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let size = minCodeSize + 1;
  let dict: number[][] = [];
  const reset = () => {
    dict = Array.from({ length: clear + 2 }, (_, k) => (k < clear ? [k] : []));
    size = minCodeSize + 1;
  };
  reset();
  const out: number[] = [];
  let previous: number[] | null = null;
  let bit = 0;
  for (;;) {
    let code = 0;
    for (let b = 0; b < size; b++, bit++) code |= ((data[bit >> 3]! >> (bit & 7)) & 1) << b;
    if (code === clear) {
      reset();
      previous = null;
      continue;
    }
    if (code === end) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code]!;
    else if (previous) entry = [...previous, previous[0]!];
    else throw new Error('bad LZW stream');
    out.push(...entry);
    if (previous) dict.push([...previous, entry[0]!]);
    previous = entry;
    if (dict.length === 1 << size && size < 12) size++;
  }
  return { palette, indices: out };
}

describe('GET /kraken/bits/actions', () => {
  it('lists the global cheermotes in the legacy shape', async () => {
    const res = await actions();
    expect(res.status).toBe(200);
    expect(res.json.actions.map((a: { prefix: string }) => a.prefix)).toEqual(GLOBAL_CHEERMOTE_PREFIXES);
    const cheer = res.json.actions[0];
    expect(Object.keys(cheer)).toEqual(['prefix', 'backgrounds', 'scales', 'states', 'tiers']);
    expect(cheer).toMatchObject({ prefix: 'Cheer', backgrounds: ['light', 'dark'], scales: ['1', '1.5', '2', '3', '4'], states: ['static', 'animated'] });
    expect(cheer.tiers.map((t: { id: string; min_bits: number; color: string }) => [t.id, t.min_bits, t.color])).toEqual([
      ['1', 1, '#979797'],
      ['100', 100, '#9c3ee8'],
      ['1000', 1000, '#1db2a5'],
      ['5000', 5000, '#0099fe'],
      ['10000', 10000, '#f43021'],
    ]);
    const images = cheer.tiers[1].images;
    expect(Object.keys(images)).toEqual(['light', 'dark']);
    expect(Object.keys(images.dark)).toEqual(['static', 'animated']);
    expect(Object.keys(images.dark.animated).sort()).toEqual(['1', '1.5', '2', '3', '4']);
    expect(images.dark.animated['1.5']).toBe(`${demo.url}/static/cheermotes/cheer/dark/animated/100/1.5.gif`);
    expect(images.light.static['4']).toBe(`${demo.url}/static/cheermotes/cheer/light/static/100/4.png`);
  });

  it('adds the channel’s own cheermote with channel_id', async () => {
    const res = await actions(`?channel_id=${demo.broadcasterId}`);
    expect(res.json.actions).toHaveLength(GLOBAL_CHEERMOTE_PREFIXES.length + 1);
    expect(res.json.actions[0].prefix).toBe('sidestageCheer');
    expect((await actions('?channel_id=612345001')).json.actions).toHaveLength(GLOBAL_CHEERMOTE_PREFIXES.length);
    expect((await actions('?channel_id=abc')).json).toEqual({ error: 'Bad Request', status: 400, message: 'Invalid parameter "channel_id": must be a numeric channel ID' });
  });

  it('is also served at /v5/bits/actions', async () => {
    const res = await call(`${demo.url}/v5/bits/actions?channel_id=${demo.broadcasterId}`, { headers: { 'client-id': demo.clientId, accept: V5_MEDIA_TYPE } });
    expect(res.json).toEqual((await actions(`?channel_id=${demo.broadcasterId}`)).json);
  });

  it('channels’ cheermotes are set through the simulation API', async () => {
    const set = await demo.simulate('/cheermotes', { channel_id: '612345001', prefix: 'pixelCheer' });
    expect(set.json.action.prefix).toBe('pixelCheer');
    expect((await actions('?channel_id=612345001')).json.actions[0].prefix).toBe('pixelCheer');
    await demo.simulate('/cheermotes', { channel_id: '612345001', prefix: null });
    expect((await actions('?channel_id=612345001')).json.actions[0].prefix).toBe('Cheer');
    expect((await demo.simulate('/cheermotes', { channel_id: '612345001', prefix: 'bad prefix!' })).status).toBe(400);
  });

  it('is part of the platform catalogue: the empty seed has it too', async () => {
    const empty = await startEmulator({ seed: 'empty' });
    try {
      const client = await call(`${empty.url}/_emulator/clients`, { json: { name: 'Bare', redirect_uris: [] } });
      const res = await call(`${empty.url}/kraken/bits/actions`, { headers: v5Headers(client.json.client_id) });
      expect(res.json.actions).toHaveLength(GLOBAL_CHEERMOTE_PREFIXES.length);
    } finally {
      await empty.close();
    }
  });
});

describe('cheermote images', () => {
  it('are real images of the scale’s size in the tier colour', async () => {
    const images = (await actions()).json.actions[0].tiers[1].images;
    const png = Buffer.from(await (await fetch(images.light.static['1'])).arrayBuffer());
    expect(imageDimensions(png)).toEqual({ format: 'png', width: 28, height: 28 });
    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    const raw = inflateSync(idat);
    expect(raw.length).toBe(28 * (1 + 28 * 3));
    expect([...raw.subarray(1, 4)]).toEqual([0x9c, 0x3e, 0xe8]);

    const response = await fetch(images.dark.animated['4']);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const gif = Buffer.from(await response.arrayBuffer());
    expect(imageDimensions(gif)).toEqual({ format: 'gif', width: 112, height: 112 });
    const decoded = decodeGifIndices(gif);
    expect(decoded.indices).toHaveLength(112 * 112);
    expect(decoded.indices.every((index) => index === 0)).toBe(true);
    expect(decoded.palette.slice(0, 3)).toEqual([0x9c, 0x3e, 0xe8]);

    const half = Buffer.from(await (await fetch(images.dark.static['1.5'])).arrayBuffer());
    expect(imageDimensions(half)).toMatchObject({ width: 42, height: 42 });
  });

  it('answer 404 for paths that are not a cheermote image', async () => {
    for (const path of ['cheer/dark/static/100/5.png', 'cheer/dark/static/100/1.gif', 'cheer/dark/animated/100/1.png', 'cheer/grey/static/100/1.png', 'cheer/dark/static/7/1.png']) {
      expect((await fetch(`${demo.url}/static/cheermotes/${path}`)).status, path).toBe(404);
    }
  });
});
