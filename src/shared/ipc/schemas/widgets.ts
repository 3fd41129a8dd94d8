/**
 * The stream widgets, each its own overlay (`widget/<id>`): the recent-events list, the latest or
 * the top supporter, a counter (an automation variable), a countdown or stopwatch, and the credits
 * roll. Their settings, the timer, the state the Overlays panel sees, the arguments it sends, and the
 * view a widget's page is sent (`widgetViewSchema`). Viewer names are plain text in every view.
 */
import { z } from 'zod';

export const widgetIds = ['recent', 'latest', 'counter', 'timer', 'credits'] as const;
export type WidgetId = (typeof widgetIds)[number];
export const widgetTitles: Record<WidgetId, string> = {
  recent: 'Recent events',
  latest: 'Latest and top',
  counter: 'Counter',
  timer: 'Countdown or stopwatch',
  credits: 'Credits roll',
};

export const widgetRecentKinds = ['follow', 'subscription', 'resubscription', 'giftSubscriptions', 'cheer', 'raid', 'donation'] as const;
export const latestChoices = ['latestFollower', 'latestSubscriber', 'latestCheer', 'latestDonation', 'topCheererBroadcast', 'topCheererAllTime', 'topGifterBroadcast', 'topGifterAllTime'] as const;
export type LatestChoice = (typeof latestChoices)[number];
export const latestLabels: Record<LatestChoice, string> = {
  latestFollower: 'Latest follower',
  latestSubscriber: 'Latest subscriber',
  latestCheer: 'Latest cheer',
  latestDonation: 'Latest donation',
  topCheererBroadcast: 'Top cheerer today',
  topCheererAllTime: 'Top cheerer of all time',
  topGifterBroadcast: 'Top gifter today',
  topGifterAllTime: 'Top gifter of all time',
};

const labelSchema = z.string().max(60, 'A label is at most 60 characters.');
/** The automations' variable names (as `AutomationVariablesPort` has them). */
export const variableNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'A variable name is lowercase letters, digits and _ (at most 32), starting with a letter.');

export const widgetSettingsSchema = z.object({
  recent: z.object({
    count: z.number().int().min(1, 'Show at least 1 event.').max(50, 'Show at most 50 events.'),
    kinds: z.array(z.enum(widgetRecentKinds)).max(widgetRecentKinds.length),
  }),
  latest: z.object({ which: z.enum(latestChoices) }),
  counter: z.object({ variable: variableNameSchema.nullable(), label: labelSchema }),
  timer: z.object({
    mode: z.enum(['countdown', 'stopwatch']),
    durationSeconds: z.number().int().min(1, 'A countdown is at least 1 second.').max(86_400, 'A countdown is at most 24 hours.'),
    label: labelSchema,
  }),
  credits: z.object({
    title: labelSchema,
    /** How fast the names roll up the page. */
    speed: z.number().int().min(10, 'Roll at 10 to 400 pixels a second.').max(400, 'Roll at 10 to 400 pixels a second.'),
  }),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const defaultWidgetSettings: WidgetSettings = {
  recent: { count: 5, kinds: [...widgetRecentKinds] },
  latest: { which: 'latestFollower' },
  counter: { variable: null, label: 'Counter' },
  timer: { mode: 'countdown', durationSeconds: 300, label: 'Starting soon' },
  credits: { title: 'Thanks for watching', speed: 60 },
};

/** The timer: `elapsedMs` run before `runningSince` (epoch ms; null: stopped where it is). */
export const widgetTimerSchema = z.object({
  elapsedMs: z.number().int().nonnegative().max(10 * 86_400_000),
  runningSince: z.number().int().nonnegative().nullable(),
});
export type WidgetTimer = z.infer<typeof widgetTimerSchema>;

export const widgetsStateSchema = z.object({
  settings: widgetSettingsSchema,
  timer: widgetTimerSchema,
  /** The automations' variables a counter can show. */
  variables: z.array(z.object({ name: z.string(), value: z.union([z.number(), z.string()]) })),
});
export type WidgetsState = z.infer<typeof widgetsStateSchema>;

export const setWidgetArgSchema = z.discriminatedUnion('widget', [
  z.object({ widget: z.literal('recent'), changes: widgetSettingsSchema.shape.recent.partial().strict() }).strict(),
  z.object({ widget: z.literal('latest'), changes: widgetSettingsSchema.shape.latest.partial().strict() }).strict(),
  z.object({ widget: z.literal('counter'), changes: widgetSettingsSchema.shape.counter.partial().strict() }).strict(),
  z.object({ widget: z.literal('timer'), changes: widgetSettingsSchema.shape.timer.partial().strict() }).strict(),
  z.object({ widget: z.literal('credits'), changes: widgetSettingsSchema.shape.credits.partial().strict() }).strict(),
]);
export type SetWidgetArg = z.infer<typeof setWidgetArgSchema>;
export const widgetTimerArgSchema = z.object({ action: z.enum(['start', 'pause', 'reset']) }).strict();
export type WidgetTimerAction = z.infer<typeof widgetTimerArgSchema>['action'];

// ---------- what a widget's page is sent ----------

const text = z.string().max(200);
export const widgetViewSchema = z.discriminatedUnion('widget', [
  z.object({
    widget: z.literal('recent'),
    items: z.array(z.object({ id: z.string().max(300), kind: z.enum(widgetRecentKinds), name: text, amount: text.nullable() })).max(50),
  }),
  z.object({ widget: z.literal('latest'), label: text, name: text.nullable(), detail: text.nullable() }),
  z.object({ widget: z.literal('counter'), label: text, value: text.nullable() }),
  /** The page counts on from `elapsedMs` while `running`, from when it got the frame. */
  z.object({ widget: z.literal('timer'), label: text, mode: z.enum(['countdown', 'stopwatch']), durationMs: z.number().int().positive(), elapsedMs: z.number().int().nonnegative(), running: z.boolean() }),
  z.object({ widget: z.literal('credits'), title: text, speed: z.number().int().positive(), sections: z.array(z.object({ title: text, names: z.array(text).max(2_000) })).max(10) }),
]);
export type WidgetView = z.infer<typeof widgetViewSchema>;
