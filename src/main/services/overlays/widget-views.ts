/**
 * What each widget's page shows, made from the tally, the widget's settings, the variables and the
 * timer: plain values (names are text, the page puts them in `textContent`). Which widgets an
 * event's change concerns (`widgetsConcerned`), so that only their pages are sent anything.
 */
import { latestLabels, type WidgetId, type WidgetSettings, type WidgetTimer, type WidgetView } from '../../../shared/ipc/schemas/widgets';
import type { AutomationVariable } from '../../../shared/domain/automation-variables';
import type { WidgetPart, WidgetTallyState } from './widget-tally';

const count = new Intl.NumberFormat('en');

export function recentView(tally: WidgetTallyState, settings: WidgetSettings['recent']): WidgetView {
  const kinds = new Set<string>(settings.kinds);
  const items = tally.recent.filter((item) => kinds.has(item.kind)).slice(0, settings.count);
  return { widget: 'recent', items: items.map(({ id, kind, name, amount }) => ({ id, kind, name, amount })) };
}

export function latestView(tally: WidgetTallyState, settings: WidgetSettings['latest']): WidgetView {
  const label = latestLabels[settings.which];
  const { latest, broadcast, allTime } = tally;
  const shown = (name: string | undefined, detail: string | null): WidgetView => ({ widget: 'latest', label, name: name ?? null, detail: name === undefined ? null : detail });
  switch (settings.which) {
    case 'latestFollower':
      return shown(latest.follower?.name, null);
    case 'latestSubscriber':
      return shown(latest.subscriber?.name, null);
    case 'latestCheer':
      return shown(latest.cheer?.name, latest.cheer ? `${count.format(latest.cheer.bits)} bits` : null);
    case 'latestDonation':
      return shown(latest.donation?.name, latest.donation?.amount ?? null);
    case 'topCheererBroadcast':
    case 'topCheererAllTime': {
      const top = (settings.which === 'topCheererBroadcast' ? broadcast : allTime).cheerers[0];
      return shown(top?.name, top ? `${count.format(top.total)} bits` : null);
    }
    case 'topGifterBroadcast':
    case 'topGifterAllTime': {
      const top = (settings.which === 'topGifterBroadcast' ? broadcast : allTime).gifters[0];
      return shown(top?.name, top ? `${count.format(top.total)} gifts` : null);
    }
  }
}

export function counterView(variables: readonly AutomationVariable[], settings: WidgetSettings['counter']): WidgetView {
  const variable = settings.variable === null ? undefined : variables.find((v) => v.name === settings.variable);
  const value = variable === undefined ? null : typeof variable.value === 'number' ? count.format(variable.value) : variable.value.slice(0, 200);
  return { widget: 'counter', label: settings.label, value };
}

/** The timer's run time at `now` (ms). */
export function timerElapsed(timer: WidgetTimer, now: number): number {
  return timer.elapsedMs + (timer.runningSince === null ? 0 : Math.max(0, now - timer.runningSince));
}

export function timerView(timer: WidgetTimer, settings: WidgetSettings['timer'], now: number): WidgetView {
  const durationMs = settings.durationSeconds * 1000;
  const elapsed = timerElapsed(timer, now);
  // A countdown that ran out shows 0:00 and stays there.
  const running = timer.runningSince !== null && !(settings.mode === 'countdown' && elapsed >= durationMs);
  return { widget: 'timer', label: settings.label, mode: settings.mode, durationMs, elapsedMs: Math.round(settings.mode === 'countdown' ? Math.min(elapsed, durationMs) : elapsed), running };
}

export function creditsView(tally: WidgetTallyState, settings: WidgetSettings['credits']): WidgetView {
  const b = tally.broadcast;
  const names = (people: readonly { name: string }[]) => people.map((p) => p.name);
  const sections = [
    { title: 'Followers', names: names(b.followers) },
    { title: 'Subscribers', names: names(b.subscribers) },
    { title: 'Gifters', names: names(b.gifters) },
    { title: 'Cheerers', names: names(b.cheerers) },
    { title: 'Raiders', names: names(b.raiders) },
    { title: 'Moderators', names: names(b.moderators) },
  ].filter((s) => s.names.length > 0);
  return { widget: 'credits', title: settings.title, speed: settings.speed, sections };
}

/** The widgets whose view a tally change touched. */
export function widgetsConcerned(parts: ReadonlySet<WidgetPart>, settings: WidgetSettings): WidgetId[] {
  const ids: WidgetId[] = [];
  if (parts.has('recent')) ids.push('recent');
  const top = settings.latest.which.startsWith('top');
  if ((top && parts.has('top')) || (!top && parts.has('latest'))) ids.push('latest');
  if (parts.has('credits')) ids.push('credits');
  return ids;
}
