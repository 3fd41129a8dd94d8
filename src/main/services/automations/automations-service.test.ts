import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Automation, AutomationAction, AutomationTrigger, ChannelEvent, ChannelEventKind } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { automation, broadcasterUser, events, recordingPorts, viewer } from '../../test-support/automation-fixtures';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { FakeShortcutRegistry } from '../../test-support/fake-shortcut-registry';
import { waitUntil } from '../../test-support/wait-until';
import { AppError } from '../app-error';
import { silentLogger } from '../logger';
import { UnavailableShortcutRegistry } from '../hotkeys/shortcut-registry';
import { skipsInWords } from '../../../shared/domain/automation-words';
import { AutomationStore } from './automation-store';
import { AutomationsService, type AutomationsServiceOptions } from './automations-service';
import { RunLedger } from './run-ledger';
import type { AutomationTester } from './simulation-tester';

/** The channel-event stream as the service sees it: who listens to which kinds, and events pushed by the test. */
function fakeEventStream() {
  const listeners = new Set<{ kinds: Set<string>; listener: (event: ChannelEvent) => void }>();
  return {
    on(kinds: readonly ChannelEventKind[], listener: (event: never) => void) {
      const entry = { kinds: new Set<string>(kinds), listener: listener as (event: ChannelEvent) => void };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    emit(event: ChannelEvent) {
      for (const entry of [...listeners]) if (entry.kinds.has(event.kind)) entry.listener(event);
    },
    held: () => [...new Set([...listeners].flatMap((l) => [...l.kinds]))].sort(),
  };
}

const dirs: string[] = [];
const services: AutomationsService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) service.dispose();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

interface HarnessOptions {
  answers?: Parameters<typeof recordingPorts>[0];
  dir?: string;
  clock?: FakeClock;
  tester?: AutomationTester | null;
  shortcuts?: FakeShortcutRegistry;
  extra?: Partial<AutomationsServiceOptions>;
}

async function harness(automations: Automation[], options: HarnessOptions = {}) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'automations-service-')));
  if (!options.dir) dirs.push(dir);
  const clock = options.clock ?? createFakeClock(Date.UTC(2025, 0, 1, 12));
  const store = await AutomationStore.open(dir);
  for (const a of automations) if (!store.get(a.id)) await store.save(a);
  const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
  const stream = fakeEventStream();
  const recorded = recordingPorts(options.answers);
  let status = { live: true, startedAt: new Date(clock.now()).toISOString() as string | null };
  const streamChanges = new Emitter<typeof status>();
  let adState: { schedule: { nextAdAt: string | null } | null } = { schedule: null };
  const adChanges = new Emitter<typeof adState>();
  const shortcuts = options.shortcuts ?? new FakeShortcutRegistry();
  const service = new AutomationsService({
    store,
    ledger,
    events: stream,
    ports: recorded.ports,
    obsChoices: async () => ({ connected: false, reason: 'Not connected', scenes: [], inputs: [] }),
    stream: { getStatus: () => status, onChange: (l) => streamChanges.on(l) },
    ads: { getState: () => adState, onChange: (l) => adChanges.on(l) },
    shortcuts,
    tester: options.tester ?? null,
    templateContext: async () => ({ rewards: [{ id: 'reward-hydrate', title: 'Hydrate!' }], scenes: ['Scene', 'Water scene'] }),
    logger: silentLogger,
    speakingAccounts: { userIds: () => [broadcasterUser.id] },
    clock,
    keyboard: 'other',
    ...options.extra,
  });
  services.push(service);
  service.start();
  const runs = () => service.getState().runs;
  return {
    dir,
    clock,
    ledger,
    service,
    stream,
    shortcuts,
    ...recorded,
    runs,
    setLive(live: boolean, startedAt: string | null = status.startedAt) {
      status = { live, startedAt };
      streamChanges.fire(status);
    },
    setNextAd(nextAdAt: string | null) {
      adState = { schedule: { nextAdAt } };
      adChanges.fire(adState);
    },
    /** Waits until no run is queued or running. */
    async idle() {
      await waitUntil(() => runs().every((r) => r.status !== 'running' && r.status !== 'queued'), 5000, 'the runs to end');
    },
    /** Moves the fake clock a step at a time until `condition` holds (each step lets the real file writes land). */
    async runClockUntil(condition: () => boolean, what: string, stepMs = 1000) {
      await waitUntil(() => {
        if (condition()) return true;
        clock.advance(stepMs);
        return false;
      }, 5000, what);
    },
    async settle() {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const hydrateTrigger: AutomationTrigger = { kind: 'redemption', rewardId: 'reward-hydrate', rewardTitle: 'Hydrate!', inputMatch: null };
const waterAndFulfil: AutomationAction[] = [
  { kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 0 },
  { kind: 'resolveRedemption', status: 'fulfil' },
];
const conditions = (c: Partial<Automation['conditions']>): Automation['conditions'] => ({ onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [], ...c });

describe('running an automation', () => {
  it('runs the actions in order; the run log says the trigger, the event, each result and time', async () => {
    const a = automation(hydrateTrigger, waterAndFulfil, { name: 'Hydrate' });
    const h = await harness([a]);
    h.queue('r1');
    h.stream.emit(events.redemption({ id: 'r1' }));
    await h.idle();
    expect(h.calls.map((c) => c.port)).toEqual(['obs.switchScene', 'redemptions.resolve']);
    const [run] = h.runs();
    expect(run).toMatchObject({
      automationName: 'Hydrate',
      trigger: 'Redeemed: Hydrate!',
      event: { id: 'redemption:r1', kind: 'redemption', summary: 'Viewer1 redeemed Hydrate!', source: 'live' },
      status: 'done',
      reason: null,
    });
    expect(run!.steps.map((s) => [s.status, s.result])).toEqual([
      ['done', 'Switched to "Water"'],
      ['done', 'Redemption fulfilled'],
    ]);
    expect(run!.steps.every((s) => s.startedAt && s.endedAt)).toBe(true);
  });

  it("asks for the channel's blocked terms when it runs (read then, not at sign-in), and viewer text holding one is not posted", async () => {
    let asked = 0;
    const a = automation(hydrateTrigger, [{ kind: 'chatMessage', text: 'Cheers {input}' }], { name: 'Echo' });
    const h = await harness([a], { extra: { blockedTerms: async () => (asked++, ['cheap followers']) } });
    expect(asked).toBe(0);
    h.queue('r1');
    h.stream.emit(events.redemption({ id: 'r1', input: 'buy cheap FOLLOWERS now' }));
    await h.idle();
    expect(asked).toBe(1);
    expect(String(h.of('chat.send')[0]?.[0] ?? '')).not.toMatch(/cheap followers/i);
  });

  it('a failed action says why in words; the next still runs unless the automation stops on errors', async () => {
    const h = await harness([automation({ kind: 'follow' }, [{ kind: 'obsSwitchScene', sceneName: 'Hi', backAfterSeconds: 0 }, { kind: 'clip' }])], {
      answers: { 'obs.switchScene': () => Promise.reject(new AppError('unavailable', 'Not connected to OBS')) },
    });
    h.stream.emit(events.follow());
    await h.idle();
    const [run] = h.runs();
    expect(run).toMatchObject({ status: 'failed', reason: '1 of 2 actions failed.' });
    expect(run!.steps.map((s) => [s.status, s.error])).toEqual([
      ['failed', 'Not connected to OBS'],
      ['done', null],
    ]);

    const stopping = await harness([automation({ kind: 'follow' }, [{ kind: 'obsSwitchScene', sceneName: 'Hi', backAfterSeconds: 0 }, { kind: 'clip' }], { stopOnError: true })], {
      answers: { 'obs.switchScene': () => Promise.reject(new Error('boom')) },
    });
    stopping.stream.emit(events.follow());
    await stopping.idle();
    expect(stopping.runs()[0]!.steps.map((s) => [s.status, s.error ?? s.result])).toEqual([
      ['failed', 'Something went wrong inside Sidestage.'],
      ['notRun', 'Not run: an earlier action failed.'],
    ]);
    expect(stopping.of('clips.create')).toEqual([]);
  });

  it('a run whose record cannot be saved does not act', async () => {
    const h = await harness([automation({ kind: 'follow' }, [{ kind: 'clip' }])]);
    // The run log can take no more (as with a full disk).
    h.ledger.dispose();
    h.stream.emit(events.follow());
    await h.idle();
    expect(h.of('clips.create')).toEqual([]);
    expect(h.runs()[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^Not run: Sidestage could not save its record of this run/) });
  });
});

describe('exactly once', () => {
  it('a duplicate frame or a copy after a reconnect runs nothing again', async () => {
    const h = await harness([automation({ kind: 'raid', minViewers: 0 }, [{ kind: 'shoutout' }])]);
    const raid = events.raid(12);
    h.stream.emit(raid);
    h.stream.emit({ ...raid });
    await h.idle();
    h.stream.emit({ ...raid });
    await h.settle();
    expect(h.of('shoutout')).toHaveLength(1);
    expect(h.runs()).toHaveLength(1);
  });

  it('across a restart: the same event after a restart runs nothing', async () => {
    const a = automation({ kind: 'raid', minViewers: 0 }, [{ kind: 'shoutout' }]);
    const first = await harness([a]);
    const raid = events.raid(20);
    first.stream.emit(raid);
    await first.idle();
    first.service.dispose();
    const second = await harness([a], { dir: first.dir });
    second.stream.emit({ ...raid });
    await second.settle();
    expect(second.of('shoutout')).toEqual([]);
    expect(second.runs()).toHaveLength(1);
  });

  it('kill -9 in the middle of a run: the interrupted step is reported, never redone, and the event does not run again', async () => {
    const a = automation(hydrateTrigger, waterAndFulfil);
    // OBS never answers: the process is killed while the first step waits.
    const first = await harness([a], { answers: { 'obs.switchScene': () => new Promise(() => {}) } });
    const event = events.redemption({ id: 'r-kill' });
    first.stream.emit(event);
    await waitUntil(() => first.of('obs.switchScene').length === 1, 5000, 'the first step sent');
    // No dispose, no flush: what is on disk is all the next start has.
    const second = await harness([a], { dir: first.dir });
    const [run] = second.runs();
    expect(run).toMatchObject({ status: 'interrupted', reason: expect.stringMatching(/^Sidestage stopped during this run/) });
    expect(run!.steps.map((s) => s.status)).toEqual(['interrupted', 'notRun']);
    second.queue('r-kill');
    second.stream.emit({ ...event, source: 'caughtUp' });
    second.stream.emit({ ...event });
    await second.settle();
    expect(second.calls).toEqual([]);
  });

  it('events learned only by catching up fire only automations that ask for them', async () => {
    const plain = automation(hydrateTrigger, [{ kind: 'clip' }]);
    const alsoMissed = automation(hydrateTrigger, [{ kind: 'runAd', lengthSeconds: 30 }], { alsoMissed: true });
    const h = await harness([plain, alsoMissed]);
    h.stream.emit(events.redemption({ id: 'late', source: 'caughtUp' }));
    await h.idle();
    expect(h.of('clips.create')).toEqual([]);
    expect(h.of('ads.run')).toEqual([[30]]);
    expect(h.runs()[0]!.event.source).toBe('caughtUp');
  });

  it("its own chat messages never trigger a command (no loop): the echo after the send's answer", async () => {
    const echo = automation({ kind: 'chatCommand', command: '!echo', minRole: 'everyone' }, [{ kind: 'chatMessage', text: '!echo again' }]);
    const h = await harness([echo]);
    h.stream.emit(events.chat('!echo'));
    await h.idle();
    expect(h.of('chat.send')).toEqual([['!echo again', undefined]]);
    // The platform sends the automation's message back as chat, from the broadcaster.
    h.stream.emit(events.chat('!echo again', { messageId: 'sent-1', user: broadcasterUser, roles: { broadcaster: true } }));
    await h.settle();
    expect(h.of('chat.send')).toHaveLength(1);
  });

  /** A chat whose echo (`channel.chat.message`) arrives BEFORE the send's answer, as the platform may deliver them. */
  function echoFirst(late: { h?: Awaited<ReturnType<typeof harness>> }) {
    let n = 0;
    return {
      'chat.send': (text: unknown) => {
        const messageId = `echoed-${++n}`;
        late.h!.stream.emit(events.chat(String(text), { messageId, user: broadcasterUser, roles: { broadcaster: true } }));
        return { messageId };
      },
    };
  }

  it('the guard holds when the echo arrives before the send answers: "!echo {args}" replies once', async () => {
    const echo = automation({ kind: 'chatCommand', command: '!echo', minRole: 'everyone' }, [{ kind: 'chatMessage', text: '!echo {args}' }]);
    const late: { h?: Awaited<ReturnType<typeof harness>> } = {};
    const h = (late.h = await harness([echo], { answers: echoFirst(late) }));
    h.stream.emit(events.chat('!echo ping'));
    await h.idle();
    await h.settle();
    await h.idle();
    expect(h.of('chat.send')).toEqual([['!echo ping', undefined]]);
    expect(h.runs().filter((r) => r.automationId === echo.id)).toHaveLength(1);
  });

  it("a reply that starts with another automation's command does not set that one off", async () => {
    const first = automation({ kind: 'chatCommand', command: '!hello', minRole: 'everyone' }, [{ kind: 'chatMessage', text: '!lurk for {user}' }]);
    const lurk = automation({ kind: 'chatCommand', command: '!lurk', minRole: 'everyone' }, [{ kind: 'chatMessage', text: 'Enjoy the lurk' }]);
    const late: { h?: Awaited<ReturnType<typeof harness>> } = {};
    const h = (late.h = await harness([first, lurk], { answers: echoFirst(late) }));
    h.stream.emit(events.chat('!hello'));
    await h.idle();
    await h.settle();
    await h.idle();
    expect(h.of('chat.send')).toEqual([['!lurk for Viewer1', undefined]]);
    expect(h.runs().filter((r) => r.automationId === lurk.id)).toEqual([]);
  });

  it('the broadcaster typing a command by hand runs it, even words an automation said before', async () => {
    const echo = automation({ kind: 'chatCommand', command: '!echo', minRole: 'everyone' }, [{ kind: 'chatMessage', text: '!echo again' }]);
    const late: { h?: Awaited<ReturnType<typeof harness>> } = {};
    const h = (late.h = await harness([echo], { answers: echoFirst(late) }));
    h.stream.emit(events.chat('!echo', { user: broadcasterUser, roles: { broadcaster: true } }));
    await h.idle();
    await h.settle();
    // Its own echo took the waiting text: the same words typed by hand are the broadcaster's.
    h.stream.emit(events.chat('!echo again', { user: broadcasterUser, roles: { broadcaster: true } }));
    await h.idle();
    await h.settle();
    await h.idle();
    expect(h.of('chat.send')).toEqual([
      ['!echo again', undefined],
      ['!echo again', undefined],
    ]);
  });
});

describe('redemptions an automation resolves', () => {
  it('says which rewards an automation that is on fulfils or cancels by itself (for their toasts)', async () => {
    const fulfils = automation(hydrateTrigger, waterAndFulfil);
    const onlySome = automation({ ...hydrateTrigger, rewardId: 'reward-song', inputMatch: { mode: 'contains', text: 'skip' } }, [{ kind: 'resolveRedemption', status: 'cancel' }]);
    const off = automation({ ...hydrateTrigger, rewardId: 'reward-off' }, [{ kind: 'resolveRedemption', status: 'cancel' }], { enabled: false });
    const h = await harness([fulfils, onlySome, off]);
    expect(h.service.resolvesRedemption('reward-hydrate')).toBe('fulfil');
    expect(h.service.resolvesRedemption('reward-song')).toBeNull();
    expect(h.service.resolvesRedemption('reward-off')).toBeNull();
  });
});

/** An automation's counted skips, as the panel shows them. */
const skipsOf = (h: Awaited<ReturnType<typeof harness>>, id: string) => h.service.getState().statuses.find((s) => s.id === id)?.skipped ?? [];

describe('conditions', () => {
  it('!discord replies once, and a second time only after the cooldown; the skip is counted, not logged', async () => {
    const discord = automation({ kind: 'chatCommand', command: '!discord', minRole: 'everyone' }, [{ kind: 'chatMessage', text: 'discord.gg/x' }], { conditions: conditions({ cooldownSeconds: 30 }) });
    const h = await harness([discord]);
    h.stream.emit(events.chat('!discord'));
    await h.idle();
    h.clock.advance(10_000);
    h.stream.emit(events.chat('!discord'));
    await h.idle();
    expect(h.of('chat.send')).toHaveLength(1);
    expect(h.runs()).toHaveLength(1);
    expect(skipsOf(h, discord.id)).toEqual([{ kind: 'cooldown', count: 1, lastAt: expect.any(String), reason: 'Skipped. Cooldown: it can run again in 20 s.' }]);
    h.clock.advance(20_000);
    h.stream.emit(events.chat('!discord'));
    await h.idle();
    expect(h.of('chat.send')).toHaveLength(2);
  });

  it('a command spammed on its cooldown is counted, "skipped 37 times", and never fills the run log', async () => {
    const discord = automation({ kind: 'chatCommand', command: '!discord', minRole: 'everyone' }, [{ kind: 'chatMessage', text: 'discord.gg/x' }], { conditions: conditions({ cooldownSeconds: 30 }) });
    const h = await harness([discord]);
    for (let i = 0; i < 38; i++) h.stream.emit(events.chat('!discord'));
    await h.idle();
    expect(h.runs()).toHaveLength(1);
    expect(skipsOf(h, discord.id)).toMatchObject([{ kind: 'cooldown', count: 37 }]);
    expect(skipsInWords(skipsOf(h, discord.id))).toBe('skipped 37 times: cooldown');
    await h.service.clearLog();
    expect(skipsOf(h, discord.id)).toEqual([]);
  });

  it('a cooldown per viewer lets another viewer through', async () => {
    const a = automation({ kind: 'chatCommand', command: '!hi', minRole: 'everyone' }, [{ kind: 'clip' }], { conditions: conditions({ perViewerCooldownSeconds: 60 }) });
    const h = await harness([a]);
    h.stream.emit(events.chat('!hi', { user: viewer(1) }));
    h.stream.emit(events.chat('!hi', { user: viewer(1) }));
    h.stream.emit(events.chat('!hi', { user: viewer(2) }));
    await h.idle();
    expect(h.of('clips.create')).toHaveLength(2);
    expect(h.runs().map((r) => r.status)).toEqual(['done', 'done']);
    expect(skipsOf(h, a.id)).toMatchObject([{ kind: 'cooldown', count: 1, reason: 'Skipped. Cooldown for this viewer: again in 60 s.' }]);
  });

  it('only while live, comparisons, and the global pause: each skip says why', async () => {
    const live = automation({ kind: 'follow' }, [{ kind: 'clip' }], { conditions: conditions({ onlyWhileLive: true }) });
    const big = automation({ kind: 'cheer', minBits: 1 }, [{ kind: 'clip' }], { conditions: conditions({ rules: [{ field: 'amount', op: 'atLeast', value: 500 }] }) });
    const h = await harness([live, big]);
    h.setLive(false, null);
    h.stream.emit(events.follow());
    h.stream.emit(events.cheer(100));
    await h.idle();
    expect(h.runs()).toEqual([]);
    expect(skipsOf(h, big.id)).toMatchObject([{ kind: 'condition', count: 1, reason: 'Skipped. Condition not met: the amount is at least 500 (it was 100).' }]);
    expect(skipsOf(h, live.id)).toMatchObject([{ kind: 'offline', count: 1, reason: 'Skipped: only while live, and the stream is offline.' }]);
    await h.service.setPaused(true);
    h.setLive(true);
    const paused = events.follow(viewer(4));
    h.stream.emit(paused);
    await h.idle();
    expect(skipsOf(h, live.id).find((skip) => skip.kind === 'paused')).toMatchObject({ count: 1, reason: 'Skipped: automations are paused.' });
    // What happened while paused is not saved for later.
    await h.service.setPaused(false);
    h.stream.emit({ ...paused });
    await h.settle();
    expect(h.of('clips.create')).toEqual([]);
    expect(h.service.getState().paused).toBe(false);
  });
});

describe('queue options', () => {
  const waiting: AutomationAction[] = [{ kind: 'wait', seconds: 10 }, { kind: 'clip' }];

  it('one at a time: a second run waits its turn', async () => {
    const h = await harness([automation({ kind: 'follow' }, waiting)]);
    h.stream.emit(events.follow(viewer(1)));
    h.stream.emit(events.follow(viewer(2)));
    await waitUntil(() => h.runs().some((r) => r.status === 'queued'), 5000, 'a queued run');
    expect(h.service.getState().statuses[0]).toMatchObject({ running: 1, queued: 1 });
    const started = h.clock.now();
    await h.runClockUntil(() => h.of('clips.create').length === 2, 'both runs done');
    // The second started only once the first was done: two waits of 10 s one after the other.
    expect(h.clock.now() - started).toBeGreaterThanOrEqual(20_000);
    await h.idle();
    expect(h.runs().map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('skip when busy: a run while one is going is skipped, in words', async () => {
    const h = await harness([automation({ kind: 'follow' }, waiting, { queue: 'skipWhenBusy' })]);
    h.stream.emit(events.follow(viewer(1)));
    h.stream.emit(events.follow(viewer(2)));
    const busy = h.service.getState().automations[0]!.id;
    await waitUntil(() => skipsOf(h, busy).length === 1, 5000, 'a skip');
    expect(skipsOf(h, busy)).toMatchObject([{ kind: 'busy', count: 1, reason: 'Skipped: the previous run is still going, and this automation skips when busy.' }]);
    expect(h.runs()).toHaveLength(1);
  });

  it('may overlap: runs side by side', async () => {
    const h = await harness([automation({ kind: 'follow' }, waiting, { queue: 'overlap' })]);
    h.stream.emit(events.follow(viewer(1)));
    h.stream.emit(events.follow(viewer(2)));
    await waitUntil(() => h.runs().filter((r) => r.status === 'running').length === 2, 5000, 'two running');
    const started = h.clock.now();
    await h.runClockUntil(() => h.of('clips.create').length === 2, 'both runs done');
    expect(h.clock.now() - started).toBeLessThan(20_000);
  });

  it('the queue is bounded: past it a run is skipped, saying how many wait', async () => {
    const h = await harness([automation({ kind: 'follow' }, waiting)], { extra: { maxWaitingRuns: 2 } });
    for (let i = 1; i <= 4; i++) h.stream.emit(events.follow(viewer(i)));
    const bounded = h.service.getState().automations[0]!.id;
    await waitUntil(() => h.runs().length === 3 && skipsOf(h, bounded).length === 1, 5000, 'three runs and a skip');
    expect(skipsOf(h, bounded)).toMatchObject([{ kind: 'queueFull', count: 1, reason: 'Skipped: 2 runs of this automation are already waiting.' }]);
    expect(h.service.queueDepth()).toBe(3);
  });
});

describe('triggers Sidestage fires itself', () => {
  it('the Run button runs now, even while paused', async () => {
    const a = automation({ kind: 'manual' }, [{ kind: 'marker', description: 'by hand' }]);
    const h = await harness([a]);
    await h.service.setPaused(true);
    h.service.run(a.id);
    await h.idle();
    expect(h.of('markers.drop')).toEqual([['by hand']]);
    expect(h.runs()[0]!.event.source).toBe('manual');
  });

  it('a press from the control API runs like the Run button, says who pressed, and runs once per press key', async () => {
    const a = automation({ kind: 'manual' }, [{ kind: 'marker', description: 'from the deck' }]);
    const h = await harness([a]);
    await h.service.setPaused(true);
    const first = h.service.runFrom(a.id, { key: 'press-1', summary: 'Control API: Stream Deck' });
    expect(first).toEqual({ runId: expect.any(String), again: false });
    await h.idle();
    expect(h.service.runFrom(a.id, { key: 'press-1', summary: 'Control API: Stream Deck' })).toEqual({ runId: first.runId, again: true });
    const second = h.service.runFrom(a.id, { key: 'press-2', summary: 'Control API: Stream Deck' });
    expect(second.runId).not.toBe(first.runId);
    await h.idle();
    expect(h.of('markers.drop')).toEqual([['from the deck'], ['from the deck']]);
    expect(h.runs().find((r) => r.id === first.runId)!.event).toMatchObject({ source: 'manual', summary: 'Control API: Stream Deck' });
    expect(() => h.service.runFrom('gone', { key: 'press-3', summary: 'Control API: Stream Deck' })).toThrow(/no longer exists/);
  });

  it('its own global hotkey', async () => {
    const a = automation({ kind: 'hotkey', accelerator: 'CommandOrControl+Shift+F9' }, [{ kind: 'clip' }]);
    const shortcuts = new FakeShortcutRegistry();
    const h = await harness([a], { shortcuts });
    expect(shortcuts.press('CommandOrControl+Shift+F9')).toBe(true);
    await h.idle();
    expect(h.of('clips.create')).toHaveLength(1);
    expect(h.runs()[0]!.event.summary).toBe('Hotkey Ctrl+Shift+F9 pressed');
    await h.service.setEnabled(a.id, false);
    expect(shortcuts.registered.size).toBe(0);
    await expect(h.service.save({ ...a, trigger: { kind: 'hotkey', accelerator: 'Banana' } })).rejects.toThrow(/The hotkey is not valid/);
  });

  it('a hotkey another program holds is said in the automation\'s status; where none can be registered, the state says why', async () => {
    const a = automation({ kind: 'hotkey', accelerator: 'Alt+F8' }, [{ kind: 'clip' }]);
    const shortcuts = new FakeShortcutRegistry();
    shortcuts.taken.add('Alt+F8');
    const h = await harness([a], { shortcuts });
    expect(h.service.getState().statuses[0]!.hotkeyError).toMatch(/Alt\+F8 could not be registered: another program already uses it/);
    const dock = await harness([], { extra: { shortcuts: new UnavailableShortcutRegistry() } });
    expect(dock.service.getState().hotkeysUnavailable).toMatch(/^Global shortcuts work in the Sidestage desktop app/);
  });

  it('a timer every N minutes while live, after at least M chat messages since the last time', async () => {
    const clock = createFakeClock(Date.UTC(2025, 0, 1, 12));
    const a = automation({ kind: 'timer', everyMinutes: 5, minChatMessages: 2 }, [{ kind: 'chatMessage', text: 'Follow the channel!' }]);
    const h = await harness([a], { clock });
    h.clock.advance(5 * 60_000);
    await h.settle();
    expect(h.runs()).toEqual([]);
    h.stream.emit(events.chat('hello'));
    h.stream.emit(events.chat('there'));
    h.clock.advance(5 * 60_000);
    await h.idle();
    expect(h.of('chat.send')).toEqual([['Follow the channel!', undefined]]);
    expect(h.runs()[0]!.event.id).toBe(`timer:${Date.UTC(2025, 0, 1, 12)}:2`);
    // The count starts again; offline stops it.
    h.setLive(false, null);
    h.stream.emit(events.chat('a'));
    h.stream.emit(events.chat('b'));
    h.clock.advance(10 * 60_000);
    await h.settle();
    expect(h.of('chat.send')).toHaveLength(1);
  });

  it('N seconds before the next scheduled ad break, once per break', async () => {
    const a = automation({ kind: 'adBreakSoon', secondsBefore: 30 }, [{ kind: 'obsSwitchScene', sceneName: 'BRB', backAfterSeconds: 0 }]);
    const h = await harness([a]);
    const nextAdAt = new Date(h.clock.now() + 60_000).toISOString();
    h.setNextAd(nextAdAt);
    h.clock.advance(29_000);
    await h.settle();
    expect(h.of('obs.switchScene')).toEqual([]);
    h.clock.advance(1_000);
    await h.idle();
    expect(h.of('obs.switchScene')).toEqual([['BRB']]);
    expect(h.runs()[0]!.event.summary).toBe('The next ad break is in 30 s');
    // The schedule read again (same break): nothing more.
    h.setNextAd(nextAdAt);
    await h.settle();
    expect(h.of('obs.switchScene')).toHaveLength(1);
  });

  it('a break learned of with less than N seconds left fires at once', async () => {
    const h = await harness([automation({ kind: 'adBreakSoon', secondsBefore: 30 }, [{ kind: 'clip' }])]);
    h.setNextAd(new Date(h.clock.now() + 12_000).toISOString());
    await h.idle();
    expect(h.runs()[0]!.event.summary).toBe('The next ad break is in 12 s');
  });
});

describe('Test', () => {
  it('runs a sample event here, and does nothing real to the sample viewer', async () => {
    const a = automation(hydrateTrigger, [{ kind: 'chatMessage', text: 'Cheers {user}: {input}' }, { kind: 'resolveRedemption', status: 'fulfil' }]);
    const h = await harness([a]);
    const { message } = await h.service.test(a.id);
    expect(message).toBe('Ran with a sample event: the run is in the log.');
    await h.idle();
    const [run] = h.runs();
    expect(run!.event).toMatchObject({ source: 'test', summary: 'Test: SampleViewer redeemed Hydrate!' });
    expect(h.of('chat.send')).toEqual([['Cheers SampleViewer: Sample text from Sidestage', undefined]]);
    expect(run!.steps[1]!.result).toMatch(/^Not fulfilled in a test/);
  });

  it('in demo mode, sends the event through the practice platform; a refusal falls back to a sample', async () => {
    const a = automation(hydrateTrigger, [{ kind: 'clip' }]);
    const sent: string[] = [];
    const tester: AutomationTester = { send: async (x) => (sent.push(x.id), 'viewer1 redeemed Hydrate! on the practice channel.') };
    const h = await harness([a], { tester });
    expect(h.service.getState().testMode).toBe('simulation');
    expect((await h.service.test(a.id)).message).toBe('viewer1 redeemed Hydrate! on the practice channel. The run shows in the log when the event arrives.');
    expect(sent).toEqual([a.id]);
    expect(h.runs()).toEqual([]);
    const refusing = await harness([a], { tester: { send: () => Promise.reject(new Error('The reward is paused.')) } });
    expect((await refusing.service.test(a.id)).message).toMatch(/^Ran with a sample event/);
  });
});

describe('editing', () => {
  it('listens only to the kinds enabled automations need, and lets go when they are off', async () => {
    const a = automation({ kind: 'raid', minViewers: 0 }, [{ kind: 'shoutout' }]);
    const b = automation({ kind: 'chatCommand', command: '!x', minRole: 'everyone' }, [{ kind: 'clip' }], { enabled: false });
    const h = await harness([a, b]);
    expect(h.stream.held()).toEqual(['raid']);
    await h.service.setEnabled(b.id, true);
    expect(h.stream.held()).toEqual(['chatMessage', 'raid']);
    await h.service.remove(a.id);
    await h.service.setEnabled(b.id, false);
    expect(h.stream.held()).toEqual([]);
  });

  it('from a template: filled from what the channel and OBS have, switched off', async () => {
    const h = await harness([]);
    const { id, state } = await h.service.createFromTemplate('hydrate');
    const made = state.automations.find((x) => x.id === id)!;
    expect(made).toMatchObject({ enabled: false, trigger: { kind: 'redemption', rewardId: 'reward-hydrate' }, actions: [{ kind: 'obsSwitchScene', sceneName: 'Water scene' }, { kind: 'resolveRedemption' }] });
    expect(state.templates.map((t) => t.id)).toEqual(['hydrate', 'raid', 'discord', 'ad-brb', 'first-chatter', 'raid-thanks', 'sub-thanks', 'resub-thanks', 'hydrate-timer', 'so', 'uptime', 'followage', 'lurk', 'death', '8ball']);
    for (const t of ['raid', 'discord', 'ad-brb']) await h.service.createFromTemplate(t);
    await expect(h.service.createFromTemplate('nope')).rejects.toThrow('There is no such starter automation.');
  });

  it('duplicates (off), imports (new ids, off) and exports', async () => {
    const a = automation({ kind: 'follow' }, [{ kind: 'clip' }], { name: 'Thanks' });
    const h = await harness([a]);
    const copy = await h.service.duplicate(a.id);
    expect(copy.state.automations.find((x) => x.id === copy.id)).toMatchObject({ name: 'Thanks (copy)', enabled: false });
    const { json } = h.service.exportJson([a.id]);
    const imported = await h.service.importJson(json);
    expect(imported).toMatchObject({ imported: 1, message: 'Imported 1 automation, switched off: check each and switch it on.' });
    const names = imported.state.automations.map((x) => [x.name, x.enabled]);
    expect(names).toEqual([
      ['Thanks', true],
      ['Thanks (copy)', false],
      ['Thanks', false],
    ]);
    expect(new Set(imported.state.automations.map((x) => x.id)).size).toBe(3);
    await expect(h.service.importJson('{"format":"sidestage-automations","version":9,"automations":[]}')).rejects.toThrow(/newer Sidestage/);
    await expect(h.service.save({ ...a, id: 'gone' })).rejects.toThrow('That automation no longer exists: it may have been deleted.');
  });

  it('tells the renderer of changes at most every 250 ms', async () => {
    const h = await harness([automation({ kind: 'follow' }, [{ kind: 'clip' }])]);
    const seen: number[] = [];
    h.service.onChange((state) => seen.push(state.revision));
    for (let i = 0; i < 5; i++) h.stream.emit(events.follow(viewer(i)));
    await h.idle();
    h.clock.advance(249);
    expect(seen).toEqual([]);
    h.clock.advance(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(h.service.getState().revision);
  });
});
