import { describe, expect, it } from 'vitest';
import { IngestSessionStore, type IngestSession } from './ingest-sessions';

const record = (id: string, state: IngestSession['state']): IngestSession => ({
  id,
  serverId: 24,
  serverName: 'US West: San Francisco, CA',
  userId: null,
  streamId: null,
  bandwidthTest: false,
  state,
  reason: null,
  bytes: 0,
  bitrateKbps: 0,
  videoCodec: null,
  audioCodec: null,
  width: null,
  height: null,
  fps: null,
  keyframeIntervalS: null,
  startedAt: 0,
  endedAt: null,
});

describe('IngestSessionStore', () => {
  it('keeps the latest 200 finished sessions and every one in progress', () => {
    const store = new IngestSessionStore();
    store.add(record('live', 'publishing'));
    for (let i = 0; i < 205; i += 1) store.add(record(`done-${i}`, i % 2 ? 'ended' : 'refused'));
    const ids = store.list().map((s) => s.id);
    expect(ids).toHaveLength(201);
    expect(ids).toContain('live');
    expect(ids).not.toContain('done-4');
    expect(ids).toContain('done-5');
    expect(ids).toContain('done-204');
  });

  it('hands a key reset to the running ingest, and to nobody once it is gone', () => {
    const store = new IngestSessionStore();
    const resets: string[] = [];
    store.onKeyReset((userId) => resets.push(userId));
    store.keyReset('1');
    store.onKeyReset(null);
    store.keyReset('2');
    expect(resets).toEqual(['1']);
  });
});
