import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { background } from './background';

describe('background', () => {
  it('logs a failure of work nobody awaits instead of leaving it unhandled', async () => {
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (message, fields) => lines.push([message, fields]) };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const error = new Error('offline');
      background(Promise.reject(error), logger, 'charity: a refresh');
      background(Promise.resolve(), logger, 'nothing');
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toEqual([['charity: a refresh failed', { error }]]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
