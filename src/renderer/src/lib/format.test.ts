import { describe, expect, it } from 'vitest';
import { formatBroadcasterType, formatClockTime, formatConnection, formatLatency, streamKeyForEncoder } from './format';

describe('formatLatency', () => {
  it('rounds measured medians to whole milliseconds', () => {
    expect(formatLatency({ status: 'ok', medianMs: 12.4, rounds: 3 })).toBe('12 ms');
    expect(formatLatency({ status: 'ok', medianMs: 12.5, rounds: 3 })).toBe('13 ms');
  });

  it('says "<1 ms" rather than "0 ms" for sub-millisecond answers', () => {
    expect(formatLatency({ status: 'ok', medianMs: 0.2, rounds: 3 })).toBe('<1 ms');
  });

  it('gives the reason for unreachable servers and says when nothing was measured', () => {
    expect(formatLatency({ status: 'unreachable', reason: 'connection refused' })).toBe('unreachable: connection refused');
    expect(formatLatency({ status: 'untested' })).toBe('not measured');
  });
});

describe('labels', () => {
  it('names broadcaster types', () => {
    expect(formatBroadcasterType('partner')).toBe('Partner');
    expect(formatBroadcasterType('affiliate')).toBe('Affiliate');
    expect(formatBroadcasterType('')).toBe('Not affiliate or partner');
  });

  it('names connection states', () => {
    expect(formatConnection('connected')).toBe('Connected');
    expect(formatConnection('connecting')).toBe('Connecting…');
    expect(formatConnection('disconnected')).toBe('Disconnected');
  });

  it('keeps an unparseable timestamp as is', () => {
    expect(formatClockTime('soon')).toBe('soon');
    expect(formatClockTime('2030-01-01T10:05:00Z', { locale: 'en-GB' })).toMatch(/^\d\d:05$/);
    expect(formatClockTime('2030-01-01T10:05:09Z', { locale: 'en-GB', seconds: true })).toMatch(/^\d\d:05:09$/);
  });
});

describe('streamKeyForEncoder', () => {
  it('is the key itself without the bandwidth test', () => {
    expect(streamKeyForEncoder({ streamKey: 'live_1_abc', url: 'rtmp://h/app/live_1_abc' })).toBe('live_1_abc');
  });

  it('carries the bandwidth-test suffix from the URL when the key lacks it', () => {
    expect(
      streamKeyForEncoder({ streamKey: 'live_1_abc', url: 'rtmp://h/app/live_1_abc?bandwidthtest=true' }),
    ).toBe('live_1_abc?bandwidthtest=true');
  });

  it('does not double a suffix main already put in the key', () => {
    expect(
      streamKeyForEncoder({
        streamKey: 'live_1_abc?bandwidthtest=true',
        url: 'rtmp://h/app/live_1_abc?bandwidthtest=true',
      }),
    ).toBe('live_1_abc?bandwidthtest=true');
  });

  it('falls back to the key when the URL does not contain it', () => {
    expect(streamKeyForEncoder({ streamKey: 'live_1_abc', url: 'rtmp://h/app/{stream_key}' })).toBe('live_1_abc');
  });
});
