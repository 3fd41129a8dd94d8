/**
 * A widget's page (`/overlay/widget/<id>`): it shows the view main sends, whole, each time. Every
 * viewer name goes in as `textContent` (never markup). The timer counts on by itself between frames
 * from the moment its frame came; the credits roll up the page and start again (with reduced
 * motion they stand still).
 */
import { OVERLAY_HEIGHT } from '../../../shared/ipc/schemas/overlays';
import type { WidgetView } from '../../../shared/ipc/schemas/widgets';
import { recentWords, rollSeconds, timerFace } from './widget-format';

type Make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => HTMLElementTagNameMap[K];

let widgetEl: HTMLElement | null = null;
let timerTick: ReturnType<typeof setInterval> | null = null;

export function showWidget(stage: HTMLElement, element: Make, view: WidgetView): void {
  if (timerTick !== null) clearInterval(timerTick);
  timerTick = null;
  // A name added mid-roll: the roll goes on where it is, with the new names in it.
  const roll = widgetEl?.dataset.widget === 'credits' && view.widget === 'credits' ? widgetEl.querySelector<HTMLElement>('.widget-credits-roll') : null;
  if (roll && view.widget === 'credits') return fillCredits(roll, element, view);
  widgetEl?.remove();
  const el = element('section', `widget widget-${view.widget}`);
  el.dataset.widget = view.widget;
  switch (view.widget) {
    case 'recent': {
      const list = element('ol', 'widget-recent-list');
      for (const item of view.items) {
        const words = recentWords(item);
        const li = element('li', `widget-recent-item recent-${item.kind}`);
        li.dataset.eventId = item.id;
        li.append(element('span', 'widget-name', words.name), element('span', 'widget-detail', ` ${words.what}`));
        list.append(li);
      }
      el.append(list);
      break;
    }
    case 'latest':
      el.dataset.empty = String(view.name === null);
      el.append(element('p', 'widget-label', view.label), element('p', 'widget-name', view.name ?? '—'));
      if (view.detail) el.append(element('p', 'widget-detail', view.detail));
      break;
    case 'counter':
      el.append(element('p', 'widget-label', view.label), element('p', 'widget-value', view.value ?? '—'));
      break;
    case 'timer': {
      const face = element('p', 'widget-value', timerFace(view, 0));
      el.dataset.running = String(view.running);
      el.append(element('p', 'widget-label', view.label), face);
      if (view.running) {
        const came = performance.now();
        timerTick = setInterval(() => {
          face.textContent = timerFace(view, performance.now() - came);
        }, 250);
      }
      break;
    }
    case 'credits': {
      const roll = element('div', 'widget-credits-roll');
      el.append(roll);
      stage.append(el);
      widgetEl = el;
      return fillCredits(roll, element, view);
    }
  }
  stage.append(el);
  widgetEl = el;
}

function fillCredits(roll: HTMLElement, element: Make, view: Extract<WidgetView, { widget: 'credits' }>): void {
  const parts: HTMLElement[] = [element('h2', 'widget-credits-title', view.title)];
  for (const section of view.sections) {
    const part = element('section', 'widget-credits-section');
    part.append(element('h3', 'widget-credits-heading', section.title));
    for (const name of section.names) part.append(element('p', 'widget-name', name));
    parts.push(part);
  }
  roll.replaceChildren(...parts);
  roll.style.setProperty('--roll-seconds', `${rollSeconds(roll.scrollHeight, OVERLAY_HEIGHT, view.speed).toFixed(2)}s`);
}
