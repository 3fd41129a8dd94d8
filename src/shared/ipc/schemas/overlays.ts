/**
 * Overlays: the pages Sidestage serves to OBS browser sources (alerts, goals, the redemption being
 * handled, chat), their settings, the one alert queue, and the frames a page receives. A page only
 * ever receives the frames below: what it shows, never a token, key or secret.
 */
import { z } from 'zod';
import { widgetViewSchema } from './widgets';
import { mediaIdSchema } from './media';

export const alertKinds = ['follow', 'subscription', 'resubscription', 'giftSubscriptions', 'cheer', 'raid', 'donation', 'redemption', 'hypeTrain'] as const;
export const alertKindSchema = z.enum(alertKinds);
export type AlertKind = z.infer<typeof alertKindSchema>;

/**
 * When a variation plays instead of its type's default: every field set must hold (null: any).
 * `atLeast`/`below` compare the type's figure: bits (cheer), viewers (raid), months
 * (resubscription), subscriptions (gift), the amount in whole currency units (donation), level
 * (hype train).
 */
export const alertConditionSchema = z
  .object({
    atLeast: z.number().min(0).max(1_000_000_000).nullable(),
    below: z.number().min(0).max(1_000_000_000).nullable(),
    /** The platform's tier: `1000`, `2000`, `3000`, `prime`. */
    tier: z.enum(['1000', '2000', '3000', 'prime']).nullable(),
    /** An anonymous cheer or gift (true), or one with a name (false). */
    anonymous: z.boolean().nullable(),
    /** A redemption of this reward. */
    rewardId: z.string().min(1).max(100).nullable(),
  })
  .strict()
  .refine((c) => c.atLeast === null || c.below === null || c.atLeast < c.below, { message: 'A variation’s “at least” must be below its “below”.' });
export type AlertCondition = z.infer<typeof alertConditionSchema>;

const alertLookFields = {
  /** The text, with `{field}`s of the event (`shared/domain/alert-template.ts`). */
  template: z.string().max(200, 'An alert text is at most 200 characters.'),
  durationMs: z.number().int().min(1_000, 'An alert shows for at least 1 second.').max(60_000, 'An alert shows for at most 60 seconds.'),
  imageId: mediaIdSchema.nullable(),
  soundId: mediaIdSchema.nullable(),
  /** 0..1 */
  volume: z.number().min(0).max(1),
  /** The viewer's words spoken with the alert (the text-to-speech of the alerts page honours it). */
  speak: z.boolean(),
};

// ---------- the look and the motion of an alert ----------

/** Where an alert sits on the 1920x1080 stage, before its offset. */
export const alertAnchors = ['top-left', 'top', 'top-right', 'left', 'centre', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
/** Where the image goes against the text. */
export const alertLayouts = ['image-above', 'image-left', 'image-right', 'image-behind'] as const;
export const alertMotions = ['fade', 'slide-from-top', 'slide-from-bottom', 'slide-from-left', 'slide-from-right', 'pop', 'bounce', 'none'] as const;
/** The generic CSS families; any other font is one Sidestage bundles or one installed on the system, by name. */
export const genericFontFamilies = ['system-ui', 'sans-serif', 'serif', 'monospace', 'cursive'] as const;
/**
 * Open fonts (SIL OFL 1.1) that Sidestage serves to its overlay pages from their own origin, so an
 * alert looks the same on every computer; the page declares them and loads one only when an alert uses it.
 */
export const bundledFonts = ['Inter Variable', 'Bangers', 'Press Start 2P'] as const;

const colourSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'A colour is written #rrggbb (for example #ffffff).');

/**
 * A font family's name, never CSS: letters, digits, spaces and hyphens (e.g. `Segoe UI`,
 * `Noto Sans`), so that it can only ever name a font.
 */
export const fontFamilyNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/, 'A font is named by letters, digits, spaces and hyphens only (at most 60), like Segoe UI.');

export const alertStyleSchema = z
  .object({
    anchor: z.enum(alertAnchors),
    /** Moves the alert from its anchor, in stage pixels (right and down are positive). */
    offsetX: z.number().int('Whole pixels.').min(-1920, 'An offset is at least -1920 px.').max(1920, 'An offset is at most 1920 px.'),
    offsetY: z.number().int('Whole pixels.').min(-1080, 'An offset is at least -1080 px.').max(1080, 'An offset is at most 1080 px.'),
    layout: z.enum(alertLayouts),
    /** Null: the overlays' own system fonts. */
    font: fontFamilyNameSchema.nullable(),
    fontSizePx: z.number().int('Whole pixels.').min(12, 'A text size is at least 12 px.').max(200, 'A text size is at most 200 px.'),
    textColour: colourSchema,
    outlineColour: colourSchema,
    /** 0: no outline. */
    outlinePx: z.number().int('Whole pixels.').min(0, 'An outline is at least 0 px.').max(12, 'An outline is at most 12 px.'),
    shadow: z.boolean(),
    entrance: z.enum(alertMotions),
    exit: z.enum(alertMotions),
  })
  .strict();
export type AlertStyle = z.infer<typeof alertStyleSchema>;

/** A variation's look: each field set overrides its type's; absent: the type's. */
export const alertStyleOverridesSchema = alertStyleSchema.partial().strict();
export type AlertStyleOverrides = z.infer<typeof alertStyleOverridesSchema>;

/** Today's look (top centre, 90 px down, image above, 64 px white with a shadow, dropping in). */
export const defaultAlertStyle: Readonly<AlertStyle> = Object.freeze({
  anchor: 'top',
  offsetX: 0,
  offsetY: 90,
  layout: 'image-above',
  font: null,
  fontSizePx: 64,
  textColour: '#ffffff',
  outlineColour: '#000000',
  outlinePx: 0,
  shadow: true,
  entrance: 'slide-from-top',
  exit: 'slide-from-top',
});

/** The look an alert plays with: its variation's choices over its type's. */
export function resolvedAlertStyle(type: AlertStyle, variation: AlertStyleOverrides | null | undefined): AlertStyle {
  const chosen = Object.fromEntries(Object.entries(variation ?? {}).filter(([, value]) => value !== undefined));
  return { ...type, ...chosen };
}

export const alertVariationIdSchema = z.string().regex(/^[a-z0-9]{1,32}$/, 'A variation id is 1 to 32 lower-case letters and digits.');

/** A variation of an alert type: its condition, and its own text, media, duration and speech. */
export const alertVariationSchema = z
  .object({
    id: alertVariationIdSchema,
    name: z.string().max(60, 'A variation’s name is at most 60 characters.'),
    when: alertConditionSchema,
    ...alertLookFields,
    style: alertStyleOverridesSchema,
  })
  .strict();
export type AlertVariation = z.infer<typeof alertVariationSchema>;

export const MAX_ALERT_VARIATIONS = 20;

export const alertTypeSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /**
     * The least that gets an alert: bits (cheer), viewers (raid), the amount in whole currency
     * units (donation), subscriptions (gift), months (resubscription), level (hype train); 0: all.
     */
    minimum: z.number().min(0).max(1_000_000_000),
    ...alertLookFields,
    style: alertStyleSchema,
    /** In order: the first whose condition holds plays; none: the type's own text and media above. */
    variations: z
      .array(alertVariationSchema)
      .max(MAX_ALERT_VARIATIONS, `An alert type has at most ${MAX_ALERT_VARIATIONS} variations.`)
      .refine((list) => new Set(list.map((v) => v.id)).size === list.length, { message: 'Two variations have the same id.' }),
  })
  .strict();
export type AlertTypeSettings = z.infer<typeof alertTypeSettingsSchema>;

export const alertTypesSchema = z.object(Object.fromEntries(alertKinds.map((kind) => [kind, alertTypeSettingsSchema])) as Record<AlertKind, typeof alertTypeSettingsSchema>).strict();

export const alertOptionsSchema = z
  .object({
    /** Quiet time between two alerts. */
    gapMs: z.number().int().min(0).max(30_000),
    /** More alerts of one type waiting than this: the rest are told in one ("and 40 more follows"). */
    summaryAfter: z.number().int().min(1).max(50),
    /** Rewards whose redemptions get no alert. */
    mutedRewardIds: z.array(z.string().min(1).max(100)).max(500),
    /** A viewer who follows again within 24 hours of the follow alerted (unfollow, follow) gets no second alert. */
    quietRefollows: z.boolean(),
  })
  .strict();
export type AlertOptions = z.infer<typeof alertOptionsSchema>;

export const alertSettingsSchema = z.object({ types: alertTypesSchema, options: alertOptionsSchema });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

// ---------- goals ----------

/**
 * What a goal bar follows: the charity campaign, the platform's creator goal of that type, or a
 * goal of the broadcaster's own that counts follows, subscriptions (gifts included) or bits, or is
 * moved by hand.
 */
export const goalSources = ['charity', 'followers', 'subscriptions', 'custom'] as const;
export const goalCounts = ['follows', 'subscriptions', 'bits', 'manual'] as const;
export const goalIdSchema = z.string().regex(/^[a-z0-9]{1,32}$/, 'A goal id is 1 to 32 lower-case letters and digits.');

export const goalConfigSchema = z
  .object({
    id: goalIdSchema,
    /** Shown above the bar; empty: the platform's description, or the charity's name. */
    title: z.string().max(80, 'A goal title is at most 80 characters.'),
    source: z.enum(goalSources),
    /** Custom goals only: what moves the bar, where it is and where it ends. */
    counts: z.enum(goalCounts),
    current: z.number().int().min(0).max(1_000_000_000),
    target: z.number().int().min(1, 'A target is at least 1.').max(1_000_000_000),
  })
  .strict();
export type GoalConfig = z.infer<typeof goalConfigSchema>;

/** What a goal page shows, worked out by main (amounts formatted there). */
export const goalViewSchema = z.object({
  title: z.string(),
  /** `none`: nothing to follow yet (no campaign, no creator goal of that type). */
  state: z.enum(['active', 'achieved', 'none']),
  /** 0..1 for the bar. */
  fraction: z.number().min(0).max(1),
  current: z.string(),
  target: z.string(),
});
export type GoalView = z.infer<typeof goalViewSchema>;

// ---------- the overlays and the server ----------

export const overlayKinds = ['alerts', 'goal', 'redemption', 'chat', 'widget'] as const;

/**
 * An overlay's key is its path after `/overlay/`: `alerts`, `redemption`, `chat`, `goal/<id>`,
 * `widget/<id>` (`schemas/widgets.ts`).
 * It is not secret; the token in its URL is.
 */
export const overlayKeySchema = z.string().regex(/^(alerts|redemption|chat|goal\/[a-z0-9]{1,32}|widget\/(recent|latest|counter|timer|credits))$/, 'That is not an overlay of Sidestage.');

export const overlayInfoSchema = z.object({
  key: overlayKeySchema,
  kind: z.enum(overlayKinds),
  title: z.string(),
  /** The URL for OBS, with its token; null while the server is not running. */
  url: z.string().nullable(),
  /** Pages of this overlay connected now (OBS, a browser); the editor's preview is not one. */
  pagesOpen: z.number().int().nonnegative(),
});
export type OverlayInfo = z.infer<typeof overlayInfoSchema>;

export const overlayServerStateSchema = z.object({
  status: z.enum(['starting', 'running', 'failed', 'stopped']),
  /** The port overlays are served on (kept across restarts); null until first chosen. */
  port: z.number().int().nullable(),
  origin: z.string().nullable(),
  /** Why it is not running, in words. */
  error: z.string().nullable(),
  /** False when this build has no overlay pages (`npm run build` makes them). */
  pagesBuilt: z.boolean(),
});
export type OverlayServerState = z.infer<typeof overlayServerStateSchema>;

/** What the chat overlay leaves out, and whether its lines fade. */
export const chatOverlayOptionsSchema = z
  .object({
    /** Lines from the other channels of a shared chat session. */
    hideOtherChannels: z.boolean(),
    /** Lines that start with `!` (chat commands). */
    hideCommands: z.boolean(),
    /** The bot account's lines (and any line with the chat-bot badge). */
    hideBot: z.boolean(),
    /** Lines fade out this many seconds after they appear; 0: they stay until newer lines push them out. */
    fadeAfterSeconds: z.number().int('Whole seconds.').min(0).max(3600, 'At most an hour (3600 s).'),
  })
  .strict();
export type ChatOverlayOptions = z.infer<typeof chatOverlayOptionsSchema>;

export const overlaysStateSchema = z.object({
  /** Counts every change, so that an older answer never replaces a newer event. */
  revision: z.number().int().nonnegative(),
  server: overlayServerStateSchema,
  overlays: z.array(overlayInfoSchema),
  alerts: alertSettingsSchema,
  goals: z.array(goalConfigSchema),
  /** Overlays move without animation (besides the viewer's own reduced-motion preference). */
  reducedMotion: z.boolean(),
  /** The redemption the broadcaster put on screen; null: the queue's oldest. */
  pickedRedemptionId: z.string().nullable(),
  chatOverlay: chatOverlayOptionsSchema,
  /** Custom CSS by overlay key (checked in main: nothing loaded from outside the overlay's origin). */
  customCss: z.record(z.string(), z.string()),
});
export type OverlaysState = z.infer<typeof overlaysStateSchema>;

// ---------- the alert queue ----------

/** `sound`: an automation's "Play a sound", queued like an alert (nothing on screen, its sound played). */
export const queuedAlertKindSchema = z.enum([...alertKinds, 'custom', 'summary', 'sound']);

export const alertLineSchema = z.object({
  id: z.string(),
  kind: queuedAlertKindSchema,
  text: z.string(),
  /** Made by a Test button. */
  test: z.boolean(),
});
export type AlertLine = z.infer<typeof alertLineSchema>;

export const alertQueueStateSchema = z.object({
  revision: z.number().int().nonnegative(),
  showing: alertLineSchema.extend({ startedAt: z.string(), endsAt: z.string() }).nullable(),
  /** The first ones waiting, in the order they will show. */
  waiting: z.array(alertLineSchema),
  waitingCount: z.number().int().nonnegative(),
  pausedByHand: z.boolean(),
  /** Alerts wait during an ad break (no viewer sees them); ISO 8601 end, null when none. */
  adBreakEndsAt: z.string().nullable(),
  /** Alerts pages open now: with none, alerts wait for one. */
  pagesOpen: z.number().int().nonnegative(),
  /** Alerts taken out before their turn (their chatter was banned or timed out), newest first, with why. */
  dropped: z.array(alertLineSchema.extend({ reason: z.string(), at: z.string() })),
  /** The last one shown, for Replay. */
  last: alertLineSchema.nullable(),
});
export type AlertQueueState = z.infer<typeof alertQueueStateSchema>;

// ---------- arguments ----------

export const setAlertTypeArgSchema = z.object({ kind: alertKindSchema, changes: alertTypeSettingsSchema.partial().strict() }).strict();
export const setAlertOptionsArgSchema = alertOptionsSchema.partial().strict();
export const saveGoalArgSchema = z
  .object({
    /** Absent: a new goal. */
    id: goalIdSchema.optional(),
    title: z.string().max(80, 'A goal title is at most 80 characters.'),
    source: z.enum(goalSources),
    counts: z.enum(goalCounts).optional(),
    target: z.number().int().min(1, 'A target is at least 1.').max(1_000_000_000).optional(),
  })
  .strict();
export type SaveGoalArg = z.infer<typeof saveGoalArgSchema>;
export const goalIdArgSchema = z.object({ id: goalIdSchema }).strict();
export const adjustGoalArgSchema = z.object({ id: goalIdSchema, current: z.number().int().min(0).max(1_000_000_000) }).strict();
export const overlayKeyArgSchema = z.object({ key: overlayKeySchema }).strict();
/** 1 MB of CSS at most (checked in bytes in main); empty: none. */
export const setCustomCssArgSchema = z.object({ key: overlayKeySchema, css: z.string().max(1024 * 1024, 'Custom CSS is at most 1 MB.') }).strict();
export const setOverlayPortArgSchema = z.object({ port: z.number().int().min(1024, 'Choose a port from 1024 to 65535.').max(65_535, 'Choose a port from 1024 to 65535.') }).strict();
export const addToObsResultSchema = z.object({ sceneName: z.string(), inputName: z.string(), updated: z.boolean() });
export type AddToObsResult = z.infer<typeof addToObsResultSchema>;
export const testAlertArgSchema = z.object({ kind: alertKindSchema }).strict();
export const testAlertResultSchema = z.object({ message: z.string() });

// ---------- what a page receives (server -> page, JSON text frames) ----------

export const alertOnScreenSchema = z.object({
  id: z.string(),
  kind: queuedAlertKindSchema,
  text: z.string(),
  /** `/media/<id>`: the page adds its own token. */
  imagePath: z.string().nullable(),
  /** The alert's picture is a video (`/media/<id>`, WebM or MP4): played, with its own sound at `volume`, in the image's place. */
  videoPath: z.string().nullable(),
  soundPath: z.string().nullable(),
  volume: z.number().min(0).max(1),
  durationMs: z.number().int().positive(),
  /** The viewer's words are to be spoken with it (`AlertTypeSettings.speak`, or its variation's). */
  speak: z.boolean(),
  /** The variation that played; null: the type's default (or not an event's alert). */
  variationId: z.string().nullable(),
  /** Where and how it shows (its type's look, its variation's over it). */
  style: alertStyleSchema,
  /** How long it has been on screen already. */
  elapsedMs: z.number().int().nonnegative(),
  /**
   * True when sent as it starts; false when a page that connects finds it on screen: that page
   * joins it (no entrance, no sound), so a reload never plays it again.
   */
  startsNow: z.boolean(),
});
export type AlertOnScreen = z.infer<typeof alertOnScreenSchema>;

export const redemptionOnScreenSchema = z.object({ id: z.string(), rewardTitle: z.string(), userName: z.string(), input: z.string() });
/** An image of the chat overlay: an opaque key main minted, never a URL or a path. */
export const chatImageKeySchema = z.string().regex(/^[0-9a-f]{32}$/);
export const CHAT_IMAGE_PREFIX = '/chat-image/';

export const chatLineOnScreenSchema = z.object({
  id: z.string(),
  userName: z.string(),
  color: z.string(),
  text: z.string(),
  /** A line from another channel of a shared chat session: that channel's display name. */
  sourceChannel: z.string().optional(),
  /** With lines that fade: how long until it fades out (main takes it away once faded). */
  leavesInMs: z.number().int().nonnegative().optional(),
  /** The text in pieces, an emote's with its image (a key of `/chat-image/<key>`, served by main). */
  parts: z.array(z.object({ text: z.string(), image: chatImageKeySchema.optional() })).optional(),
  /** The chatter's badges as images. */
  badges: z.array(z.object({ image: chatImageKeySchema, title: z.string() })).optional(),
});
export type ChatLineOnScreen = z.infer<typeof chatLineOnScreenSchema>;

export const overlayFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('settings'), reducedMotion: z.boolean() }),
  z.object({ type: z.literal('alert'), showing: alertOnScreenSchema.nullable() }),
  z.object({ type: z.literal('goal'), goal: goalViewSchema }),
  /** The overlay's custom CSS changed (or is there at all): the page loads `/overlay-style/<key>` again; `version` 0: none. */
  z.object({ type: z.literal('style'), version: z.number().int().nonnegative() }),
  z.object({ type: z.literal('redemption'), redemption: redemptionOnScreenSchema.nullable() }),
  z.object({ type: z.literal('chat'), lines: z.array(chatLineOnScreenSchema) }),
  /** The alert `alertId`'s words, spoken now: `/speech/<id>`, the page adds its own token. */
  z.object({ type: z.literal('speech'), alertId: z.string(), speechPath: z.string(), volume: z.number().min(0).max(1) }),
  /** Skip: the words being spoken stop. */
  z.object({ type: z.literal('speechStop') }),
  /** A widget's whole view (`widget/<id>` pages). */
  z.object({ type: z.literal('widget'), view: widgetViewSchema }),
]);
export type OverlayFrame = z.infer<typeof overlayFrameSchema>;

/** Where a page's frames come from: `/overlay-socket/<key>?token=...`. */
export const OVERLAY_PAGE_PREFIX = '/overlay/';
export const OVERLAY_SOCKET_PREFIX = '/overlay-socket/';
export const OVERLAY_STYLE_PREFIX = '/overlay-style/';
/** A page is 1920x1080 and scaled to its source's size. */
export const OVERLAY_WIDTH = 1920;
export const OVERLAY_HEIGHT = 1080;
