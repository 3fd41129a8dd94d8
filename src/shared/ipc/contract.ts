/**
 * The one IPC contract between the renderer and main.
 *
 * Every channel is `domain:verb` with a zod schema for its single argument and its result;
 * every event is `domain:changed` (or similar) with a schema for its payload. Main validates
 * arguments on the way in and parses results on the way out (which strips any field a schema
 * does not name, so a secret cannot leak by accident). Types come from the schemas.
 *
 * Secrets never cross: no result carries an access token, a refresh token or the client secret.
 * The stream key crosses only through `ingest:revealStreamKey`, an explicit reveal or copy.
 */
import { z } from 'zod';

const noArg = z.undefined();

// ---------- errors ----------

export const ipcErrorCodes = [
  'invalid_argument',
  'untrusted_sender',
  'unknown_channel',
  'not_signed_in',
  'sign_in_failed',
  'cancelled',
  'timeout',
  'api_error',
  'network_error',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export const ipcErrorSchema = z.object({
  code: z.enum(ipcErrorCodes),
  message: z.string(),
  /** HTTP status of the platform's answer, for `api_error`. */
  status: z.number().int().optional(),
  /** How long to wait before retrying, for `rate_limited` and some `api_error`s. */
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcErrorCode = IpcError['code'];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---------- app ----------

export const tokenStorageSchema = z.object({
  kind: z.enum(['safeStorage', 'encrypted-file', 'memory']),
  /** False when the OS gives no real encryption (Linux `basic_text`). */
  secure: z.boolean(),
  warning: z.string().nullable(),
});

export const appInfoSchema = z.object({
  version: z.string(),
  /** `demo`: the built-in emulator; `platform`: the real platform or an emulator named by environment. */
  mode: z.enum(['demo', 'platform']),
  transport: z.enum(['electron', 'dock']),
  platformLabel: z.string(),
  tokenStorage: tokenStorageSchema,
  /** The client ID of the user's own app registration saved in settings (not a secret), or null. */
  savedClientId: z.string().nullable(),
  /** SIDESTAGE_CLIENT_ID is set: it wins over the saved one. */
  clientIdFromEnvironment: z.boolean(),
  /** Started with `--demo` (or SIDESTAGE_DEMO=1): the demo runs whatever is saved. */
  demoForced: z.boolean(),
  /** The saved choice differs from what runs: it takes effect at the next start. */
  restartRequired: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** Client IDs of the platform are 30 lower-case letters and digits. */
export const clientIdSchema = z.string().regex(/^[a-z0-9]{30}$/, 'A client ID is 30 lower-case letters and digits.');

// ---------- auth ----------

export const accountSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  broadcasterType: z.enum(['partner', 'affiliate', '']),
  profileImageUrl: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const signInFlowSchema = z.enum(['loopback', 'device']);
export type SignInFlow = z.infer<typeof signInFlowSchema>;

export const pendingSignInSchema = z.discriminatedUnion('flow', [
  z.object({
    flow: z.literal('loopback'),
    authorizeUrl: z.string().url(),
    /** `renderer`: main could not open a browser (dock mode); the renderer opens `authorizeUrl`. */
    openedBy: z.enum(['main', 'renderer']),
    expiresAt: z.string(),
  }),
  z.object({
    flow: z.literal('device'),
    userCode: z.string(),
    verificationUri: z.string().url(),
    expiresAt: z.string(),
  }),
]);
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export const authStateSchema = z.object({
  status: z.enum(['signedOut', 'signingIn', 'signedIn', 'needsSignIn']),
  account: accountSchema.nullable(),
  scopes: z.array(z.string()),
  /** Scopes Sidestage asks for that the grant lacks. */
  missingScopes: z.array(z.string()),
  pending: pendingSignInSchema.nullable(),
  lastValidatedAt: z.string().nullable(),
  /** Why the last sign-in, refresh or validation failed, in words. */
  error: z.string().nullable(),
});
export type AuthState = z.infer<typeof authStateSchema>;

// ---------- ingest ----------

export const ingestServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** host:port, for display. */
  host: z.string(),
  /** The RTMP(S) server URL as an encoder's "Server" field wants it (no stream key). */
  serverUrl: z.string(),
  probe: z.discriminatedUnion('status', [
    z.object({ status: z.literal('untested') }),
    z.object({ status: z.literal('ok'), medianMs: z.number().nonnegative(), rounds: z.number().int() }),
    z.object({ status: z.literal('unreachable'), reason: z.string() }),
  ]),
});
export type IngestServer = z.infer<typeof ingestServerSchema>;

export const ingestOverviewSchema = z.object({
  /** Ranked: reachable servers by median connect time, then untested, then unreachable. */
  servers: z.array(ingestServerSchema),
  selectedId: z.number().int().nullable(),
  recommendedId: z.number().int().nullable(),
  /** Where the list came from: the directory now, the cache, or the built-in fallback. */
  source: z.enum(['directory', 'cache', 'fallback']),
  fetchedAt: z.string().nullable(),
  directoryError: z.string().nullable(),
  probing: z.boolean(),
  probedAt: z.string().nullable(),
  secure: z.boolean(),
  bandwidthTest: z.boolean(),
  /** The selected server's full URL with the stream key masked, e.g. rtmp://host/app/live_1234•••• */
  maskedUrl: z.string().nullable(),
  streamKeyError: z.string().nullable(),
});
export type IngestOverview = z.infer<typeof ingestOverviewSchema>;

export const revealedStreamKeySchema = z.object({
  streamKey: z.string(),
  /** The selected server's URL with the key filled in (bandwidth-test suffix included when on). */
  url: z.string(),
});
export type RevealedStreamKey = z.infer<typeof revealedStreamKeySchema>;

// ---------- events (the EventSub session) ----------

export const eventSubscriptionStatusSchema = z.object({
  type: z.string(),
  status: z.enum(['enabled', 'pending', 'failed', 'revoked']),
  /** Why it failed or was revoked, in words. */
  error: z.string().nullable(),
});
export type EventSubscriptionStatus = z.infer<typeof eventSubscriptionStatusSchema>;

export const eventsStatusSchema = z.object({
  state: z.enum(['idle', 'connecting', 'connected', 'reconnecting', 'error']),
  sessionId: z.string().nullable(),
  /** When the current session was welcomed. */
  connectedAt: z.string().nullable(),
  /** The last frame of any kind (keepalives too). */
  lastMessageAt: z.string().nullable(),
  subscriptions: z.array(eventSubscriptionStatusSchema),
  /** What is wrong right now, in words. */
  error: z.string().nullable(),
});
export type EventsStatus = z.infer<typeof eventsStatusSchema>;

// ---------- redemptions, notifications, charity, rewards ----------

export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardTitle: z.string(),
  rewardCost: z.number().int(),
  userId: z.string(),
  userLogin: z.string(),
  userName: z.string(),
  /** '' when the viewer typed nothing. */
  userInput: z.string(),
  redeemedAt: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const queueRewardSchema = z.object({ id: z.string(), title: z.string(), cost: z.number().int() });
export type QueueReward = z.infer<typeof queueRewardSchema>;

/** A group of redemptions whose fulfil/cancel failed for good: they are back in the queue. */
export const redemptionFailureSchema = z.object({
  ids: z.array(z.string()),
  status: z.enum(['FULFILLED', 'CANCELED']),
  message: z.string(),
  at: z.string(),
});
export type RedemptionFailure = z.infer<typeof redemptionFailureSchema>;

export const queueStatusSchema = z.object({
  /** ISO 8601: when the queue last matched the platform's list. */
  lastSyncedAt: z.string().nullable(),
  syncing: z.boolean(),
  /** Why the last reconciliation failed, in words. */
  error: z.string().nullable(),
  /** Redemptions whose fulfil/cancel waits in the outbox (hidden from the queue). */
  outboxCount: z.number().int().nonnegative(),
  /** Why the outbox is waiting, in words (offline, rate limit, sign-in). */
  outboxError: z.string().nullable(),
  /** Number of redemptions in the queue. */
  size: z.number().int().nonnegative(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/**
 * The whole queue, asked for once (and again whenever a delta's `baseVersion` is not the version
 * the renderer holds). `items` are oldest first.
 */
export const queueSnapshotSchema = z.object({
  version: z.number().int().nonnegative(),
  items: z.array(redemptionSchema),
  rewards: z.array(queueRewardSchema),
  status: queueStatusSchema,
  failures: z.array(redemptionFailureSchema),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;

/** What changed from `baseVersion` to `version`: small for 10,000 items, as a change is a few ids. */
export const queueDeltaSchema = z.object({
  baseVersion: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
  added: z.array(redemptionSchema),
  removed: z.array(z.string()),
  /** Present when the manageable rewards changed. */
  rewards: z.array(queueRewardSchema).optional(),
  status: queueStatusSchema,
  failures: z.array(redemptionFailureSchema),
});
export type QueueDelta = z.infer<typeof queueDeltaSchema>;

export const redemptionIdsArgSchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(10_000) }).strict();

export const resolveResultSchema = z.object({
  /** Done on the platform (or found no longer UNFULFILLED: done elsewhere). */
  done: z.number().int().nonnegative(),
  /** Waiting in the outbox; sent when the platform can be reached again. */
  queued: z.number().int().nonnegative(),
  /** Refused for good: back in the queue, with the reason. */
  failed: z.array(redemptionFailureSchema),
});
export type ResolveResult = z.infer<typeof resolveResultSchema>;

export const notificationSettingsSchema = z.object({
  doNotDisturb: z.boolean(),
  mutedRewardIds: z.array(z.string()),
  donations: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A notification shown inside the renderer (dock mode): a toast with its action buttons. */
export const shownNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  actions: z.array(z.object({ id: z.string(), label: z.string() })),
  tag: z.string().nullable(),
});
export type ShownNotification = z.infer<typeof shownNotificationSchema>;

/** A click asked the app to show an item: switch to its panel and focus it. */
export const openItemSchema = z.object({ kind: z.enum(['redemption', 'donation', 'queue', 'charity']), id: z.string().nullable() });
export type OpenItem = z.infer<typeof openItemSchema>;

export const amountSchema = z.object({ value: z.number().int(), decimal_places: z.number().int().nonnegative(), currency: z.string() });
export type Amount = z.infer<typeof amountSchema>;

export const charityCampaignSchema = z.object({
  id: z.string(),
  charityName: z.string(),
  charityDescription: z.string(),
  charityLogo: z.string(),
  charityWebsite: z.string(),
  currentAmount: amountSchema,
  targetAmount: amountSchema.nullable(),
});
export type CharityCampaign = z.infer<typeof charityCampaignSchema>;

export const donationSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  userId: z.string(),
  userLogin: z.string(),
  userName: z.string(),
  amount: amountSchema,
  /** ISO 8601 when it arrived live; null when read from the paged list (the platform gives no time). */
  receivedAt: z.string().nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

export const charityOverviewSchema = z.object({
  /** `ended`: a campaign was running in this session and is no longer. */
  state: z.enum(['signedOut', 'loading', 'active', 'none', 'ended', 'notEligible', 'error']),
  campaign: charityCampaignSchema.nullable(),
  /** Newest first. */
  donations: z.array(donationSchema),
  hasMore: z.boolean(),
  error: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CharityOverview = z.infer<typeof charityOverviewSchema>;

export const customRewardSchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  cost: z.number().int(),
  backgroundColor: z.string(),
  isEnabled: z.boolean(),
  isPaused: z.boolean(),
  isInStock: z.boolean(),
  isUserInputRequired: z.boolean(),
  maxPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int() }),
  maxPerUserPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int() }),
  globalCooldown: z.object({ isEnabled: z.boolean(), seconds: z.number().int() }),
  shouldRedemptionsSkipRequestQueue: z.boolean(),
  cooldownExpiresAt: z.string().nullable(),
  /** Created by Sidestage's client: only then may Sidestage change it or its redemptions. */
  manageable: z.boolean(),
});
export type CustomReward = z.infer<typeof customRewardSchema>;

export const rewardInputSchema = z
  .object({
    title: z.string().trim().min(1).max(45),
    cost: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    prompt: z.string().max(200),
    backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    isEnabled: z.boolean(),
    isUserInputRequired: z.boolean(),
    maxPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int().min(1).max(2_147_483_647) }).strict(),
    maxPerUserPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int().min(1).max(2_147_483_647) }).strict(),
    globalCooldown: z.object({ isEnabled: z.boolean(), seconds: z.number().int().min(1).max(2_147_483_647) }).strict(),
    shouldRedemptionsSkipRequestQueue: z.boolean(),
  })
  .strict();
export type RewardInput = z.infer<typeof rewardInputSchema>;

export const rewardsOverviewSchema = z.object({
  rewards: z.array(customRewardSchema),
  loadedAt: z.string().nullable(),
});
export type RewardsOverview = z.infer<typeof rewardsOverviewSchema>;

// ---------- live controls: stream status, markers, hotkeys, chat settings, ads, channel info ----------

export const streamStatusSchema = z.object({
  live: z.boolean(),
  /** The platform's stream id while live: a broadcast's identity in the marker log. */
  streamId: z.string().nullable(),
  startedAt: z.string().nullable(),
  viewerCount: z.number().int().nonnegative().nullable(),
  title: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  /** When the platform last answered; null before the first answer. */
  checkedAt: z.string().nullable(),
  /** Why the last check failed, in words. */
  error: z.string().nullable(),
});
export type StreamStatus = z.infer<typeof streamStatusSchema>;

export const markerSourceSchema = z.enum(['hotkey', 'button', 'tray']);
export type MarkerSource = z.infer<typeof markerSourceSchema>;

export const markerEntrySchema = z.object({
  id: z.string(),
  source: markerSourceSchema,
  pressedAt: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'created', 'failed']),
  /** The platform's position; it is set when the request reaches the platform. */
  positionSeconds: z.number().int().nonnegative().nullable(),
  /** Seconds between the press and the request that created the marker (network retries). */
  delaySeconds: z.number().int().nonnegative(),
  markerId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type MarkerEntry = z.infer<typeof markerEntrySchema>;

export const broadcastMarkerLogSchema = z.object({
  streamId: z.string(),
  startedAt: z.string().nullable(),
  title: z.string(),
  entries: z.array(markerEntrySchema),
});
export type BroadcastMarkerLog = z.infer<typeof broadcastMarkerLogSchema>;

export const apiMarkerSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  positionSeconds: z.number().int().nonnegative(),
  url: z.string(),
});
export type ApiMarker = z.infer<typeof apiMarkerSchema>;

export const markersOverviewSchema = z.object({
  /** Newest broadcast first. */
  logs: z.array(broadcastMarkerLogSchema),
  /** The markers the platform holds for the current or last video. */
  api: z.object({
    videoId: z.string().nullable(),
    markers: z.array(apiMarkerSchema),
    fetchedAt: z.string().nullable(),
    error: z.string().nullable(),
  }),
  descriptionTemplate: z.string(),
  /** The last press's outcome in words (refusals included, which have no log entry). */
  lastResult: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
  /** The note shortcut was pressed: the marker waits for its note (it keeps the press's time). */
  noteRequest: z.object({ id: z.string(), pressedAt: z.string(), expiresAt: z.string() }).nullable(),
  /** Grows with every change in main: a call's answer older than an event already applied is dropped. */
  revision: z.number().int().nonnegative(),
});
export type MarkersOverview = z.infer<typeof markersOverviewSchema>;

export const hotkeyStateSchema = z.object({
  accelerator: z.string(),
  registered: z.boolean(),
  /** Why the shortcut is not registered, in words (taken by another program...). */
  error: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  /** While set, a press is only recorded (the test button), no marker is made. */
  testingUntil: z.string().nullable(),
  /** The optional second shortcut, which asks for a note first; accelerator null: off. */
  note: z.object({ accelerator: z.string().nullable(), registered: z.boolean(), error: z.string().nullable() }),
});
export type HotkeyState = z.infer<typeof hotkeyStateSchema>;

export const chatSettingsValuesSchema = z.object({
  emoteMode: z.boolean(),
  followerMode: z.boolean(),
  followerModeDuration: z.number().int().min(0).max(129_600),
  slowMode: z.boolean(),
  slowModeWaitTime: z.number().int().min(3).max(120),
  subscriberMode: z.boolean(),
  uniqueChatMode: z.boolean(),
  nonModeratorChatDelay: z.boolean(),
  nonModeratorChatDelayDuration: z.union([z.literal(2), z.literal(4), z.literal(6)]),
});

export const chatSettingsStateSchema = z.object({
  values: chatSettingsValuesSchema.nullable(),
  /** A change was sent and not answered yet: `values` shows it already. */
  pending: z.boolean(),
  fetchedAt: z.string().nullable(),
  error: z.string().nullable(),
  presets: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
  pendingRevert: z.object({ presetId: z.string(), label: z.string(), dueAt: z.string() }).nullable(),
  /** Grows with every change in main (see markersOverviewSchema.revision). */
  revision: z.number().int().nonnegative(),
});
export type ChatSettingsState = z.infer<typeof chatSettingsStateSchema>;

export const adLengthSchema = z.number().int().min(30).max(180).multipleOf(30);

export const adsStateSchema = z.object({
  lastStartedAt: z.string().nullable(),
  lastLength: z.number().int().nullable(),
  /** Another ad may run from then on (the platform's retry_after). */
  nextAllowedAt: z.string().nullable(),
  /** The platform's message of the last answer, when it had one. */
  message: z.string().nullable(),
});
export type AdsState = z.infer<typeof adsStateSchema>;

export const channelInfoSchema = z.object({
  title: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  language: z.string(),
  tags: z.array(z.string()),
  isBrandedContent: z.boolean(),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

export const categorySchema = z.object({ id: z.string(), name: z.string(), boxArtUrl: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const traySettingsSchema = z.object({
  /** Closing the window keeps Sidestage running in the tray (desktop app only). */
  closeToTray: z.boolean(),
});
export type TraySettings = z.infer<typeof traySettingsSchema>;

// ---------- demo (the demo mode's viewer simulation) ----------

export const simulationStateSchema = z.object({
  /** False outside demo mode: there is no emulator to drive. */
  available: z.boolean(),
  running: z.boolean(),
  startedAt: z.string().nullable(),
  /** What the current (or last) run made happen; refusals are not counted. */
  counts: z.object({
    redemptions: z.number().int().nonnegative(),
    donations: z.number().int().nonnegative(),
    chatEvents: z.number().int().nonnegative(),
  }),
});
export type SimulationState = z.infer<typeof simulationStateSchema>;

// ---------- data recovery (damaged files in the data directory) ----------

/** What Sidestage did about one damaged file; names files and counts, never contents. */
export const dataRecoveryNoticeSchema = z.object({
  id: z.string(),
  /** The damaged file's name in the data directory, e.g. `redemption-outbox.json`. */
  file: z.string(),
  /** The name it was kept under for a person to look at; null when it could not be moved. */
  setAsideAs: z.string().nullable(),
  /** Why it could not be used. */
  reason: z.string(),
  /** What Sidestage did instead. */
  done: z.string(),
  /** What could not be recovered (e.g. "2 of 5 pending actions"); null: nothing was lost. */
  lost: z.string().nullable(),
  /** What was kept; null when nothing could be. */
  kept: z.string().nullable(),
  /** Something the user must do or know, e.g. that the OBS dock URL changed. */
  consequence: z.string().nullable(),
  at: z.string(),
});
export type DataRecoveryNotice = z.infer<typeof dataRecoveryNoticeSchema>;

const dataRecoveryChannels = {
  'data:getNotices': { arg: noArg, result: z.array(dataRecoveryNoticeSchema) },
  /** Answers the notices left. */
  'data:dismissNotice': { arg: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.array(dataRecoveryNoticeSchema) },
} as const;

const dataRecoveryEvents = {
  'data:changed': z.array(dataRecoveryNoticeSchema),
} as const;

// ---------- the contract ----------

export const invokeChannels = {
  'events:getStatus': { arg: noArg, result: eventsStatusSchema },
  'events:reconnect': { arg: noArg, result: eventsStatusSchema },
  'app:getInfo': { arg: noArg, result: appInfoSchema },
  /** Saves the client ID to use from the next start (null: the demo). The secret is never taken here. */
  'app:setPlatform': { arg: z.object({ clientId: clientIdSchema.nullable() }).strict(), result: appInfoSchema },

  'auth:getState': { arg: noArg, result: authStateSchema },
  'auth:signIn': {
    arg: z.object({ flow: signInFlowSchema.default('loopback') }).strict().optional(),
    result: authStateSchema,
  },
  'auth:cancelSignIn': { arg: noArg, result: authStateSchema },
  'auth:signOut': { arg: noArg, result: authStateSchema },

  'ingest:getOverview': { arg: noArg, result: ingestOverviewSchema },
  'ingest:refresh': { arg: noArg, result: ingestOverviewSchema },
  'ingest:probe': { arg: noArg, result: ingestOverviewSchema },
  'ingest:select': {
    /** null: follow the recommendation again. */
    arg: z.object({ serverId: z.number().int().nonnegative().nullable() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:setOptions': {
    arg: z.object({ secure: z.boolean().optional(), bandwidthTest: z.boolean().optional() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:revealStreamKey': {
    arg: z.object({ purpose: z.enum(['reveal', 'copy']) }).strict(),
    result: revealedStreamKeySchema,
  },
  // redemptions, notifications, charity, rewards
  'redemptions:getSnapshot': { arg: noArg, result: queueSnapshotSchema },
  'redemptions:fulfill': { arg: redemptionIdsArgSchema, result: resolveResultSchema },
  'redemptions:cancel': { arg: redemptionIdsArgSchema, result: resolveResultSchema },
  'redemptions:resolveAllOfReward': {
    arg: z.object({ rewardId: z.string().min(1), status: z.enum(['FULFILLED', 'CANCELED']) }).strict(),
    result: resolveResultSchema,
  },
  'redemptions:reconcile': { arg: noArg, result: queueStatusSchema },
  'redemptions:dismissFailure': { arg: z.object({ at: z.string() }).strict(), result: z.null() },
  'notifications:getSettings': { arg: noArg, result: notificationSettingsSchema },
  'notifications:setSettings': { arg: notificationSettingsSchema.partial().strict(), result: notificationSettingsSchema },
  'notifications:act': {
    /** A toast's button (actionId) or the toast itself (no actionId) was clicked. */
    arg: z.object({ id: z.string(), actionId: z.string().optional() }).strict(),
    result: z.null(),
  },
  'charity:getOverview': { arg: noArg, result: charityOverviewSchema },
  'charity:refresh': { arg: noArg, result: charityOverviewSchema },
  'charity:loadMore': { arg: noArg, result: charityOverviewSchema },
  'rewards:list': { arg: noArg, result: rewardsOverviewSchema },
  'rewards:create': { arg: rewardInputSchema, result: customRewardSchema },
  'rewards:update': {
    arg: z.object({ id: z.string().min(1), changes: rewardInputSchema.partial().extend({ isPaused: z.boolean().optional() }).strict() }).strict(),
    result: customRewardSchema,
  },
  'rewards:delete': { arg: z.object({ id: z.string().min(1) }).strict(), result: z.object({ fulfilledRedemptions: z.number().int() }) },
  'rewards:adopt': { arg: z.object({ id: z.string().min(1) }).strict(), result: z.object({ reward: customRewardSchema, retireOriginal: z.string() }) },
  // live controls: stream status, markers, hotkeys, chat settings, ads, channel info
  'stream:getStatus': { arg: noArg, result: streamStatusSchema },
  'stream:refresh': { arg: noArg, result: streamStatusSchema },
  'markers:getOverview': { arg: noArg, result: markersOverviewSchema },
  'markers:drop': {
    /** noteRequestId: the marker the note shortcut asked for (it keeps that press's time). */
    arg: z.object({ description: z.string().max(140).optional(), noteRequestId: z.string().optional() }).strict().optional(),
    result: markersOverviewSchema,
  },
  'markers:refreshApi': { arg: noArg, result: markersOverviewSchema },
  'markers:setDescriptionTemplate': { arg: z.object({ template: z.string().max(140) }).strict(), result: markersOverviewSchema },
  'hotkeys:getState': { arg: noArg, result: hotkeyStateSchema },
  'hotkeys:set': {
    /** `note` with an empty accelerator turns the note shortcut off. */
    arg: z.object({ accelerator: z.string().max(100), which: z.enum(['marker', 'note']).default('marker') }).strict(),
    result: hotkeyStateSchema,
  },
  'hotkeys:startTest': { arg: noArg, result: hotkeyStateSchema },
  'chatSettings:get': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:refresh': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:update': { arg: chatSettingsValuesSchema.partial().strict(), result: chatSettingsStateSchema },
  'chatSettings:applyPreset': { arg: z.object({ presetId: z.string().min(1) }).strict(), result: chatSettingsStateSchema },
  'chatSettings:cancelRevert': { arg: noArg, result: chatSettingsStateSchema },
  'chatSettings:revertNow': { arg: noArg, result: chatSettingsStateSchema },
  'ads:getState': { arg: noArg, result: adsStateSchema },
  'ads:run': { arg: z.object({ length: adLengthSchema }).strict(), result: adsStateSchema },
  'channel:getInfo': { arg: noArg, result: channelInfoSchema },
  'channel:updateInfo': { arg: channelInfoSchema.omit({ categoryName: true }).partial().strict(), result: channelInfoSchema },
  'channel:searchCategories': { arg: z.object({ query: z.string().min(1).max(100) }).strict(), result: z.array(categorySchema) },
  'tray:getSettings': { arg: noArg, result: traySettingsSchema },
  'tray:setSettings': { arg: traySettingsSchema.partial().strict(), result: traySettingsSchema },
  // demo
  'demo:getSimulation': { arg: noArg, result: simulationStateSchema },
  'demo:setSimulation': { arg: z.object({ running: z.boolean() }).strict(), result: simulationStateSchema },
  ...dataRecoveryChannels,
} as const satisfies Record<string, { arg: z.ZodType; result: z.ZodType }>;

export const eventChannels = {
  'events:changed': eventsStatusSchema,
  'auth:changed': authStateSchema,
  'ingest:changed': ingestOverviewSchema,
  'redemptions:changed': queueDeltaSchema,
  'notifications:shown': shownNotificationSchema,
  'notifications:open': openItemSchema,
  'charity:changed': charityOverviewSchema,
  'rewards:changed': rewardsOverviewSchema,
  'stream:changed': streamStatusSchema,
  'markers:changed': markersOverviewSchema,
  'hotkeys:changed': hotkeyStateSchema,
  'chatSettings:changed': chatSettingsStateSchema,
  'ads:changed': adsStateSchema,
  'demo:changed': simulationStateSchema,
  ...dataRecoveryEvents,
} as const satisfies Record<string, z.ZodType>;

// ---------- derived types ----------

type InvokeMap = typeof invokeChannels;
export type Channel = keyof InvokeMap & string;
export type ChannelArg<C extends Channel> = z.input<InvokeMap[C]['arg']>;
/** The argument after parsing (defaults applied). */
export type ParsedArg<C extends Channel> = z.output<InvokeMap[C]['arg']>;
export type ChannelResult<C extends Channel> = z.output<InvokeMap[C]['result']>;

type EventMap = typeof eventChannels;
export type EventName = keyof EventMap & string;
export type EventPayload<E extends EventName> = z.output<EventMap[E]>;

type NamespaceOf<C extends string> = C extends `${infer N}:${string}` ? N : never;
type MethodOf<C extends string, N extends string> = C extends `${N}:${infer M}` ? M : never;

type BridgeFunction<C extends Channel> = undefined extends ChannelArg<C>
  ? (arg?: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>
  : (arg: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>;

/** What the preload exposes as `window.sidestage` (and the dock bridge imitates). */
export type SidestageBridge = {
  [N in NamespaceOf<Channel>]: {
    [M in MethodOf<Channel, N>]: BridgeFunction<Extract<`${N}:${M}`, Channel>>;
  };
} & {
  /** Subscribes to a main -> renderer event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export const channelNames = Object.keys(invokeChannels) as Channel[];
export const eventNames = Object.keys(eventChannels) as EventName[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** `auth:signIn` -> ['auth', 'signIn'] */
export function splitChannel(channel: string): [namespace: string, method: string] {
  const i = channel.indexOf(':');
  return [channel.slice(0, i), channel.slice(i + 1)];
}

/** The auth state before anything is known: also the renderer's initial state. */
export const signedOutAuthState: AuthState = {
  status: 'signedOut',
  account: null,
  scopes: [],
  missingScopes: [],
  pending: null,
  lastValidatedAt: null,
  error: null,
};
