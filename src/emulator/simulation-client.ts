/**
 * The one typed client of the emulator's simulation API (`/_emulator/...`, design.md "The emulator's
 * contract"), for everything that drives an emulator from outside: tests, benches, the end-to-end
 * specs and the demo's viewer simulation. It is built on `fetch` and imports nothing else (no
 * Fastify, no Node built-ins, nothing from the app), so Node, Playwright and the app load it cheaply.
 *
 * Every method sends one request; an error answer becomes a `SimulationApiError` that carries the
 * platform's error body (`status`, `error`, `message`). The answer types mirror the emulator's
 * routes; `simulation-client.test.ts` checks them against the emulator's own view functions.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface SimulationClientOptions {
  /** The emulator's origin, e.g. `http://127.0.0.1:41234` (no trailing path). */
  baseUrl: string;
  /** Defaults to the global `fetch`; tests pass their own. */
  fetch?: FetchLike;
  /** Per request; no limit when absent. */
  timeoutMs?: number;
}

/** The platform's error body, as every `/_emulator/` route answers an error. */
export interface PlatformErrorBody {
  error: string;
  status: number;
  message: string;
}

/** An error answer of the simulation API (4xx/5xx), with the platform's error body. */
export class SimulationApiError extends Error {
  readonly status: number;
  /** The reason phrase (`Bad Request`, `Conflict`, ...). */
  readonly error: string;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;

  constructor(method: string, path: string, status: number, body: unknown) {
    const platform = asPlatformError(body);
    super(platform?.message ?? `${method} ${path} answered ${status}`);
    this.name = 'SimulationApiError';
    this.status = status;
    this.error = platform?.error ?? '';
    this.method = method;
    this.path = path;
    this.body = body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

// ---- shared shapes ----

type UserFields<P extends string> = { [K in `${P}_id` | `${P}_login` | `${P}_name`]: string };
type BroadcasterType = 'partner' | 'affiliate' | '';

export interface Amount {
  value: number;
  decimal_places: number;
  currency: string;
}

/** An answer whose full shape is the platform's (spec part 2); the fields tests rely on are named. */
export type SimulationRecord = Record<string, unknown>;

// ---- identity: clients, users, tokens, settings, device codes, clock ----

export interface CreateClientRequest {
  name: string;
  redirect_uris: string[];
  client_id?: string;
  client_secret?: string;
  type?: 'confidential' | 'public';
  extension_secret?: string;
}

export interface SimulationClientRecord {
  client_id: string;
  /** Only in the answer that creates the client; null for a public client. */
  client_secret?: string | null;
  extension_secret?: string;
  name: string;
  redirect_uris: string[];
  type: 'confidential' | 'public';
  created_at: string;
}

export interface CreateUserRequest {
  login: string;
  display_name?: string;
  broadcaster_type?: BroadcasterType;
  description?: string;
  email?: string;
}

export interface SimulationUser {
  id: string;
  login: string;
  display_name: string;
  type: string;
  broadcaster_type: string;
  description: string;
  profile_image_url: string;
  offline_image_url: string;
  view_count: number;
  created_at: string;
  email?: string;
}

export interface MintTokenRequest {
  client_id: string;
  /** Absent: an app access token. */
  user_id?: string;
  scopes: string[];
  expires_in?: number;
}

export interface MintedToken {
  access_token: string;
  /** '' for an app token. */
  refresh_token: string;
  expires_in: number;
  scope: string[];
  token_type: 'bearer';
}

export interface EmulatorSettings {
  auto_approve: boolean;
  default_user_id: string | null;
}

export interface DeviceApproval {
  user_code: string;
  client_id: string;
  scopes: string[];
  status: string;
  user_id: string;
}

export interface ClockAnswer {
  now: string;
  offset_seconds: number;
}

// ---- streams and state ----

export interface StreamOnlineRequest {
  title?: string;
  game_id?: string;
  viewer_count?: number;
  vod?: boolean;
  language?: string;
  is_mature?: boolean;
  kind?: 'live' | 'premiere' | 'rerun';
}

export interface SimulationStream {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  game_id: string;
  game_name: string;
  type: 'live' | '';
  title: string;
  viewer_count: number;
  started_at: string;
  language: string;
  thumbnail_url: string;
  tag_ids: string[];
  tags: string[];
  is_mature: boolean;
}

export interface EmulatorSnapshot {
  now: string;
  clock_offset_seconds: number;
  settings: EmulatorSettings;
  users: SimulationUser[];
  clients: SimulationClientRecord[];
  tokens: { access: number; user_access: number; app_access: number; refresh: number };
  authorization_codes: number;
  pending_device_codes: number;
  streams: SimulationStream[];
}

// ---- channel points ----

export interface RedeemRequest {
  broadcaster_id: string;
  reward_id: string;
  user_id: string;
  user_input?: string | null;
}

export interface BulkRedeemRequest {
  broadcaster_id: string;
  reward_id: string;
  count: number;
  user_ids?: string[];
  user_input?: string;
  publish_events?: boolean;
}

export interface BulkRedeemAnswer {
  broadcaster_id: string;
  reward_id: string;
  count: number;
  redemption_ids: string[];
}

export type RedemptionStatus = 'UNFULFILLED' | 'FULFILLED' | 'CANCELED';

export interface SimulationReward {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  id: string;
  title: string;
  prompt: string;
  cost: number;
  is_enabled: boolean;
  is_paused: boolean;
  is_in_stock: boolean;
  is_user_input_required: boolean;
  should_redemptions_skip_request_queue: boolean;
  max_per_stream_setting: { is_enabled: boolean; max_per_stream: number };
  max_per_user_per_stream_setting: { is_enabled: boolean; max_per_user_per_stream: number };
  global_cooldown_setting: { is_enabled: boolean; global_cooldown_seconds: number };
  redemptions_redeemed_current_stream: number | null;
  cooldown_expires_at: string | null;
  /** Which client created the reward (only that client may manage it). */
  client_id: string;
}

export interface SimulationRedemption {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  user_input: string | null;
  status: RedemptionStatus;
  redeemed_at: string;
  reward: { id: string; title: string; prompt: string; cost: number };
  stream_id: string | null;
  refunded_points: number;
  refunded_at: string | null;
  reward_deleted: boolean;
}

export interface RedemptionsQuery {
  broadcaster_id: string;
  reward_id?: string;
  status?: RedemptionStatus;
}

export interface RedemptionsOverview {
  rewards: SimulationReward[];
  redemptions: SimulationRedemption[];
  refunded_points_by_user: Record<string, number>;
}

export interface PointBalance {
  broadcaster_id: string;
  user_id: string;
  user_login: string;
  balance: number;
}

// ---- community: chat presence, moderators, charity ----

export interface ChatterRequest {
  broadcaster_id: string;
  user_id: string;
  action: 'join' | 'leave';
}

export interface ChatterAnswer {
  broadcaster_id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  in_chat: boolean;
  total: number;
}

export interface ModeratorRequest {
  broadcaster_id: string;
  user_id: string;
  action: 'add' | 'remove';
}

export interface ModeratorEvent {
  id: string;
  event_type: string;
  event_timestamp: string;
  version: string;
  event_data: UserFields<'broadcaster'> & UserFields<'user'>;
}

export interface StartCharityRequest {
  charity_name?: string;
  charity_description?: string;
  charity_logo?: string;
  charity_website?: string;
  target_amount?: Amount | null;
  currency?: string;
}

export interface CharityCampaign {
  id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  broadcaster_login: string;
  charity_name: string;
  charity_description: string;
  charity_logo: string;
  charity_website: string;
  current_amount: Amount;
  target_amount: Amount | null;
}

export interface DonateRequest {
  broadcaster_id: string;
  user_id: string;
  amount: Amount;
}

export type CharityDonation = { id: string; campaign_id: string; amount: Amount } & UserFields<'user'>;

// ---- channel: follows, editors, videos ----

export interface FollowRequest {
  user_id: string;
  broadcaster_id: string;
  followed_at?: string;
}

export type FollowRecord = UserFields<'user'> & UserFields<'broadcaster'> & { followed_at: string };

export interface EditorRequest {
  broadcaster_id: string;
  user_id: string;
}

export interface EditorRecord {
  broadcaster_id: string;
  user_id: string;
  user_name: string;
  created_at: string;
}

export interface CreateVideoRequest {
  user_id: string;
  type: 'archive' | 'highlight' | 'upload';
  title?: string;
  description?: string;
  /** Seconds, or the platform's `1h2m3s`. */
  duration?: number | string;
  view_count?: number;
  language?: string;
  published_at?: string;
  game_id?: string;
}

export interface SimulationVideo extends SimulationRecord {
  id: string;
  user_id: string;
  title: string;
  type: string;
  duration: string;
  view_count: number;
  published_at: string;
}

// ---- chat, emotes, raids, shoutouts ----

export interface ChatMessageRequest {
  broadcaster_id: string;
  user_id: string;
  text: string;
  reply_parent_message_id?: string;
}

export interface SimulationChatMessage {
  message_id: string;
  broadcaster_id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  text: string;
  fragments: unknown[];
  sent_at: string;
  is_sent: boolean;
  drop_reason: unknown;
  reply_parent_message_id: string | null;
}

export interface CreateEmoteRequest {
  broadcaster_id: string;
  name: string;
  emote_type: 'subscriptions' | 'follower' | 'bitstier';
  tier?: '1000' | '2000' | '3000';
  emote_set_id?: string;
  format?: ('static' | 'animated')[];
  id?: string;
}

export interface SimulationEmote extends SimulationRecord {
  id: string;
  name: string;
  emote_set_id: string;
  owner_id: string;
}

export interface EmoteSetGrantRequest {
  user_id: string;
  emote_set_id: string;
  action: 'add' | 'remove';
}

export interface IncomingRaidRequest {
  from_broadcaster_id: string;
  to_broadcaster_id: string;
  /** The raider's live viewer count (0 when offline) by default. */
  viewers?: number;
}

export type SimulationRaid = SimulationRecord & {
  id: string;
  from_broadcaster_id: string;
  to_broadcaster_id: string;
  status: 'pending' | 'cancelled' | 'completed';
  viewers: number | null;
};

// ---- supporters: cheers, subscriptions, goals ----

export type SubscriptionTier = '1000' | '2000' | '3000';

export interface CheerRequest {
  broadcaster_id: string;
  user_id?: string;
  bits: number;
  message?: string;
  is_anonymous?: boolean;
}

export interface SubscribeRequest {
  broadcaster_id: string;
  user_id: string;
  tier?: SubscriptionTier;
}

export interface GiftRequest {
  broadcaster_id: string;
  user_id?: string;
  tier?: SubscriptionTier;
  recipient_ids?: string[];
  count?: number;
}

export interface ResubMessageRequest {
  broadcaster_id: string;
  user_id: string;
  message?: string;
  cumulative_months?: number;
  streak_months?: number | null;
  duration_months?: number;
}

export type SimulationSubscription = SimulationRecord & { user_id: string; broadcaster_id: string; tier: string; is_gift: boolean };

export interface GoalRequest {
  broadcaster_id: string;
  type: 'follower' | 'subscription' | 'subscription_count' | 'new_subscription' | 'new_subscription_count';
  target_amount: number;
  description?: string;
}

export type SimulationGoal = SimulationRecord & { id: string; type: string; current_amount: number; target_amount: number };

// ---- engagement: polls, predictions, clips ----

export interface VoteRequest {
  user_id: string;
  choice_id: string;
  channel_points?: number;
}

/** A poll as Get Polls shows it. */
export type SimulationPoll = SimulationRecord & {
  id: string;
  status: 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | 'ARCHIVED' | 'MODERATED' | 'INVALID';
  choices: { id: string; title: string; votes: number; channel_points_votes: number; bits_votes: number }[];
  channel_points_voting_enabled: boolean;
  channel_points_per_vote: number;
};

/** A prediction as Get Predictions shows it. */
export type SimulationPrediction = SimulationRecord & {
  id: string;
  status: 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';
  outcomes: { id: string; title: string; users: number; channel_points: number; color: string }[];
};

export interface PredictRequest {
  user_id: string;
  outcome_id: string;
  channel_points: number;
}

export interface CreateClipRequest {
  broadcaster_id: string;
  creator_id?: string;
  title?: string;
  game_id?: string;
  view_count?: number;
  duration?: number;
  created_at?: string;
  is_featured?: boolean;
}

// ---- faults ----

export interface FaultRequest {
  /** A regular expression over the request path. */
  path?: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  status?: number;
  latency_ms?: number;
  count?: number;
  drop_connection?: true;
  drop_websockets?: true;
  reconnect_websockets?: true;
}

export interface SimulationFault {
  id: string;
  path: string | null;
  method: string | null;
  status: number | null;
  latency_ms: number | null;
  count: number | null;
  drop_websockets: boolean;
  drop_connection: boolean;
  reconnect_websockets: boolean;
  created_at: string;
  websocket_sessions_reconnected?: number;
  websocket_sessions_dropped?: number;
}

// ---- EventSub ----

export interface EventSubSettings {
  unused_timeout_ms: number;
  reconnect_grace_ms: number;
  keepalive_interval_ms: number | null;
  ping_interval_ms: number;
}

export interface EventSubSession {
  id: string;
  status: string;
  connected_at: string;
  keepalive_timeout_seconds: number;
  client_id: string | null;
  user_id: string | null;
  enabled_subscriptions: number;
  open_sockets: number;
}

export type EventSubSubscription = SimulationRecord & {
  id: string;
  status: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  client_id: string;
  user_id: string | null;
};

export interface RevocationRequest {
  subscription_id: string;
  status?: 'authorization_revoked' | 'user_removed' | 'version_removed';
}

// ---- extensions ----

export interface ExtensionActivation {
  channel_id: string;
  activated: boolean;
  version: string | null;
  required_configuration: string | null;
  live: boolean;
}

export interface SimulationExtension {
  client_id: string;
  owner_id: string | null;
  analytics_since: string;
  /** The extension's secrets in the v5 shape (see the extensions area page). */
  secrets: unknown;
  activations: ExtensionActivation[];
  configurations: unknown;
}

// ---- v5 ----

export interface CreateCommunityRequest {
  name: string;
  owner_id: string;
  summary?: string;
  description?: string;
  rules?: string;
  language?: string;
  moderator_ids?: string[];
  channel_ids?: string[];
}

export type SimulationCommunity = SimulationRecord & { _id: string; name: string; moderator_ids: string[]; channel_ids: string[] };

export function createSimulationClient(options: SimulationClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const seg = encodeURIComponent;

  async function call<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    if (options.timeoutMs !== undefined) init.signal = AbortSignal.timeout(options.timeoutMs);
    const response = await fetchImpl(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) throw new SimulationApiError(method, path, response.status, parsed);
    return parsed as T;
  }

  const query = (params: Record<string, string | undefined>): string => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    baseUrl,
    /** Any `/_emulator/` route by path, for a route this client does not name yet. */
    call,

    // identity
    createClient: (body: CreateClientRequest) => call<SimulationClientRecord & { client_secret: string | null; extension_secret: string }>('POST', '/_emulator/clients', body),
    createUser: (body: CreateUserRequest) => call<SimulationUser>('POST', '/_emulator/users', body),
    mintToken: (body: MintTokenRequest) => call<MintedToken>('POST', '/_emulator/tokens', body),
    settings: (body: Partial<EmulatorSettings>) => call<EmulatorSettings>('POST', '/_emulator/settings', body),
    approveDevice: (body: { user_code: string; user_id?: string }) => call<DeviceApproval>('POST', '/_emulator/device/approve', body),
    advanceClock: (seconds: number) => call<ClockAnswer>('POST', '/_emulator/clock', { advance_seconds: seconds }),

    // streams and state
    streamOnline: (userId: string, body: StreamOnlineRequest = {}) => call<SimulationStream>('POST', `/_emulator/streams/${seg(userId)}/online`, body),
    streamOffline: (userId: string) => call<SimulationStream>('POST', `/_emulator/streams/${seg(userId)}/offline`, {}),
    state: () => call<EmulatorSnapshot>('GET', '/_emulator/state'),
    reset: () => call<EmulatorSnapshot>('POST', '/_emulator/reset'),

    // channel points
    redeem: (body: RedeemRequest) => call<SimulationRedemption>('POST', '/_emulator/redemptions', body),
    redeemBulk: (body: BulkRedeemRequest) => call<BulkRedeemAnswer>('POST', '/_emulator/redemptions/bulk', body),
    redemptions: (params: RedemptionsQuery) => call<RedemptionsOverview>('GET', `/_emulator/redemptions${query({ ...params })}`),
    pointBalance: (broadcasterId: string, userId: string) => call<PointBalance>('GET', `/_emulator/channel-points/${seg(broadcasterId)}/${seg(userId)}`),
    setPointBalance: (broadcasterId: string, userId: string, balance: number) =>
      call<PointBalance>('POST', `/_emulator/channel-points/${seg(broadcasterId)}/${seg(userId)}`, { balance }),

    // community
    chatter: (body: ChatterRequest) => call<ChatterAnswer>('POST', '/_emulator/chatters', body),
    moderator: (body: ModeratorRequest) => call<ModeratorEvent>('POST', '/_emulator/moderators', body),
    startCharity: (broadcasterId: string, body: StartCharityRequest = {}) => call<CharityCampaign>('POST', `/_emulator/charity/${seg(broadcasterId)}`, body),
    stopCharity: (broadcasterId: string) => call<CharityCampaign>('POST', `/_emulator/charity/${seg(broadcasterId)}/stop`, {}),
    donate: (body: DonateRequest) => call<CharityDonation>('POST', '/_emulator/donations', body),

    // channel
    follow: (body: FollowRequest) => call<FollowRecord>('POST', '/_emulator/follows', body),
    unfollow: (body: { user_id: string; broadcaster_id: string }) => call<FollowRecord>('DELETE', '/_emulator/follows', body),
    addEditor: (body: EditorRequest) => call<EditorRecord>('POST', '/_emulator/editors', body),
    removeEditor: (body: EditorRequest) => call<EditorRecord>('DELETE', '/_emulator/editors', body),
    createVideo: (body: CreateVideoRequest) => call<SimulationVideo>('POST', '/_emulator/videos', body),

    // chat
    sendChatMessage: (body: ChatMessageRequest) => call<SimulationChatMessage>('POST', '/_emulator/chat/messages', body),
    chatMessages: (broadcasterId: string) => call<{ messages: SimulationChatMessage[] }>('GET', `/_emulator/chat/messages${query({ broadcaster_id: broadcasterId })}`),
    createEmote: (body: CreateEmoteRequest) => call<SimulationEmote>('POST', '/_emulator/emotes', body),
    deleteEmote: (id: string) => call<SimulationEmote>('DELETE', `/_emulator/emotes/${seg(id)}`),
    userEmoteSets: (body: EmoteSetGrantRequest) => call<{ user_id: string; emote_set_ids: string[] }>('POST', '/_emulator/user-emote-sets', body),
    raids: (broadcasterId: string) => call<{ raids: SimulationRecord[] }>('GET', `/_emulator/raids${query({ broadcaster_id: broadcasterId })}`),
    /** Another channel raids this one now, without a countdown (`channel.raid`, a raid notice in chat). */
    incomingRaid: (body: IncomingRaidRequest) => call<SimulationRaid>('POST', '/_emulator/raids', body),
    shoutouts: (broadcasterId: string) => call<{ shoutouts: SimulationRecord[] }>('GET', `/_emulator/shoutouts${query({ broadcaster_id: broadcasterId })}`),

    // supporters
    cheer: (body: CheerRequest) => call<SimulationRecord & { bits: number; is_anonymous: boolean }>('POST', '/_emulator/cheers', body),
    subscribe: (body: SubscribeRequest) => call<SimulationSubscription>('POST', '/_emulator/subscriptions', body),
    subscriptions: (broadcasterId: string) =>
      call<{ subscriptions: SimulationSubscription[] }>('GET', `/_emulator/subscriptions${query({ broadcaster_id: broadcasterId })}`),
    giftSubscriptions: (body: GiftRequest) => call<SimulationRecord & { total: number; subscriptions: SimulationSubscription[] }>('POST', '/_emulator/subscriptions/gifts', body),
    resubMessage: (body: ResubMessageRequest) => call<SimulationRecord & { cumulative_months: number }>('POST', '/_emulator/subscriptions/messages', body),
    createGoal: (body: GoalRequest) => call<SimulationGoal>('POST', '/_emulator/goals', body),
    endGoal: (id: string) => call<SimulationGoal & { is_achieved: boolean }>('POST', `/_emulator/goals/${seg(id)}/end`, {}),

    // engagement
    polls: (broadcasterId: string) => call<{ polls: SimulationPoll[] }>('GET', `/_emulator/polls${query({ broadcaster_id: broadcasterId })}`),
    predictions: (broadcasterId: string) => call<{ predictions: SimulationPrediction[] }>('GET', `/_emulator/predictions${query({ broadcaster_id: broadcasterId })}`),
    vote: (pollId: string, body: VoteRequest) => call<SimulationRecord & { id: string }>('POST', `/_emulator/polls/${seg(pollId)}/votes`, body),
    predict: (predictionId: string, body: PredictRequest) => call<SimulationRecord & { id: string }>('POST', `/_emulator/predictions/${seg(predictionId)}/predictions`, body),
    createClip: (body: CreateClipRequest) => call<SimulationRecord & { id: string }>('POST', '/_emulator/clips', body),

    // faults
    addFault: (body: FaultRequest) => call<SimulationFault>('POST', '/_emulator/faults', body),
    faults: () => call<{ faults: SimulationFault[] }>('GET', '/_emulator/faults'),
    clearFaults: () => call<{ cleared: number }>('DELETE', '/_emulator/faults'),
    removeFault: (id: string) => call<{ cleared: number }>('DELETE', `/_emulator/faults/${seg(id)}`),

    // EventSub
    eventSubSettings: () => call<EventSubSettings>('GET', '/_emulator/eventsub/settings'),
    setEventSubSettings: (body: Partial<EventSubSettings>) => call<EventSubSettings>('POST', '/_emulator/eventsub/settings', body),
    eventSubSessions: () => call<{ sessions: EventSubSession[] }>('GET', '/_emulator/eventsub/sessions'),
    eventSubSubscriptions: () => call<{ subscriptions: EventSubSubscription[] }>('GET', '/_emulator/eventsub/subscriptions'),
    revokeEventSub: (body: RevocationRequest) => call<EventSubSubscription>('POST', '/_emulator/eventsub/revocations', body),

    // extensions
    extension: (clientId: string) => call<SimulationExtension>('GET', `/_emulator/extensions/${seg(clientId)}`),
    setExtension: (clientId: string, body: { owner_id?: string | null; analytics_since?: string }) =>
      call<SimulationExtension>('POST', `/_emulator/extensions/${seg(clientId)}`, body),
    activateExtension: (clientId: string, body: { channel_id: string; activated?: boolean; version?: string }) =>
      call<ExtensionActivation>('POST', `/_emulator/extensions/${seg(clientId)}/activations`, body),
    addExtensionSecret: (clientId: string, body: { content?: string; activation_delay_secs?: number } = {}) =>
      call<unknown>('POST', `/_emulator/extensions/${seg(clientId)}/secrets`, body),

    // v5
    createCommunity: (body: CreateCommunityRequest) => call<SimulationCommunity>('POST', '/_emulator/communities', body),
    communityModerator: (communityId: string, body: { user_id: string; action: 'add' | 'remove' }) =>
      call<SimulationCommunity>('POST', `/_emulator/communities/${seg(communityId)}/moderators`, body),
    communityChannel: (communityId: string, body: { channel_id: string; action: 'add' | 'remove' }) =>
      call<SimulationCommunity>('POST', `/_emulator/communities/${seg(communityId)}/channels`, body),
    feedComment: (channelId: string, postId: string, body: { user_id: string; body: string }) =>
      call<SimulationRecord>('POST', `/_emulator/feed/${seg(channelId)}/posts/${seg(postId)}/comments`, body),
    channelCheermote: (body: { channel_id: string; prefix: string | null }) =>
      call<{ channel_id: string; action: SimulationRecord | null }>('POST', '/_emulator/cheermotes', body),

    // RTMP ingest
    ingestSessions: () => call<{ sessions: IngestSessionView[] }>('GET', '/_emulator/ingest/sessions'),
    ingestSettings: () => call<IngestSettingsView>('GET', '/_emulator/ingest/settings'),
    setIngestSettings: (body: Partial<IngestSettingsView>) => call<IngestSettingsView>('POST', '/_emulator/ingest/settings', body),
    /** Cuts publishing connections as a network drop would (all when no filter); the stream stays live for the grace. */
    dropIngestSessions: (body: { user_id?: string; session_id?: string } = {}) => call<{ sessions: IngestSessionView[] }>('POST', '/_emulator/ingest/sessions/drop', body),
    resetStreamKey: (userId: string) =>
      call<{ user_id: string; stream_key: string; reset_at: string }>('POST', `/_emulator/streams/${seg(userId)}/key/reset`, {}),
  };
}

export type SimulationClient = ReturnType<typeof createSimulationClient>;

/** One publish attempt on the emulator's RTMP ingest (`GET /_emulator/ingest/sessions`). */
export interface IngestSessionView {
  id: string;
  /** The ingest directory entry (`_id`) the encoder connected to. */
  server_id: number;
  server_name: string;
  /** The stream key's owner; null when the key matched nobody. */
  user_id: string | null;
  /** The live stream the publish feeds; null for a bandwidth test or a refused publish. */
  stream_id: string | null;
  bandwidth_test: boolean;
  state: 'publishing' | 'ended' | 'refused';
  /** Why the platform refused or ended the publish (unknown key, key reset), else null. */
  reason: string | null;
  bytes: number;
  /** Average since the publish began. */
  bitrate_kbps: number;
  video_codec: string | null;
  audio_codec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Between the last two key frames received. */
  keyframe_interval_s: number | null;
  started_at: string;
  ended_at: string | null;
}

export interface IngestSettingsView {
  /** How long a dropped publish keeps the stream live; a re-publish within it continues the stream. */
  reconnect_grace_ms: number;
}

function asPlatformError(body: unknown): PlatformErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, status, message } = body as Partial<PlatformErrorBody>;
  if (typeof message !== 'string') return null;
  return { error: typeof error === 'string' ? error : '', status: typeof status === 'number' ? status : 0, message };
}
