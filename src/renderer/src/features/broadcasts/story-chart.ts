/**
 * A broadcast's timeline, drawn with uPlot 1.6.32 (pinned exactly: a maintained canvas chart of
 * about 50 KB without dependencies that draws a 12-hour broadcast, 720 points a series and 2,000
 * moments, in 15 to 25 ms where the same points as SVG polylines took 60 to 80 ms on the same
 * machine, `npm run bench -- broadcast-story`; it styles its elements through the CSSOM, which the
 * renderer's CSP allows): viewers
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
  const moments = [...story.moments].sort((a, b) => a.offsetSeconds - b.offsetSeconds);
  const tip = document.createElement('div');
  tip.className = 'story-tip';
  tip.hidden = true;
  // The moments as one focusable control (not a tab stop each: a long broadcast has thousands):
  // arrows, Home and End move from one to the next, and the screen reader says it.
  const marks = document.createElement('div');
  marks.className = 'story-marks';
  marks.tabIndex = 0;
  marks.setAttribute('role', 'slider');
  marks.setAttribute('aria-label', 'Moments on the timeline');
  marks.setAttribute('aria-valuemin', '0');
  marks.setAttribute('aria-valuemax', String(Math.max(0, moments.length - 1)));
  marks.setAttribute('aria-valuenow', '0');
  marks.setAttribute('aria-valuetext', moments.length ? `${moments.length} moments: arrows go from one to the next` : 'No moments in this broadcast');
  let drawnMarks = 0;
  let current = -1;
  let plot: uPlot | null = null;

  const words = (m: StoryMoment) => `${formatPosition(m.offsetSeconds)} ${momentKindWords[m.kind]}: ${m.label}`;
  const show = (index: number) => {
    const moment = moments[index];
    if (!moment || !plot) return;
    current = index;
    // Viewer text is data: set as text, never as markup.
    tip.textContent = words(moment);
    tip.style.left = `${plot.valToPos(moment.offsetSeconds / 60, 'x')}px`;
    tip.hidden = false;
    marks.setAttribute('aria-valuenow', String(index));
    marks.setAttribute('aria-valuetext', words(moment));
  };
  const hide = () => {
    tip.hidden = true;
  };
  marks.addEventListener('keydown', (event) => {
    const last = moments.length - 1;
    const next = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? Math.min(last, current + 1) : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? Math.max(0, current - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null || last < 0) return;
    event.preventDefault();
    show(next);
  });
  marks.addEventListener('focus', () => show(Math.max(0, current)));
  marks.addEventListener('blur', hide);
  const nearest = (event: MouseEvent) => {
    if (!plot || moments.length === 0) return -1;
    const x = event.clientX - plot.over.getBoundingClientRect().left;
    const minute = plot.posToVal(x, 'x');
    const perPixel = Math.abs(plot.posToVal(x + 1, 'x') - minute);
    let best = -1;
    let distance = Infinity;
    for (let i = 0; i < moments.length; i++) {
      const d = Math.abs(moments[i]!.offsetSeconds / 60 - minute);
      if (d < distance) [best, distance] = [i, d];
    }
    return distance <= perPixel * 6 ? best : -1;
  };
  marks.addEventListener('mousemove', (event) => {
    const index = nearest(event);
    if (index >= 0) show(index);
    else hide();
  });
  marks.addEventListener('mouseleave', hide);

  plot = new uPlot(
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
            // The moments as ticks along the top of the plot, on the canvas (so also in the PNG).
            const { ctx } = u;
            const top = u.bbox.top;
            ctx.save();
            ctx.lineWidth = 2 * devicePixelRatio;
            drawnMarks = 0;
            for (const moment of moments) {
              const x = Math.round(u.valToPos(moment.offsetSeconds / 60, 'x', true));
              ctx.strokeStyle = markColour[moment.kind];
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + 14 * devicePixelRatio);
              ctx.stroke();
              drawnMarks++;
            }
            ctx.restore();
            host.dataset.marks = String(drawnMarks);
            options.onDrawn?.();
          },
        ],
      },
    },
    data,
    host,
  );
  // Over the plotting area, where the x positions are counted from.
  plot.over.append(marks, tip);
  host.dataset.points = String(points);
  const drawn = plot;
  return {
    canvas: () => drawn.ctx.canvas,
    counts: () => ({ points, marks: drawnMarks }),
    destroy: () => drawn.destroy(),
  };
}
