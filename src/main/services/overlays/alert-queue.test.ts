import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertQueueState } from '../../../shared/ipc/schemas/overlays';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { AlertQueue, MAX_WAITING_CUSTOM, type QueuedAlert } from './alert-queue';

const follow = (n: number, extra: Partial<QueuedAlert> = {}): Omit<QueuedAlert, 'ofKind' | 'count'> => ({
  id: `event:f${n}`,
  kind: 'follow',
  text: `viewer${n} just followed!`,
  imageId: null,
  soundId: null,
  volume: 1,
  durationMs: 5_000,
  test: false,
  ...extra,
});

describe('AlertQueue', () => {
  let dataDir: string;
  let clock: FakeClock;
  let queues: AlertQueue[];
  let states: AlertQueueState[];
  let options: { gapMs: number; summaryAfter: number };
  let notices: DataRecoveryNotices;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-alert-queue-'));
    clock = createFakeClock();
    queues = [];
    states = [];
    options = { gapMs: 1_000, summaryAfter: 5 };
    notices = new DataRecoveryNotices(silentLogger);
  });
  afterEach(async () => {
    for (const queue of queues) await queue.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(): Promise<AlertQueue> {
    const queue = await AlertQueue.open({ dataDir, logger: silentLogger, notices, clock, gapMs: () => options.gapMs, summaryAfter: () => options.summaryAfter });
    queue.onChange((state) => states.push(state));
    queues.push(queue);
    return queue;
  }

  /** The text on screen once the queue has told it (after its save). */
  async function showingText(queue: AlertQueue, text: string | null): Promise<void> {
    await waitUntil(() => (queue.showing()?.alert.text ?? null) === text && (states.at(-1)?.showing?.text ?? null) === text, 2_000, `showing ${text}`);
  }

  it('shows one alert at a time, in order, with the gap between two', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    queue.enqueue(follow(1), { eventId: 'f1', summarise: 'follow' });
    queue.enqueue(follow(2), { eventId: 'f2', summarise: 'follow' });
    await showingText(queue, 'viewer1 just followed!');
    expect(queue.getState().waiting.map((w) => w.text)).toEqual(['viewer2 just followed!']);
    clock.advance(4_999);
    expect(queue.showing()?.alert.text).toBe('viewer1 just followed!');
    clock.advance(1);
    await showingText(queue, null);
    expect(queue.getState().last?.text).toBe('viewer1 just followed!');
    // The gap: nothing for a second.
    clock.advance(999);
    await showingText(queue, null);
    clock.advance(1);
    await showingText(queue, 'viewer2 just followed!');
  });

  it('tells a page of an alert only once its start is on disk', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    const told: { page: string; onDisk: string | null }[] = [];
    queue.onChange(() => {
      const page = queue.showing();
      if (!page) return;
      const saved = JSON.parse(readFileSync(join(dataDir, 'alert-queue.json'), 'utf8')) as { showing: { alert: { id: string } } | null };
      told.push({ page: page.alert.id, onDisk: saved.showing?.alert.id ?? null });
    });
    queue.enqueue(follow(1), { eventId: 'f1' });
    await waitUntil(() => told.length > 0, 2_000, 'the start told');
    expect(told.every((t) => t.page === 'event:f1' && t.onDisk === 'event:f1')).toBe(true);
  });

  it('tells each alert of a burst as its start lands, not once the burst is over', async () => {
    options.gapMs = 0;
    const queue = await open();
    queue.setPagesOpen(1);
    const pageSaw: string[] = [];
    queue.onChange(() => {
      const id = queue.showing()?.alert.id;
      if (id && pageSaw.at(-1) !== id) pageSaw.push(id);
    });
    queue.enqueue(follow(1, { durationMs: 1_000 }), { eventId: 'f1' });
    queue.enqueue(follow(2, { durationMs: 1_000 }), { eventId: 'f2' });
    await waitUntil(() => pageSaw.length === 1);
    // Changes keep coming (a burst: one on every turn of the event loop, so every write has a newer
    // one behind it) while the next alert starts: its start is still told.
    let n = 3;
    let bursting = true;
    const spin = () => {
      if (!bursting) return;
      queue.enqueue(follow(n), { eventId: `f${n++}` });
      setImmediate(spin);
    };
    spin();
    try {
      clock.advance(1_000);
      await waitUntil(() => pageSaw.length === 2, 2_000, 'the second alert told during the burst');
    } finally {
      bursting = false;
    }
    expect(pageSaw).toEqual(['event:f1', 'event:f2']);
  });

  it('summarises a backlog of one type rather than playing it for an hour', async () => {
    options.summaryAfter = 3;
    const queue = await open();
    for (let i = 1; i <= 43; i++) queue.enqueue(follow(i), { eventId: `f${i}`, summarise: 'follow' });
    queue.enqueue({ ...follow(100), id: 'event:c1', kind: 'cheer', text: 'a cheer' }, { eventId: 'c1', summarise: 'cheer' });
    await waitUntil(() => states.at(-1)?.waitingCount === 44);
    const state = queue.getState();
    expect(state.waiting.map((w) => w.text)).toEqual(['viewer1 just followed!', 'viewer2 just followed!', 'viewer3 just followed!', 'and 40 more follows', 'a cheer']);
    expect(state.waiting[3]!.kind).toBe('summary');
    // More of the same while the summary waits join it.
    queue.enqueue(follow(44), { eventId: 'f44', summarise: 'follow' });
    expect(queue.getState().waiting[3]!.text).toBe('and 41 more follows');
  });

  it('waits while no alerts page is open, and starts when one opens', async () => {
    const queue = await open();
    queue.enqueue(follow(1), { eventId: 'f1' });
    await waitUntil(() => states.length > 0);
    expect(queue.getState()).toMatchObject({ showing: null, waitingCount: 1, pagesOpen: 0 });
    queue.setPagesOpen(1);
    await showingText(queue, 'viewer1 just followed!');
  });

  it('pauses during an ad break and resumes after it', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    queue.pauseForAdBreak(clock.now() + 30_000);
    queue.enqueue(follow(1), { eventId: 'f1' });
    await waitUntil(() => states.at(-1)?.waitingCount === 1);
    expect(queue.getState().adBreakEndsAt).toBe(new Date(clock.now() + 30_000).toISOString());
    clock.advance(29_999);
    expect(queue.showing()).toBeNull();
    clock.advance(1);
    await showingText(queue, 'viewer1 just followed!');
    expect(queue.getState().adBreakEndsAt).toBeNull();
  });

  it('pauses and resumes by hand; Resume also ends an ad break wait', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    queue.pause();
    queue.enqueue(follow(1), { eventId: 'f1' });
    await waitUntil(() => states.at(-1)?.pausedByHand === true && states.at(-1)?.waitingCount === 1);
    clock.advance(60_000);
    expect(queue.showing()).toBeNull();
    queue.pauseForAdBreak(clock.now() + 90_000);
    queue.resume();
    await showingText(queue, 'viewer1 just followed!');
    expect(queue.getState()).toMatchObject({ pausedByHand: false, adBreakEndsAt: null });
  });

  it('skips the alert on screen, and replays the last one next', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    expect(() => queue.replay()).toThrow(/nothing to replay/);
    queue.enqueue(follow(1), { eventId: 'f1' });
    queue.enqueue(follow(2), { eventId: 'f2' });
    await showingText(queue, 'viewer1 just followed!');
    queue.skip();
    await showingText(queue, null);
    queue.replay();
    expect(queue.getState().waiting.map((w) => w.text)).toEqual(['viewer1 just followed!', 'viewer2 just followed!']);
    clock.advance(1_000);
    await showingText(queue, 'viewer1 just followed!');
  });

  it('accepts an event once, also after a restart; the alert on screen at the stop is not shown again; waiting ones continue', async () => {
    const first = await open();
    first.setPagesOpen(1);
    expect(first.enqueue(follow(1), { eventId: 'f1' })).toBe(true);
    expect(first.enqueue(follow(1), { eventId: 'f1' })).toBe(false);
    first.enqueue(follow(2), { eventId: 'f2' });
    await showingText(first, 'viewer1 just followed!');
    await first.dispose();

    states = [];
    const second = await open();
    expect(second.enqueue(follow(1), { eventId: 'f1' })).toBe(false);
    expect(second.enqueue(follow(2), { eventId: 'f2' })).toBe(false);
    expect(second.getState()).toMatchObject({ showing: null, last: { text: 'viewer1 just followed!' }, waiting: [{ text: 'viewer2 just followed!' }] });
    second.setPagesOpen(1);
    await showingText(second, 'viewer2 just followed!');
  });

  it('keeps a pause by hand and an ad break across a restart', async () => {
    const first = await open();
    first.pause();
    first.pauseForAdBreak(clock.now() + 60_000);
    await waitUntil(() => states.at(-1)?.adBreakEndsAt !== null && states.at(-1)?.pausedByHand === true);
    await first.dispose();
    const second = await open();
    expect(second.getState()).toMatchObject({ pausedByHand: true, adBreakEndsAt: new Date(clock.now() + 60_000).toISOString() });
  });

  it('drops the alerts waiting when another account becomes current, keeping the one on screen', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    queue.enqueue(follow(1), { eventId: 'f1' });
    queue.enqueue(follow(2), { eventId: 'f2' });
    await showingText(queue, 'viewer1 just followed!');
    queue.clearWaiting();
    await waitUntil(() => states.at(-1)?.waitingCount === 0);
    expect(queue.showing()?.alert.text).toBe('viewer1 just followed!');
    // Still seen: the other account's events are not alerted again should they come back.
    expect(queue.enqueue(follow(2), { eventId: 'f2' })).toBe(false);
  });

  it('bounds custom alerts waiting', async () => {
    const queue = await open();
    for (let i = 0; i < MAX_WAITING_CUSTOM; i++) queue.enqueue({ ...follow(i), id: `custom:${i}`, kind: 'custom' });
    expect(() => queue.enqueue({ ...follow(0), id: 'custom:x', kind: 'custom' })).toThrow(/already waiting/);
  });

  it('sets a damaged file aside and says that an alert may show again', async () => {
    await writeFile(join(dataDir, 'alert-queue.json'), '{"version":1,"seen":[');
    const queue = await open();
    expect(queue.getState().waitingCount).toBe(0);
    expect(notices.list()).toEqual([expect.objectContaining({ file: 'alert-queue.json', done: 'Started an empty alert queue', consequence: expect.stringMatching(/second time/) })]);
  });
});
