import { describe, expect, it } from 'vitest';
import { ApiError } from '../domain/api-error';
import { cursorPage, decodePageCursor, encodePageCursor } from './bidirectional-cursor';
import { RequestParams } from './request-params';

const items = Array.from({ length: 7 }, (_, i) => i);
const page = (query: Record<string, string>, options?: Parameters<typeof cursorPage>[2]) => cursorPage(items, new RequestParams(query), options);

describe('cursorPage', () => {
  it('pages forward to an empty pagination at the end', () => {
    const first = page({ first: '3' });
    expect(first.items).toEqual([0, 1, 2]);
    const second = page({ first: '3', after: first.pagination.cursor! });
    expect(second.items).toEqual([3, 4, 5]);
    const last = page({ first: '3', after: second.pagination.cursor! });
    expect(last).toEqual({ items: [6], pagination: {} });
  });

  it('pages backward with the same cursor', () => {
    const second = page({ first: '3', after: page({ first: '3' }).pagination.cursor! });
    const back = page({ first: '3', before: second.pagination.cursor! });
    expect(back).toEqual({ items: [0, 1, 2], pagination: {} });
    const fromEnd = page({ first: '2', before: encodePageCursor(6, 7) });
    expect(fromEnd.items).toEqual([4, 5]);
    expect(fromEnd.pagination.cursor).toBeDefined();
  });

  it('defaults to 20 and accepts 1-100', () => {
    expect(cursorPage(Array.from({ length: 30 }, (_, i) => i), new RequestParams({})).items).toHaveLength(20);
    expect(page({ first: '100' }).items).toHaveLength(7);
    for (const first of ['0', '101', 'x', '-1']) expect(() => page({ first })).toThrow(ApiError);
  });

  it('rejects cursors that do not decode, and after together with before', () => {
    for (const cursor of ['!!', 'bm90IGpzb24', encodeURIComponent('{"a":1}'), Buffer.from('{"b":{"Offset":3},"a":{"Offset":1}}').toString('base64url')]) {
      expect(() => page({ after: cursor })).toThrow(/not a valid pagination cursor/);
    }
    const cursor = encodePageCursor(0, 3);
    expect(() => page({ after: cursor, before: cursor })).toThrow(ApiError);
  });

  it('ignores before on forward-only lists, and answers the first page in first-page mode', () => {
    const cursor = encodePageCursor(3, 6);
    expect(page({ first: '2', before: cursor }, { before: 'ignored' }).items).toEqual([0, 1]);
    expect(page({ first: '2', before: 'garbage!' }, { before: 'first-page' }).items).toEqual([0, 1]);
  });

  it('round-trips its offsets and clamps a stale cursor to the list', () => {
    expect(decodePageCursor(encodePageCursor(4, 9))).toEqual({ start: 4, end: 9 });
    expect(page({ after: encodePageCursor(50, 60) })).toEqual({ items: [], pagination: {} });
  });
});
