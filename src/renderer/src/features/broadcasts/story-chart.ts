/**
 * A broadcast's timeline, drawn with uPlot (canvas; see docs/architecture.md for why uPlot): viewers
 * and chat lines a minute as lines, the minute's events (follows, subs, redemptions, donations) as
 * bars, and every moment as a mark along the top. The marks are also buttons over the canvas, so
 * that each can be focused by keyboard and hovered for its detail (the table beside the chart says
 * everything again for a screen reader). Plain DOM, no React: the panel mounts it, and the bench
 * draws the same thing.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { BroadcastStory, StoryMoment, StoryMomentKind } from '../../../../shared/ipc/contract';
import { formatPosition } from '../../../../shared/domain/marker-position';

/** A mark's colour by kind: moments of one family share one. */
const markColour: Record<StoryMomentKind, string> = {
  marker: '#7c4ddb',
  clip: '#7c4ddb',
  raidIn: '#16a34a',
  raidOut: '#16a34a',
  adBreak: '#dc2626',
  shieldMode: '#ea580c',
  poll: '#0891b2',
  prediction: '#0891b2',
  hypeTrain: '#db2777',
  titleChange: '#64748b',
  categoryChange: '#64748b',
  automation: '#ca8a04',
};

export const momentKindWords: Record<StoryMomentKind, string> = {
  marker: 'Marker',
  clip: 'Clip',
  raidIn: 'Raid in',
  raidOut: 'Raid out',
  adBreak: 'Ad break',
  shieldMode: 'Shield Mode',
  poll: 'Poll',
  prediction: 'Prediction',
  hypeTrain: 'Hype train',
  titleChange: 'Title',
  categoryChange: 'Category',
  automation: 'Automation',
};

/** Pixels a minute takes at least: a long broadcast scrolls sideways instead of squeezing. */
const minMinuteWidth = 4;
const height = 260;

/** uPlot's aligned data: every minute from 0 to the last one (a minute Sidestage missed is a gap). */
export function chartData(story: Pick<BroadcastStory, 'minutes'>): uPlot.AlignedData {
  const last = story.minutes.at(-1)?.minute ?? 0;
  const count = last + 1;
  const x = new Array<number>(count);
  const viewers = new Array<number | null>(count).fill(null);
  const chat = new Array<number | null>(count).fill(null);
  const events = new Array<number | null>(count).fill(null);
  for (let i = 0; i < count; i++) x[i] = i;
  for (const m of story.minutes) {
    viewers[m.minute] = m.viewers;
    chat[m.minute] = m.chatLines;
    events[m.minute] = m.follows + m.subs + m.redemptions + m.donations;
  }
  return [x, viewers, chat, events];
}

export interface StoryChart {
  /** The canvas, for the PNG export. */
  canvas(): HTMLCanvasElement;
  /** How many points each series has, and how many marks are drawn. */
  counts(): { points: number; marks: number };
  destroy(): void;
}

export function drawStoryChart(host: HTMLElement, story: Pick<BroadcastStory, 'minutes' | 'moments'>, options: { width: number; onDrawn?: () => void }): StoryChart {
  const data = chartData(story);
  const points = data[0].length;
  const width = Math.max(options.width, points * minMinuteWidth);
  const marksLayer = document.createElement('div');
  marksLayer.className = 'story-marks';
  marksLayer.setAttribute('role', 'group');
  marksLayer.setAttribute('aria-label', 'Moments on the timeline');
  const tip = document.createElement('div');
  tip.className = 'story-tip';
  tip.setAttribute('role', 'status');
  tip.hidden = true;
  let drawnMarks = 0;
  followMarks(marksLayer, tip);

  const placeMarks = (u: uPlot) => {
    marksLayer.replaceChildren();
    const fragment = document.createDocumentFragment();
    for (const moment of story.moments) {
      const left = u.valToPos(moment.offsetSeconds / 60, 'x');
      fragment.append(markButton(moment, left));
    }
    marksLayer.append(fragment);
  };

  const plot = new uPlot(
    {
      width,
      height,
      scales: { x: { time: false }, viewers: { range: (_u, _min, max) => [0, Math.max(1, max)] }, rate: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { label: 'Minutes from the start', values: (_u, splits) => splits.map((v) => formatPosition(v * 60)) },
        { scale: 'viewers', label: 'Viewers' },
        { scale: 'rate', side: 1, label: 'A minute', grid: { show: false } },
      ],
      series: [
        { label: 'Minute', value: (_u, v) => (v === null ? '' : formatPosition(v * 60)) },
        { label: 'Viewers', scale: 'viewers', stroke: '#7c4ddb', width: 2, spanGaps: false },
        { label: 'Chat lines', scale: 'rate', stroke: '#0891b2', width: 1.5, spanGaps: false },
        { label: 'Follows, subs, redemptions, donations', scale: 'rate', stroke: '#16a34a', fill: 'rgba(22, 163, 74, 0.35)', paths: uPlot.paths.bars!({ size: [0.8, 12] }), points: { show: false } },
      ],
      legend: { live: true },
      hooks: {
        draw: [
          (u) => {
            // The moments as ticks along the top of the plot, on the canvas (also in the PNG).
            const { ctx } = u;
            const top = u.bbox.top;
            ctx.save();
            ctx.lineWidth = 2 * devicePixelRatio;
            drawnMarks = 0;
            for (const moment of story.moments) {
              const x = Math.round(u.valToPos(moment.offsetSeconds / 60, 'x', true));
              ctx.strokeStyle = markColour[moment.kind];
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + 14 * devicePixelRatio);
              ctx.stroke();
              drawnMarks++;
            }
            ctx.restore();
            placeMarks(u);
            options.onDrawn?.();
          },
        ],
      },
    },
    data,
    host,
  );
  // Over the plotting area, where the x positions are counted from.
  plot.over.append(marksLayer, tip);
  host.dataset.points = String(points);
  host.dataset.marks = String(story.moments.length);
  return {
    canvas: () => plot.ctx.canvas,
    counts: () => ({ points, marks: drawnMarks }),
    destroy: () => plot.destroy(),
  };
}

function markButton(moment: StoryMoment, left: number): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `story-mark story-mark-${moment.kind}`;
  button.style.left = `${left}px`;
  button.style.background = markColour[moment.kind];
  // Viewer text is data: set as text, never as markup.
  button.setAttribute('aria-label', `${formatPosition(moment.offsetSeconds)} ${momentKindWords[moment.kind]}: ${moment.label}`);
  return button;
}

/** One set of listeners for every mark (a 12-hour broadcast has thousands): the tip shows the mark hovered or focused. */
function followMarks(layer: HTMLElement, tip: HTMLElement): void {
  const show = (event: Event) => {
    const mark = event.target instanceof HTMLElement ? event.target.closest('.story-mark') : null;
    if (!(mark instanceof HTMLElement)) return;
    tip.textContent = mark.getAttribute('aria-label');
    tip.style.left = mark.style.left;
    tip.hidden = false;
  };
  const hide = () => {
    tip.hidden = true;
  };
  layer.addEventListener('mouseover', show);
  layer.addEventListener('focusin', show);
  layer.addEventListener('mouseout', hide);
  layer.addEventListener('focusout', hide);
}
