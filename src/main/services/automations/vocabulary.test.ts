/**
 * The automations vocabulary through the real service, ledger and variable book on disk: the
 * starter pack's commands (!so @name, !uptime, !followage, !lurk, !death, !8ball), variables in
 * templates, live fields, if / random branches and their depth limit, and the target guards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { automationSchema, type ChannelEvent } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { automation, broadcasterUser, events, quietAutomationSurroundings, recordingPorts, viewer } from '../../test-support/automation-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { silentLogger } from '../logger';
import { AutomationStore } from './automation-store';
import { AutomationsService } from './automations-service';
import type { PlatformLookups, PlatformUser } from './live-fields';
import { RunLedger } from './run-ledger';
import { VariableBook } from './variable-book';

const pixelpal: PlatformUser = { id: '555', login: 'pixelpal', name: 'PixelPal', createdAt: '2020-01-01T00:00:00.000Z' };
const now = Date.UTC(2025, 0, 1, 12);
const lookups: PlatformLookups = {
  userByLogin: async (login) => (login === 'pixelpal' ? pixelpal : login === broadcasterUser.login ? { ...broadcasterUser, createdAt: null } : null),
  userById: async (id) => (id === pixelpal.id ? pixelpal : { ...viewer(), createdAt: '2024-12-01T12:00:00.000Z' }),
  lastGame: async () => 'Celeste',
  followedAt: async (id) => (id === viewer().id ? '2024-10-01T12:00:00.000Z' : null),
  isModerator: async () => false,
};

const dirs: string[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

async function harness(options: { random?: () => number; lookups?: PlatformLookups | null } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'automations-vocabulary-'));
  dirs.push(dir);
  const clock = createFakeClock(now);
  const store = await AutomationStore.open(dir);
  const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
  const variables = await VariableBook.open(dir, clock, { logger: silentLogger });
  const channel = new Emitter<ChannelEvent>();
  const recorded = recordingPorts();
  const service = new AutomationsService({
    ...quietAutomationSurroundings(),
    store,
    ledger,
    variables,
    events: { on: (_kinds, listener) => channel.on(listener as (event: ChannelEvent) => void) },
    ports: recorded.ports,
    stream: { getStatus: () => ({ live: true, startedAt: new Date(now - 65 * 60_000).toISOString(), title: 'Speedruns', categoryName: 'Celeste', viewerCount: 42 }), onChange: () => () => {} },
    lookups: options.lookups === undefined ? lookups : options.lookups,
    random: options.random ?? (() => 0),
    timeZone: 'UTC',
    clock,
  });
  cleanups.push(() => {
    service.dispose();
    variables.dispose();
    ledger.dispose();
  });
  service.start();
  const finished = (n: number) => waitUntil(() => service.getState().runs.filter((r) => r.status === 'done' || r.status === 'failed').length >= n, 5000, `${n} runs to end`);
  /** Creates the starter automation, switched on. */
  const starter = async (id: string) => {
    const { id: created } = await service.createFromTemplate(id);
    await service.setEnabled(created, true);
  };
  return { service, variables, channel, recorded, finished, starter, store };
}

const moderator = { moderator: true };

describe('the starter pack', () => {
  it('!so @PixelPal shouts out the named channel and says its last category; an unknown name is answered in words, nobody shouted out', async () => {
    const h = await harness();
    await h.starter('so');
    h.channel.fire(events.chat('!so @PixelPal', { roles: moderator }));
    await h.finished(1);
    h.channel.fire(events.chat('!so @nobody_here', { roles: moderator }));
    await h.finished(2);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual([
      'Go follow PixelPal at https://www.twitch.tv/pixelpal! They were last playing Celeste.',
      "I can't find @nobody_here. Try !so @name.",
    ]);
    expect(h.recorded.of('shoutout')).toEqual([['555']]);
    expect(h.service.getState().runs[0]!.steps[0]!.result).toContain('Else:');
  });

  it("!so never shouts out Sidestage's own account", async () => {
    const h = await harness();
    await h.starter('so');
    h.channel.fire(events.chat(`!so @${broadcasterUser.login}`, { roles: moderator }));
    await h.finished(1);
    expect(h.recorded.of('shoutout')).toEqual([]);
    expect(h.service.getState().runs[0]!.steps[0]!.error).toContain("one of Sidestage's own accounts");
  });

  it('!uptime, !followage and !lurk answer from the stream and the platform', async () => {
    const h = await harness();
    for (const id of ['uptime', 'followage', 'lurk']) await h.starter(id);
    h.channel.fire(events.chat('!uptime'));
    await h.finished(1);
    h.channel.fire(events.chat('!followage'));
    await h.finished(2);
    h.channel.fire(events.chat('!lurk'));
    await h.finished(3);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual([
      'The stream has been live for 1 h 5 min.',
      'Viewer1: following for 3 months, 2 days.',
      'Thanks for the lurk, Viewer1! Enjoy the stream.',
    ]);
  });

  it('!death (moderators) counts once per run, says it and sets the OBS text source; a viewer cannot', async () => {
    const h = await harness();
    await h.starter('death');
    expect(h.variables.get('deaths')?.value).toBe(0);
    h.channel.fire(events.chat('!death'));
    h.channel.fire(events.chat('!death', { roles: moderator }));
    await h.finished(1);
    expect(h.variables.get('deaths')?.value).toBe(1);
    expect(h.recorded.of('chat.send')).toEqual([['Deaths: 1', undefined]]);
    expect(h.recorded.of('obs.setText')).toEqual([['Deaths', 'Deaths: 1']]);
    expect(h.service.getState().variables).toMatchObject([{ name: 'deaths', value: 1, initial: 0 }]);
  });

  it('!8ball picks one answer with the random source', async () => {
    const h = await harness({ random: () => 0.99 });
    await h.starter('8ball');
    h.channel.fire(events.chat('!8ball will I win?'));
    await h.finished(1);
    expect(h.recorded.of('chat.send')).toEqual([['🎱 Viewer1: Very doubtful.', undefined]]);
  });
});

describe('steps', () => {
  it('an if step on a variable takes then or else; nested steps change variables once each', async () => {
    const h = await harness();
    await h.variables.define('deaths', 0, 9);
    const counter = automation({ kind: 'chatCommand', command: '!d', minRole: 'everyone' }, [
      { kind: 'variable', name: 'deaths', op: 'add', value: '', by: 1 },
      {
        kind: 'if',
        rules: [{ field: 'variable', name: 'deaths', op: 'atLeast', value: 10 }],
        then: [
          { kind: 'chatMessage', text: '{var.deaths} deaths!' },
          { kind: 'variable', name: 'deaths', op: 'reset', value: '', by: 1 },
        ],
        else: [{ kind: 'chatMessage', text: 'Only {var.deaths}.' }],
      },
    ]);
    await h.store.save(counter);
    await h.service.setEnabled(counter.id, true);
    h.channel.fire(events.chat('!d'));
    await h.finished(1);
    h.channel.fire(events.chat('!d'));
    await h.finished(2);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual(['10 deaths!', 'Only 1.']);
    expect(h.variables.get('deaths')?.value).toBe(1);
  });

  it('a random step follows the weights', async () => {
    const h = await harness({ random: () => 0.5 });
    const pick = automation({ kind: 'manual' }, [
      {
        kind: 'random',
        choices: [
          { weight: 1, steps: [{ kind: 'chatMessage', text: 'rare' }] },
          { weight: 3, steps: [{ kind: 'chatMessage', text: 'common' }] },
        ],
      },
    ]);
    await h.store.save(pick);
    h.service.run(pick.id);
    await h.finished(1);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual(['common']);
    expect(h.service.getState().runs[0]!.steps[0]!.result).toBe('Chose choice 2: Sent: "common"');
  });

  it('what a viewer types is never read as a template: {var.x}, {random:..} and {target} in arguments stay as typed', async () => {
    const h = await harness();
    await h.variables.define('deaths', 3);
    await h.starter('so');
    h.channel.fire(events.chat('!so {var.deaths}{random:a|b}{target}', { roles: moderator }));
    await h.finished(1);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual(["I can't find {var.deaths}{random:a|b}{target}. Try !so @name."]);
  });

  it('a live field that cannot be read shows "?" and says why in the run log', async () => {
    const h = await harness({ lookups: null });
    await h.starter('followage');
    h.channel.fire(events.chat('!followage'));
    await h.finished(1);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual(['Viewer1: following for ?.']);
    expect(h.service.getState().runs[0]!.steps[0]!.result).toContain('{followage} not read: Sidestage is not signed in to the platform.');
  });

  it('"a variable reaches a value" fires once on the way up; its own changes never fire it again', async () => {
    const h = await harness();
    await h.variables.define('deaths', 0);
    // Would loop for ever if a reach run's own changes fired reaches: it resets and counts past 3 again.
    const milestone = automation({ kind: 'variableReaches', name: 'deaths', value: 3 }, [
      { kind: 'chatMessage', text: '{variable} reached {value}!' },
      { kind: 'variable', name: 'deaths', op: 'reset', value: '', by: 1 },
      { kind: 'variable', name: 'deaths', op: 'add', value: '', by: 5 },
    ]);
    await h.store.save(milestone);
    await h.service.setEnabled(milestone.id, true);
    for (let i = 0; i < 3; i++) await h.service.changeVariable('deaths', { kind: 'add', by: 1 });
    await h.finished(1);
    expect(h.recorded.of('chat.send').map(([text]) => text)).toEqual(['deaths reached 3!']);
    expect(h.variables.get('deaths')?.value).toBe(5);
    // Already past 3: going higher is not reaching it again; from below again, it is.
    await h.service.changeVariable('deaths', { kind: 'add', by: 1 });
    await h.service.changeVariable('deaths', { kind: 'set', value: 0 });
    await h.service.changeVariable('deaths', { kind: 'set', value: 3 });
    await h.finished(2);
    expect(h.recorded.of('chat.send')).toHaveLength(2);
  });

  it('branches nest at most 3 deep, refused in words', () => {
    const leaf = { kind: 'chatMessage' as const, text: 'deep' };
    const nest = (depth: number): object => (depth === 0 ? leaf : { kind: 'if', rules: [{ field: 'amount', op: 'atLeast', value: 1 }], then: [nest(depth - 1)], else: [] });
    const ok = automationSchema.safeParse(automation({ kind: 'manual' }, [nest(3) as never]));
    expect(ok.success).toBe(true);
    const tooDeep = automationSchema.safeParse(automation({ kind: 'manual' }, [nest(4) as never]));
    expect(tooDeep.success).toBe(false);
    expect(tooDeep.error?.issues[0]?.message).toBe('Branches nest at most 3 deep: move some steps out of the innermost branch.');
  });
});
