import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter } from '../../../shared/primitives/emitter';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { StreamWidgets } from './stream-widgets';
import { WidgetFile } from './widget-file';
import type { AutomationVariable, AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { noAutomationVariables } from './widget-ports';
import type { WidgetEvent } from './widget-tally';

let n = 0;
const base = () => ({ id: `s${++n}`, at: new Date(Date.UTC(2026, 0, 1, 20, 0, n % 60)).toISOString(), source: 'live' as const });
const user = (name: string) => ({ id: `u-${name}`, login: name.toLowerCase(), name });
const follow = (name: string): WidgetEvent => ({ ...base(), kind: 'follow', user: user(name) });

/** Pages open by key, and every frame each key was sent. */
function fakeServer(open: string[]) {
  const sent: { key: string; frame: OverlayFrame }[] = [];
  const keys = new Set(open);
  return {
    sent,
    pagesOpen: (key: string) => (keys.has(key) ? 1 : 0),
    send: (match: (key: string) => boolean, frame: OverlayFrame) => {
      for (const key of keys) if (match(key)) sent.push({ key, frame });
    },
  };
}

function variablesOf(initial: AutomationVariable[]) {
  const changes = new Emitter<AutomationVariable>();
  const list = [...initial];
  const port: AutomationVariablesPort = {
    list: () => list,
    change: () => Promise.reject(new Error('not here')),
    onChanged: (listener) => changes.on(listener),
  };
  return { port, set: (v: AutomationVariable) => (list.splice(list.findIndex((x) => x.name === v.name), 1, v), changes.fire(v)) };
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'widgets-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function make(options: { open?: string[]; clock?: Clock; variables?: AutomationVariablesPort; notices?: DataRecoveryNotices } = {}) {
  const file = await WidgetFile.open({ dataDir, logger: silentLogger, notices: options.notices });
  const server = fakeServer(options.open ?? ['widget/recent', 'widget/latest', 'widget/credits', 'widget/timer', 'widget/counter']);
  const widgets = new StreamWidgets({ file, server, variables: options.variables ?? variablesOf([]).port, clock: options.clock ?? systemClock, logger: silentLogger });
  return { file, server, widgets };
}

const views = (sent: { key: string; frame: OverlayFrame }[]) => sent.map(({ key, frame }) => (frame.type === 'widget' ? `${key}:${frame.view.widget}` : key));

describe('StreamWidgets', () => {
  it('sends a follow only to the widgets it concerns, and nothing to a widget with no page open', async () => {
    const { server, widgets } = await make({ open: ['widget/latest', 'widget/credits', 'widget/timer'] });
    widgets.apply(follow('Ada'));
    expect(views(server.sent)).toEqual(['widget/latest:latest', 'widget/credits:credits']);
    const latest = server.sent[0]!.frame;
    expect(latest).toEqual({ type: 'widget', view: { widget: 'latest', label: 'Latest follower', name: 'Ada', detail: null } });
    // The same event again (a redelivery): nothing.
    server.sent.length = 0;
    widgets.apply({ ...follow('Ada'), id: 'again' });
    widgets.apply({ ...follow('Ada'), id: 'again' });
    expect(views(server.sent)).toEqual(['widget/latest:latest']);
  });

  it('a restart reads back into the same views; a page connecting gets its widget’s view', async () => {
    const first = await make();
    first.widgets.setWidget({ widget: 'latest', changes: { which: 'latestFollower' } });
    first.widgets.setWidget({ widget: 'credits', changes: { title: 'Merci' } });
    first.widgets.apply(follow('Ada'));
    first.widgets.apply(follow('Bo'));
    await first.file.settled();
    const again = await make();
    expect(again.widgets.initialFrames('widget/latest')).toEqual([{ type: 'widget', view: { widget: 'latest', label: 'Latest follower', name: 'Bo', detail: null } }]);
    expect(again.widgets.initialFrames('widget/credits')).toEqual([{ type: 'widget', view: { widget: 'credits', title: 'Merci', speed: 60, sections: [{ title: 'Followers', names: ['Ada', 'Bo'] }] } }]);
    expect(again.widgets.initialFrames('alerts')).toEqual([]);
  });

  it('sets a damaged file aside, names it, and starts afresh', async () => {
    await writeFile(join(dataDir, 'widgets.json'), '{"version":1,"settings":');
    const notices = new DataRecoveryNotices(silentLogger);
    const { widgets } = await make({ notices });
    expect(notices.list()).toEqual([expect.objectContaining({ file: 'widgets.json', reason: expect.stringMatching(/not valid JSON/) })]);
    expect((await readdir(dataDir)).some((f) => f.startsWith('widgets.json.') && f !== 'widgets.json')).toBe(true);
    expect(widgets.initialFrames('widget/latest')).toEqual([{ type: 'widget', view: expect.objectContaining({ name: null }) }]);
  });

  it('keeps the good parts of a file with a damaged part, and says what was lost', async () => {
    await writeFile(join(dataDir, 'widgets.json'), JSON.stringify({ version: 1, settings: { credits: { title: 'Kept', speed: 80 }, recent: { count: 'many' } }, timer: { elapsedMs: -5 }, tally: 'nope' }));
    const notices = new DataRecoveryNotices(silentLogger);
    const { widgets } = await make({ notices });
    expect(widgets.getState().settings.credits).toEqual({ title: 'Kept', speed: 80 });
    expect(widgets.getState().settings.recent.count).toBe(5);
    expect(notices.list()[0]).toMatchObject({ file: 'widgets.json', lost: expect.stringContaining('the timer') });
  });

  it('the timer starts, pauses and resets from the panel, and its page is told each time', async () => {
    let now = 1_000_000;
    const clock = { ...systemClock, now: () => now };
    const { server, widgets } = await make({ clock, open: ['widget/timer'] });
    widgets.setWidget({ widget: 'timer', changes: { mode: 'countdown', durationSeconds: 60 } });
    widgets.timerAction('start');
    now += 10_000;
    expect(widgets.initialFrames('widget/timer')[0]).toMatchObject({ view: { elapsedMs: 10_000, running: true } });
    widgets.timerAction('pause');
    now += 30_000;
    expect(widgets.getState().timer).toEqual({ elapsedMs: 10_000, runningSince: null });
    widgets.timerAction('start');
    now += 5_000;
    expect(widgets.initialFrames('widget/timer')[0]).toMatchObject({ view: { elapsedMs: 15_000, running: true } });
    widgets.timerAction('reset');
    expect(widgets.getState().timer).toEqual({ elapsedMs: 0, runningSince: null });
    expect(server.sent.filter((s) => s.frame.type === 'widget').length).toBe(5);
  });

  it('the counter shows the chosen variable and follows its changes', async () => {
    const variables = variablesOf([{ name: 'deaths', value: 3, updatedAt: '' }]);
    const { server, widgets } = await make({ variables: variables.port, open: ['widget/counter'] });
    const stop = widgets.start();
    widgets.setWidget({ widget: 'counter', changes: { variable: 'deaths', label: 'Deaths' } });
    variables.set({ name: 'deaths', value: 4, updatedAt: '' });
    expect(server.sent.map((s) => s.frame)).toEqual([
      { type: 'widget', view: { widget: 'counter', label: 'Deaths', value: '3' } },
      { type: 'widget', view: { widget: 'counter', label: 'Deaths', value: '4' } },
    ]);
    expect(widgets.getState().variables).toEqual([{ name: 'deaths', value: 4 }]);
    stop();
  });

  it('follows the variables linked later (the automations feature is built after the overlays), and none again once they are let go', async () => {
    const { server, widgets } = await make({ variables: noAutomationVariables, open: ['widget/counter'] });
    const stop = widgets.start();
    widgets.setWidget({ widget: 'counter', changes: { variable: 'deaths', label: 'Deaths' } });
    const variables = variablesOf([{ name: 'deaths', value: 7, updatedAt: '' }]);
    const unlink = widgets.useVariables(variables.port);
    expect(widgets.getState().variables).toEqual([{ name: 'deaths', value: 7 }]);
    variables.set({ name: 'deaths', value: 8, updatedAt: '' });
    expect(server.sent.map((s) => s.frame).slice(-2)).toEqual([
      { type: 'widget', view: { widget: 'counter', label: 'Deaths', value: '7' } },
      { type: 'widget', view: { widget: 'counter', label: 'Deaths', value: '8' } },
    ]);
    unlink();
    const sent = server.sent.length;
    variables.set({ name: 'deaths', value: 9, updatedAt: '' });
    expect(server.sent.length).toBe(sent);
    expect(widgets.getState().variables).toEqual([]);
    stop();
  });
});
