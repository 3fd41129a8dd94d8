/** The service's side of issue 25: shared named queues, "run another automation", first messages, the follower check, OBS events. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Automation, ChannelEvent, ChannelEventKind } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { automation, broadcasterUser, events, recordingPorts, viewer } from '../../test-support/automation-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';
import { FakeShortcutRegistry } from '../../test-support/fake-shortcut-registry';
import { waitUntil } from '../../test-support/wait-until';
import { silentLogger } from '../logger';
import { AutomationStore } from './automation-store';
import { AutomationsService, type AutomationsServiceOptions } from './automations-service';
import { RunLedger } from './run-ledger';
import type { ObsAutomationEvent } from './trigger-sources/obs-triggers';

const dirs: string[] = [];
const services: AutomationsService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) service.dispose();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

async function harness(automations: Automation[], answers: Parameters<typeof recordingPorts>[0] = {}, extra: Partial<AutomationsServiceOptions> = {}) {
  // Sidestage speaks as the broadcaster and a bot account.
  const dir = await mkdtemp(join(tmpdir(), 'automations-queues-'));
  dirs.push(dir);
  const clock = createFakeClock(Date.UTC(2025, 0, 1, 12));
  const store = await AutomationStore.open(dir);
  for (const a of automations) await store.save(a);
  const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
  const listeners = new Set<{ kinds: Set<string>; listener: (event: ChannelEvent) => void }>();
  const recorded = recordingPorts(answers);
  const obs = new Emitter<ObsAutomationEvent>();
  let status = { live: true, startedAt: new Date(clock.now()).toISOString() as string | null };
  const streamChanges = new Emitter<typeof status>();
  const service = new AutomationsService({
    store,
    ledger,
    events: {
      on(kinds: readonly ChannelEventKind[], listener: (event: never) => void) {
        const entry = { kinds: new Set<string>(kinds), listener: listener as (event: ChannelEvent) => void };
        listeners.add(entry);
        return () => void listeners.delete(entry);
      },
    },
    ports: recorded.ports,
    obsChoices: async () => ({ connected: false, reason: 'Not connected', scenes: [], inputs: [] }),
    stream: { getStatus: () => status, onChange: (l) => streamChanges.on(l) },
    ads: { getState: () => ({ schedule: null }), onChange: () => () => {} },
    shortcuts: new FakeShortcutRegistry(),
    tester: null,
    templateContext: async () => ({ rewards: [], scenes: [] }),
    logger: silentLogger,
    speakingAccounts: { userIds: () => [broadcasterUser.id, 'bot-1'] },
    clock,
    keyboard: 'other',
    obsEvents: { on: (l) => obs.on(l) },
    ...extra,
  });
  services.push(service);
  service.start();
  const runs = () => service.getState().runs;
  return {
    service,
    clock,
    ...recorded,
    runs,
    emit: (event: ChannelEvent) => {
      for (const entry of [...listeners]) if (entry.kinds.has(event.kind)) entry.listener(event);
    },
    obs: (event: ObsAutomationEvent) => obs.fire(event),
    setLive(live: boolean) {
      status = { live, startedAt: live ? new Date(clock.now()).toISOString() : null };
      streamChanges.fire(status);
    },
    idle: () => waitUntil(() => runs().every((r) => r.status !== 'running' && r.status !== 'queued'), 5000, 'the runs to end'),
    settle: async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('shared named queues', () => {
  it("runs of two automations in one queue never interleave their steps; apart, they do", async () => {
    for (const shared of [true, false]) {
      const gates: (() => void)[] = [];
      const hold = () => new Promise<void>((resolve) => gates.push(resolve));
      const queueName = shared ? 'Scenes' : undefined;
      const a = automation({ kind: 'follow' }, [{ kind: 'obsInputMute', inputName: 'A', muted: true }, { kind: 'obsInputMute', inputName: 'A', muted: false }], { queueName });
      const b = automation({ kind: 'raid', minViewers: 0 }, [{ kind: 'obsInputMute', inputName: 'B', muted: true }], { queueName });
      const t = await harness([a, b], { 'obs.setMuted': () => hold() });
      t.emit(events.follow());
      t.emit(events.raid(5));
      await t.settle();
      // Shared: only A's first step has gone out; B waits for all of A.
      expect(t.of('obs.setMuted').map((c) => c[0])).toEqual(shared ? ['A'] : ['A', 'B']);
      while (t.runs().some((r) => r.status !== 'done')) {
        gates.splice(0).forEach((open) => open());
        await t.settle();
      }
      expect(t.of('obs.setMuted').map((c) => c[0])).toEqual(shared ? ['A', 'A', 'B'] : ['A', 'B', 'A']);
      if (shared) expect(t.service.getState().statuses.every((s) => s.running === 0 && s.queued === 0)).toBe(true);
    }
  });
});

describe('run another automation', () => {
  it('starts it with the same event, once, and says so', async () => {
    const inner = automation({ kind: 'manual' }, [{ kind: 'chatMessage', text: 'inner for {user}' }], { id: 'inner' });
    const outer = automation({ kind: 'follow' }, [{ kind: 'runAutomation', automationId: 'inner' }], { id: 'outer' });
    const t = await harness([inner, outer]);
    t.emit(events.follow(viewer(4)));
    await waitUntil(() => t.runs().length === 2 && t.runs().every((r) => r.status === 'done'), 5000, 'both runs');
    expect(t.of('chat.send')).toEqual([['inner for Viewer4', undefined]]);
    const outerRun = t.runs().find((r) => r.automationId === 'outer')!;
    expect(outerRun.steps[0]!.result).toMatch(/^Started "An automation"/);
    expect(t.runs().find((r) => r.automationId === 'inner')!.event.summary).toMatch(/^From "An automation": Viewer4 followed/);
  });

  it('refuses a cycle and more than 3 deep, in words', async () => {
    const a = automation({ kind: 'follow' }, [{ kind: 'runAutomation', automationId: 'b' }], { id: 'a', name: 'A' });
    const b = automation({ kind: 'manual' }, [{ kind: 'runAutomation', automationId: 'a' }], { id: 'b', name: 'B' });
    const t = await harness([a, b]);
    t.emit(events.follow());
    await waitUntil(() => t.runs().length === 2 && t.runs().every((r) => r.status === 'failed' || r.status === 'done'), 5000, 'the chain');
    const bRun = t.runs().find((r) => r.automationId === 'b')!;
    expect(bRun.steps[0]!.error).toBe('Not run: "A" is already running in this chain (A → B), and a cycle would never end.');

    const chain = ['c1', 'c2', 'c3', 'c4'].map((id, i, all) =>
      automation(i === 0 ? { kind: 'raid', minViewers: 0 } : { kind: 'manual' }, [all[i + 1] ? { kind: 'runAutomation', automationId: all[i + 1]! } : { kind: 'clip' }], { id, name: id }),
    );
    const deep = await harness(chain);
    deep.emit(events.raid(3));
    await waitUntil(() => deep.runs().length === 3 && deep.runs().every((r) => r.status !== 'running' && r.status !== 'queued'), 5000, 'the deep chain');
    expect(deep.runs().find((r) => r.automationId === 'c3')!.steps[0]!.error).toBe('Not run: automations run one another at most 3 deep.');
    expect(deep.of('clips.create')).toEqual([]);
  });
});

describe("a viewer's first message", () => {
  it('fires once per viewer per broadcast, never for the broadcaster, and again in the next broadcast', async () => {
    const welcome = automation({ kind: 'firstMessage', scope: 'broadcast' }, [{ kind: 'chatMessage', text: 'Welcome {user}!' }]);
    const t = await harness([welcome]);
    t.emit(events.chat('hi', { user: viewer(1) }));
    t.emit(events.chat('hi again', { user: viewer(1) }));
    t.emit(events.chat('hello', { user: viewer(2) }));
    t.emit(events.chat('hey', { user: broadcasterUser, roles: { broadcaster: true } }));
    // The bot's lines (Sidestage's own account), whoever typed them, are never a viewer's first message.
    t.emit(events.chat('beep', { user: { id: 'bot-1', login: 'sidestage_bot', name: 'SidestageBot' } }));
    await t.settle();
    await t.idle();
    expect(t.of('chat.send').map((c) => c[0])).toEqual(['Welcome Viewer1!', 'Welcome Viewer2!']);
    t.setLive(false);
    t.setLive(true);
    t.emit(events.chat('back', { user: viewer(1) }));
    await t.settle();
    await t.idle();
    expect(t.of('chat.send').map((c) => c[0])).toEqual(['Welcome Viewer1!', 'Welcome Viewer2!', 'Welcome Viewer1!']);
  });

  it("a command line counts as the viewer's first message too, and both automations run", async () => {
    const welcome = automation({ kind: 'firstMessage', scope: 'ever' }, [{ kind: 'clip' }]);
    const lurk = automation({ kind: 'chatCommand', command: '!lurk', minRole: 'everyone' }, [{ kind: 'marker', description: '' }]);
    const t = await harness([welcome, lurk]);
    t.emit(events.chat('!lurk'));
    await t.settle();
    await t.idle();
    expect(t.of('clips.create')).toHaveLength(1);
    expect(t.of('markers.drop')).toHaveLength(1);
  });
});

describe('"followers and above"', () => {
  it('runs for a follower, skips a non-follower and a failed lookup with the reason', async () => {
    const cmd = automation({ kind: 'chatCommand', command: '!fan', minRole: 'follower' }, [{ kind: 'clip' }]);
    const t = await harness([cmd], {}, {
      followers: { follows: async (id) => (id === viewer(2).id ? Promise.reject(new Error('The follow was not read: the platform is down.')) : id === viewer(1).id) },
    });
    t.emit(events.chat('!fan', { user: viewer(1) }));
    t.emit(events.chat('!fan', { user: viewer(3) }));
    t.emit(events.chat('!fan', { user: viewer(2) }));
    t.emit(events.chat('!fan', { user: viewer(4), roles: { subscriber: true } }));
    await waitUntil(() => t.service.getState().statuses[0]!.skipped.length > 0 && t.of('clips.create').length === 2, 5000, 'the lookups');
    await t.idle();
    const skipped = t.service.getState().statuses[0]!.skipped;
    expect(skipped[0]!.count).toBe(2);
    expect(t.of('clips.create')).toHaveLength(2);
  });
});

describe('OBS events', () => {
  it('fires the automations following that event only', async () => {
    const onScene = automation({ kind: 'obsEvent', event: 'sceneChanged' }, [{ kind: 'chatMessage', text: 'Now on {scene}' }]);
    const onRecord = automation({ kind: 'obsEvent', event: 'recordingStarted' }, [{ kind: 'clip' }]);
    const t = await harness([onScene, onRecord]);
    t.obs({ event: 'sceneChanged', sceneName: 'BRB' });
    await t.settle();
    await t.idle();
    expect(t.of('chat.send').map((c) => c[0])).toEqual(['Now on BRB']);
    expect(t.of('clips.create')).toEqual([]);
  });
});

describe('kept OBS reverts (the fast half; kept-reverts.integration.test.ts has the real OBS)', () => {
  it('a "back after N s" cut by a quit is done at the next start, once; long past its time and OBS away, it is given up', async () => {
    const { KeptObsReverts } = await import('./action-runners/kept-obs-reverts');
    const dir = await mkdtemp(join(tmpdir(), 'kept-obs-'));
    dirs.push(dir);
    const clock = createFakeClock(Date.UTC(2025, 0, 1, 12));
    const store = await AutomationStore.open(dir);
    const water = automation({ kind: 'manual' }, [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 10 }], { id: 'water' });
    await store.save(water);
    const surroundings = {
      obsChoices: async () => ({ connected: false, reason: null, scenes: [], inputs: [] }),
      stream: { getStatus: () => ({ live: true, startedAt: null }), onChange: () => () => {} },
      ads: { getState: () => ({ schedule: null }), onChange: () => () => {} },
      shortcuts: new FakeShortcutRegistry(),
      tester: null,
      templateContext: async () => ({ rewards: [], scenes: [] }),
      logger: silentLogger,
      speakingAccounts: { userIds: () => [broadcasterUser.id] },
      events: { on: () => () => {} },
      clock,
    };
    const start = async (answers: Parameters<typeof recordingPorts>[0] = {}) => {
      const recorded = recordingPorts(answers);
      const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
      const keptReverts = await KeptObsReverts.open(dir, clock, { logger: silentLogger });
      const service = new AutomationsService({ ...surroundings, store, ledger, ports: recorded.ports, keptReverts, keptRevertRetryMs: 1000, keptRevertGiveUpMs: 5000 });
      service.start();
      return {
        recorded,
        keptReverts,
        service,
        quit: async () => {
          service.dispose();
          await ledger.flush();
          await keptReverts.flush();
          ledger.dispose();
          keptReverts.dispose();
        },
      };
    };
    const first = await start();
    first.service.run('water');
    await waitUntil(() => first.service.getState().runs[0]?.steps[0]?.result !== null, 5000, 'the wait begun');
    await first.quit();
    clock.advance(20_000);
    const second = await start();
    second.recorded.setScene('Water');
    await waitUntil(() => (clock.advance(0), second.recorded.of('obs.switchScene').length === 1), 5000, 'the scene put back');
    expect(second.recorded.of('obs.switchScene')).toEqual([['Scene']]);
    await waitUntil(() => second.keptReverts.fromEarlier().length === 0, 5000, 'done');
    await second.quit();
    const third = await start();
    expect(third.keptReverts.fromEarlier()).toEqual([]);
    // OBS away: tried again, then given up past its time.
    third.service.run('water');
    await waitUntil(() => third.service.getState().runs[0]?.steps[0]?.result !== null, 5000, 'the wait begun');
    await third.quit();
    clock.advance(20_000);
    const fourth = await start({ 'obs.currentScene': () => Promise.reject(new Error('Not connected to OBS')) });
    await waitUntil(() => {
      clock.advance(1000);
      return fourth.keptReverts.fromEarlier().length === 0;
    }, 5000, 'given up');
    expect(fourth.recorded.of('obs.switchScene')).toEqual([]);
    await fourth.quit();
  });
});

describe("issue 25's starter pack", () => {
  const make = async (templateId: string) => {
    const { starterTemplates } = await import('./starter-templates');
    const template = starterTemplates.find((t) => t.id === templateId)!;
    const input = template.make({ rewards: [], scenes: ['Scene', 'Raid scene'] });
    return automation(input.trigger, input.actions, { ...input, id: templateId, enabled: true });
  };
  const at = '2025-01-01T00:00:00.000Z';

  it("first-chatter welcome: replies once to a viewer's first line", async () => {
    const t = await harness([await make('first-chatter')]);
    t.emit(events.chat('hi all', { messageId: 'first-line' }));
    t.emit(events.chat('me again'));
    await t.settle();
    await t.idle();
    expect(t.of('chat.send')).toEqual([['Welcome in, Viewer1! Glad you are here.', undefined, 'first-line']]);
  });

  it('raid thank-you: shout out, thanks, the raid scene for 10 s and back', async () => {
    const t = await harness([await make('raid-thanks')]);
    t.emit(events.raid(25, viewer(7)));
    await waitUntil(() => t.of('obs.switchScene').length === 1, 5000, 'the raid scene');
    expect(t.of('shoutout')).toEqual([[viewer(7).id]]);
    expect(t.of('chat.send')).toEqual([['Thank you for the raid, Viewer7, and welcome to all 25 of you!', undefined]]);
    expect(t.of('obs.switchScene')).toEqual([['Raid scene']]);
    await waitUntil(() => (t.clock.advance(1000), t.of('obs.switchScene').length === 2), 5000, 'back');
    expect(t.of('obs.switchScene')[1]).toEqual(['Scene']);
  });

  it('sub and resub thank-yous, the resub with its months; a gifted sub is not thanked as a subscription', async () => {
    const t = await harness([await make('sub-thanks'), await make('resub-thanks')]);
    t.emit({ id: 's1', at, source: 'live', kind: 'subscription', user: viewer(1), tier: '1000', isGift: false });
    t.emit({ id: 's2', at, source: 'live', kind: 'subscription', user: viewer(2), tier: '1000', isGift: true });
    t.emit({ id: 's3', at, source: 'live', kind: 'resubscription', user: viewer(3), tier: '1000', months: 14, streakMonths: null, message: 'yay' });
    await t.settle();
    await t.idle();
    expect(t.of('chat.send').map((c) => c[0])).toEqual(['Thank you for subscribing, Viewer1!', 'Thank you for 14 months, Viewer3!']);
  });

  it('hydrate timer: every 20 min while live, only when chat was active', async () => {
    const t = await harness([await make('hydrate-timer')]);
    t.clock.advance(20 * 60_000);
    await t.settle();
    expect(t.of('chat.send')).toEqual([]);
    for (let i = 0; i < 5; i++) t.emit(events.chat(`line ${i}`));
    t.clock.advance(20 * 60_000);
    await t.settle();
    await t.idle();
    expect(t.of('chat.send').map((c) => c[0])).toEqual(['Hydrate check! Time for some water, everyone.']);
  });
});
