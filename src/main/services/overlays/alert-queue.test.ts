import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertQueueState } from '../../../shared/ipc/schemas/overlays';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { AlertQueue, alertQueueFileName, alertQueueJournalName, MAX_WAITING_CUSTOM, type NewAlert, type QueuedAlert } from './alert-queue';

const follow = (n: number, extra: Partial<QueuedAlert> = {}): NewAlert => ({
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

  it("drops a banned chatter's alerts waiting (not the one on screen), and lists them with the reason; survives a restart as the queue without them", async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    queue.enqueue(follow(1, { userId: 'u7' }), { eventId: 'f1' });
    await showingText(queue, 'viewer1 just followed!');
    queue.enqueue(follow(2, { userId: 'u7' }), { eventId: 'f2' });
    queue.enqueue(follow(3, { userId: 'u8' }), { eventId: 'f3' });
    queue.enqueue(follow(4, { userId: 'u7' }), { eventId: 'f4' });
    expect(queue.dropFrom('u7', 'u7 was banned by Mallory')).toBe(2);
    expect(queue.dropFrom('nobody', 'x')).toBe(0);
    const state = queue.getState();
    expect(state.waiting.map((w) => w.text)).toEqual(['viewer3 just followed!']);
    expect(state.showing?.text).toBe('viewer1 just followed!');
    expect(state.dropped.map((d) => [d.text, d.reason])).toEqual([
      ['viewer4 just followed!', 'u7 was banned by Mallory'],
      ['viewer2 just followed!', 'u7 was banned by Mallory'],
    ]);
    await queue.dispose();
    const again = await open();
    expect(again.getState().waiting.map((w) => w.text)).toEqual(['viewer3 just followed!']);
  });

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

  /** The alert on screen as the journal's newest line has it (what a kill -9 now would leave). */
  function recordedShowing(): string | null {
    const lines = ['a', 'b'].flatMap((suffix) => {
      const path = join(dataDir, `${alertQueueJournalName}.${suffix}`);
      return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
    });
    const newest = lines.map((line) => JSON.parse(line) as [number, { queue: { showing: { alert: { id: string } } | null } }]).sort((x, y) => x[0] - y[0]).at(-1);
    return newest?.[1].queue.showing?.alert.id ?? null;
  }

  it('tells a page of an alert only once its start is recorded (a line of the journal)', async () => {
    const queue = await open();
    queue.setPagesOpen(1);
    const told: { page: string; onDisk: string | null }[] = [];
    queue.onChange(() => {
      const page = queue.showing();
      if (!page) return;
      told.push({ page: page.alert.id, onDisk: recordedShowing() });
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

  it('killed with nothing more written (no snapshot, no quit): the journal alone keeps what was accepted, the alert on screen as shown, and what waits', async () => {
    const first = await open();
    first.setPagesOpen(1);
    first.enqueue(follow(1), { eventId: 'f1' });
    first.enqueue(follow(2), { eventId: 'f2' });
    await showingText(first, 'viewer1 just followed!');
    // kill -9 here: the snapshot was not due yet.
    expect(existsSync(join(dataDir, alertQueueFileName))).toBe(false);

    states = [];
    const second = await open();
    expect(second.enqueue(follow(1), { eventId: 'f1' })).toBe(false);
    expect(second.enqueue(follow(2), { eventId: 'f2' })).toBe(false);
    expect(second.getState()).toMatchObject({ showing: null, last: { text: 'viewer1 just followed!' }, waiting: [{ text: 'viewer2 just followed!' }] });
    // What it read became the snapshot.
    const saved = JSON.parse(await readFile(join(dataDir, alertQueueFileName), 'utf8')) as { seq: number; seen: [string, number][] };
    expect(saved.seen.map(([id]) => id)).toEqual(['f1', 'f2']);
    expect(saved.seq).toBeGreaterThan(0);
  });

  it('writes the snapshot a second after changes, with every id, and empties the journal lines it holds', async () => {
    const queue = await open();
    for (let i = 1; i <= 3; i++) queue.enqueue(follow(i), { eventId: `f${i}` });
    await waitUntil(() => states.at(-1)?.waitingCount === 3);
    const journal = (suffix: string) => readFile(join(dataDir, `${alertQueueJournalName}.${suffix}`), 'utf8').catch(() => '');
    expect(await journal('a')).not.toBe('');
    clock.advance(999);
    expect(existsSync(join(dataDir, alertQueueFileName))).toBe(false);
    clock.advance(1);
    await waitUntil(() => existsSync(join(dataDir, alertQueueFileName)), 2_000, 'the snapshot');
    const saved = JSON.parse(await readFile(join(dataDir, alertQueueFileName), 'utf8')) as { seen: [string, number][]; waiting: unknown[] };
    expect(saved.seen.map(([id]) => id)).toEqual(['f1', 'f2', 'f3']);
    expect(saved.waiting).toHaveLength(3);
    // The next change goes to the other file; once its snapshot lands, the first is emptied.
    queue.enqueue(follow(4), { eventId: 'f4' });
    await waitUntil(() => states.at(-1)?.waitingCount === 4);
    clock.advance(1_000);
    await waitUntil(() => (JSON.parse(readFileSync(join(dataDir, alertQueueFileName), 'utf8')) as { seen: unknown[] }).seen.length === 4, 2_000, 'the second snapshot');
    await waitUntil(() => readFileSync(join(dataDir, `${alertQueueJournalName}.a`), 'utf8') === '', 2_000, 'the first file emptied');
  });

  it('reads an alert queue file from before the journal (no seq)', async () => {
    const before = { version: 1, seen: [['f1', clock.now()]], waiting: [{ ...follow(2), ofKind: null, count: 1 }], showing: null, last: null, pausedByHand: true, adBreakUntil: null };
    await writeFile(join(dataDir, alertQueueFileName), JSON.stringify(before));
    const queue = await open();
    expect(queue.enqueue(follow(1), { eventId: 'f1' })).toBe(false);
    expect(queue.getState()).toMatchObject({ pausedByHand: true, waiting: [{ text: 'viewer2 just followed!' }] });
    expect(notices.list()).toEqual([]);
  });

  it('a journal line a crash cut short is left out quietly; a damaged line is named, its file set aside, the readable lines kept', async () => {
    const line = (seq: number, id: string) => JSON.stringify([seq, { seen: [[id, clock.now()]], queue: { waiting: [], showing: null, last: null, pausedByHand: false, adBreakUntil: null } }]);
    await writeFile(join(dataDir, `${alertQueueJournalName}.a`), `${line(1, 'f1')}\n${line(2, 'f2')}\n[3,{"seen":[["f3"`);
    const cut = await open();
    expect([cut.hasSeen('f1'), cut.hasSeen('f2'), cut.hasSeen('f3')]).toEqual([true, true, false]);
    expect(notices.list()).toEqual([]);
    await cut.dispose();

    await writeFile(join(dataDir, `${alertQueueJournalName}.b`), `${line(10, 'f10')}\n{"broken\n${line(12, 'f12')}\n`);
    const damaged = await open();
    expect([damaged.hasSeen('f1'), damaged.hasSeen('f10'), damaged.hasSeen('f12')]).toEqual([true, true, true]);
    expect(notices.list()).toEqual([
      expect.objectContaining({ file: `${alertQueueJournalName}.b`, setAsideAs: expect.stringMatching(/\.damaged-/), done: 'Kept every readable change of the alert queue', consequence: expect.stringMatching(/second time/) }),
    ]);
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

  it('keeps the alerts and ids that can be read when some cannot, and names what was lost', async () => {
    const alert = (n: number) => ({ ...follow(n), ofKind: null, count: 1 });
    const saved = { version: 1, seq: 0, seen: [['f1', 1], ['f2'], ['f3', 3]], waiting: [alert(4), { id: 'event:bad', kind: 'sideways' }, alert(5)], showing: null, last: 'not an alert', pausedByHand: false, adBreakUntil: null };
    await writeFile(join(dataDir, alertQueueFileName), JSON.stringify(saved));
    const queue = await open();
    expect([queue.hasSeen('f1'), queue.hasSeen('f2'), queue.hasSeen('f3')]).toEqual([true, false, true]);
    expect(queue.getState().waitingCount).toBe(2);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        file: alertQueueFileName,
        setAsideAs: expect.stringMatching(/^alert-queue\.json\.damaged-/),
        lost: '1 of 3 alerts waiting, 1 of 3 events already alerted, the last alert shown',
        kept: '2 alerts waiting, 2 events already alerted',
        done: 'Kept the alerts and events that could be read',
      }),
    ]);
  });
});
