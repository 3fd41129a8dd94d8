/**
 * The one typed client of the emulator's simulation API (`/_emulator/...`, design.md "The emulator's
 * contract"), for everything that drives an emulator from outside: tests, benches, the end-to-end
 * specs and the demo's viewer simulation. It is built on `fetch` and loads nothing else (no Fastify,
 * no Node built-ins, nothing from the app: its only imports are types), so Node, Playwright and the
 * app load it cheaply.
 *
 * Every method sends one request; an error answer becomes a `SimulationApiError` that carries the
 * platform's error body (`status`, `error`, `message`). The request and answer types are the
 * emulator's own wire types (`http/views/wire/`), the types its views build their answers as: one
 * definition each, re-exported here under the names the client's callers use.
 */
import type { BulkRedeemAnswer, BulkRedeemRequest, RedeemRequest, RedemptionRecord, RedemptionStatus, RedemptionsOverview, RedemptionsQuery, RewardRecord } from './http/views/wire/channel-points';
import type { EditorRecord, EditorRequest, FollowRecord, FollowRequest, UnfollowRequest } from './http/views/wire/channels';
import type { CharityCampaignView, CharityDonationView, DonateRequest, StartCharityRequest } from './http/views/wire/charity';
import type { ChatClearAnswer, ChatClearRequest, ChatDeletionRequest, ChatMessageRecord, ChatMessageRequest, ChatterAnswer, ChatterRequest, CreateEmoteRequest, EmoteSetGrantRequest, IncomingRaidRequest, OwnedEmoteView, RaidView, ShoutoutView } from './http/views/wire/chat';
import type { AmountView, PlatformErrorBody } from './http/views/wire/common';
import type { ClipView, CreateClipRequest, PointBalance, PollView, PredictionOutcomeView, PredictionView, PredictRequest, VoteRequest } from './http/views/wire/engagement';
import type { EventSubSessionView, EventSubSettingsView, EventSubSubscriptionRecord, RevocationRequest } from './http/views/wire/eventsub';
import type { ActivationRequest, ConsoleSecretRequest, ExtensionActivation, ExtensionSettingsRequest, LegacySecretSet, SimulationExtension } from './http/views/wire/extensions';
import type { FaultRequest, FaultView } from './http/views/wire/faults';
import type { ClientRecord, ClockAnswer, CreateClientRequest, CreateUserRequest, DeviceApproval, DeviceApproveRequest, EmulatorSettingsView, EmulatorSnapshot, HelixUser, MintTokenRequest, TokenResponse } from './http/views/wire/identity';
import type { IngestDropRequest, IngestSessionView, IngestSettingsView, StreamKeyReset } from './http/views/wire/ingest';
import type { ChannelCheermoteRequest, CommunityChannelRequest, CommunityMembershipRequest, CreateCommunityRequest, FeedCommentRequest, SimulationCommunity } from './http/views/wire/kraken';
import type {
  AcknowledgedWarningView,
  AutoModMessageAnswer,
  AutoModMessageRequest,
  BanView,
  HateRaidRequest,
  HateRaidView,
  HeldMessageView,
  ModeratorEventView,
  ModeratorRequest,
  NewUnbanRequest,
  ShieldModeSettingsRequest,
  ShieldModeSettingsView,
  SimulatedBanRequest,
  SuspiciousUserRequest,
  SuspiciousUserView,
  UnbanRequestView,
  WarningAcknowledgementRequest,
} from './http/views/wire/moderation';
import type { SharedChatJoinRequest, SharedChatLeaveAnswer, SharedChatLeaveRequest, SharedChatSessionView } from './http/views/wire/shared-chat';
import type { HelixStream, StreamOnlineRequest } from './http/views/wire/streams';
import type { CheerRequest, CheerView, CreatorGoalView, GiftRequest, GoalRequest, ResubMessageRequest, ResubscriptionMessageView, SubscribeRequest, SubscriptionGiftView, SubscriptionTier, SubscriptionView } from './http/views/wire/supporters';
import type { CreateVideoRequest, HelixVideo } from './http/views/wire/videos';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface SimulationClientOptions {
  /** The emulator's origin, e.g. `http://127.0.0.1:41234` (no trailing path). */
  baseUrl: string;
  /** Defaults to the global `fetch`; tests pass their own. */
  fetch?: FetchLike;
  /** Per request; no limit when absent. */
  timeoutMs?: number;
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

// ---- the answers' and requests' types: one definition each, in the emulator's wire types ----

/** An answer whose full shape is the platform's (spec part 2), for the calls whose views are not typed here. */
export type SimulationRecord = Record<string, unknown>;

export type { PlatformErrorBody };
export type Amount = AmountView;

// identity: clients, users, tokens, settings, device codes, clock, state
export type { ClockAnswer, CreateClientRequest, CreateUserRequest, DeviceApproval, EmulatorSnapshot, MintTokenRequest };
export type SimulationClientRecord = ClientRecord;
export type SimulationUser = HelixUser;
export type MintedToken = TokenResponse;
export type EmulatorSettings = EmulatorSettingsView;

// streams
export type { StreamOnlineRequest };
export type SimulationStream = HelixStream;

// channel points
export type { BulkRedeemAnswer, BulkRedeemRequest, RedeemRequest, RedemptionsOverview, RedemptionsQuery, RedemptionStatus };
export type SimulationReward = RewardRecord;
export type SimulationRedemption = RedemptionRecord;
export type { PointBalance };

// community: chat presence, moderators, charity
export type { ChatterAnswer, ChatterRequest };
export type { ModeratorRequest };
export type ModeratorEvent = ModeratorEventView;
export type { DonateRequest, StartCharityRequest };
export type CharityCampaign = CharityCampaignView;
export type CharityDonation = CharityDonationView;

// moderation: hate raids, Shield Mode's overrides, AutoMod, warnings, bans, unban requests, suspicious users
export type { AutoModMessageRequest, HateRaidRequest, NewUnbanRequest, ShieldModeSettingsRequest, SimulatedBanRequest, SuspiciousUserRequest, WarningAcknowledgementRequest };
export type SimulationHateRaid = HateRaidView;
export type SimulationShieldModeSettings = ShieldModeSettingsView;
export type SimulationAutoModMessage = AutoModMessageAnswer;
export type SimulationHeldMessage = HeldMessageView;
export type SimulationWarning = AcknowledgedWarningView;
export type SimulationBan = BanView;
export type SimulationUnbanRequest = UnbanRequestView;
export type SimulationSuspiciousUser = SuspiciousUserView;

// channel: follows, editors, videos
export type { EditorRecord, EditorRequest, FollowRecord, FollowRequest };
export type { CreateVideoRequest };
export type SimulationVideo = HelixVideo;

// chat, emotes, raids, shoutouts
export type { ChatClearAnswer, ChatClearRequest, ChatDeletionRequest, ChatMessageRequest, CreateEmoteRequest, EmoteSetGrantRequest, IncomingRaidRequest };
export type SimulationChatMessage = ChatMessageRecord;
export type { SharedChatJoinRequest, SharedChatLeaveAnswer, SharedChatLeaveRequest, SharedChatSessionView };
export type SimulationEmote = OwnedEmoteView;
export type SimulationRaid = RaidView;
export type SimulationShoutout = ShoutoutView;

// supporters: cheers, subscriptions, goals
export type { CheerRequest, GiftRequest, GoalRequest, ResubMessageRequest, SubscribeRequest, SubscriptionTier };
export type SimulationSubscription = SubscriptionView;
export type SimulationGoal = CreatorGoalView;

// engagement: polls, predictions, clips
export type { CreateClipRequest, PredictRequest, VoteRequest };
// The simulation API lists polls and predictions in full (`PollView`, `PredictionView`); its callers
// (the viewer simulation and its fakes) read these fields of them.
export type SimulationPoll = SimulationRecord & Pick<PollView, 'id' | 'status' | 'choices' | 'channel_points_voting_enabled' | 'channel_points_per_vote'>;
export type SimulationPrediction = SimulationRecord &
  Pick<PredictionView, 'id' | 'status'> & { outcomes: Pick<PredictionOutcomeView, 'id' | 'title' | 'users' | 'channel_points' | 'color'>[] };
export type SimulationClip = ClipView;

// faults
export type { FaultRequest };
export type SimulationFault = FaultView;

// EventSub
export type { RevocationRequest };
export type EventSubSettings = EventSubSettingsView;
export type EventSubSession = EventSubSessionView;
export type EventSubSubscription = EventSubSubscriptionRecord;

// extensions
export type { ExtensionActivation, SimulationExtension };

// v5
export type { CreateCommunityRequest, SimulationCommunity };

// RTMP ingest
export type { IngestSessionView, IngestSettingsView };

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
    approveDevice: (body: DeviceApproveRequest) => call<DeviceApproval>('POST', '/_emulator/device/approve', body),
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

    // moderation
    /** Accounts made now raid the channel and all chat at once; the answer lists them and every message (sent or dropped). */
    hateRaid: (body: HateRaidRequest) => call<SimulationHateRaid>('POST', '/_emulator/hate-raids', body),
    /** Shield Mode's overrides in a channel (fields left out are kept); answers them. */
    shieldModeSettings: (body: ShieldModeSettingsRequest) => call<SimulationShieldModeSettings>('POST', '/_emulator/shield-mode/settings', body),
    /** A viewer's message that AutoMod sees as `category` (severity `level`): held when the channel's AutoMod settings say so. */
    autoModMessage: (body: AutoModMessageRequest) => call<SimulationAutoModMessage>('POST', '/_emulator/automod/messages', body),
    /** The messages AutoMod holds in a channel, oldest first. */
    heldMessages: (broadcasterId: string) => call<{ messages: SimulationHeldMessage[] }>('GET', `/_emulator/automod/messages${query({ broadcaster_id: broadcasterId })}`),
    /** The warned user acknowledges their warning (`channel.warning.acknowledge`) and may chat again. */
    acknowledgeWarning: (body: WarningAcknowledgementRequest) => call<SimulationWarning>('POST', '/_emulator/warnings/acknowledgements', body),
    /** A moderator (the broadcaster by default) bans a user, or times them out with `duration` (`channel.ban`). */
    ban: (body: SimulatedBanRequest) => call<SimulationBan>('POST', '/_emulator/bans', body),
    /** A banned user asks to be unbanned (`channel.unban_request.create`). */
    unbanRequest: (body: NewUnbanRequest) => call<SimulationUnbanRequest>('POST', '/_emulator/unban-requests', body),
    /** The platform flags a user as suspicious (a likely ban evader, restricted, by default). */
    suspiciousUser: (body: SuspiciousUserRequest) => call<SimulationSuspiciousUser>('POST', '/_emulator/suspicious-users', body),

    // channel
    follow: (body: FollowRequest) => call<FollowRecord>('POST', '/_emulator/follows', body),
    unfollow: (body: UnfollowRequest) => call<FollowRecord>('DELETE', '/_emulator/follows', body),
    addEditor: (body: EditorRequest) => call<EditorRecord>('POST', '/_emulator/editors', body),
    removeEditor: (body: EditorRequest) => call<EditorRecord>('DELETE', '/_emulator/editors', body),
    createVideo: (body: CreateVideoRequest) => call<SimulationVideo>('POST', '/_emulator/videos', body),

    // chat
    sendChatMessage: (body: ChatMessageRequest) => call<SimulationChatMessage>('POST', '/_emulator/chat/messages', body),
    /** A moderator on the website (the broadcaster by default) deletes a line (`channel.chat.message_delete`, `channel.moderate`); answers the line. */
    deleteChatMessage: (body: ChatDeletionRequest) => call<SimulationChatMessage>('POST', '/_emulator/chat/deletions', body),
    /** A moderator on the website (the broadcaster by default) clears chat (`channel.chat.clear`, `channel.moderate`). */
    clearChat: (body: ChatClearRequest) => call<ChatClearAnswer>('POST', '/_emulator/chat/clear', body),
    chatMessages: (broadcasterId: string) => call<{ messages: ChatMessageRecord[] }>('GET', `/_emulator/chat/messages${query({ broadcaster_id: broadcasterId })}`),
    /** A channel joins another's shared chat session, or a new one that channel hosts (`channel.shared_chat.begin`/`.update`). */
    joinSharedChat: (body: SharedChatJoinRequest) => call<SharedChatSessionView>('POST', '/_emulator/shared-chat/join', body),
    /** A channel leaves its shared chat session (`channel.shared_chat.end`; the session ends below two channels). */
    leaveSharedChat: (body: SharedChatLeaveRequest) => call<SharedChatLeaveAnswer>('POST', '/_emulator/shared-chat/leave', body),
    sharedChatSession: (broadcasterId: string) => call<{ session: SharedChatSessionView | null }>('GET', `/_emulator/shared-chat${query({ broadcaster_id: broadcasterId })}`),
    createEmote: (body: CreateEmoteRequest) => call<SimulationEmote>('POST', '/_emulator/emotes', body),
    deleteEmote: (id: string) => call<SimulationEmote>('DELETE', `/_emulator/emotes/${seg(id)}`),
    userEmoteSets: (body: EmoteSetGrantRequest) => call<{ user_id: string; emote_set_ids: string[] }>('POST', '/_emulator/user-emote-sets', body),
    raids: (broadcasterId: string) => call<{ raids: RaidView[] }>('GET', `/_emulator/raids${query({ broadcaster_id: broadcasterId })}`),
    /** Another channel raids this one now, without a countdown (`channel.raid`, a raid notice in chat). */
    incomingRaid: (body: IncomingRaidRequest) => call<SimulationRaid>('POST', '/_emulator/raids', body),
    shoutouts: (broadcasterId: string) => call<{ shoutouts: ShoutoutView[] }>('GET', `/_emulator/shoutouts${query({ broadcaster_id: broadcasterId })}`),

    // supporters
    cheer: (body: CheerRequest) => call<CheerView>('POST', '/_emulator/cheers', body),
    subscribe: (body: SubscribeRequest) => call<SimulationSubscription>('POST', '/_emulator/subscriptions', body),
    subscriptions: (broadcasterId: string) =>
      call<{ subscriptions: SimulationSubscription[] }>('GET', `/_emulator/subscriptions${query({ broadcaster_id: broadcasterId })}`),
    giftSubscriptions: (body: GiftRequest) => call<SubscriptionGiftView & { subscriptions: SubscriptionView[] }>('POST', '/_emulator/subscriptions/gifts', body),
    resubMessage: (body: ResubMessageRequest) => call<ResubscriptionMessageView>('POST', '/_emulator/subscriptions/messages', body),
    createGoal: (body: GoalRequest) => call<SimulationGoal>('POST', '/_emulator/goals', body),
    endGoal: (id: string) => call<SimulationGoal & { is_achieved: boolean }>('POST', `/_emulator/goals/${seg(id)}/end`, {}),

    // engagement
    polls: (broadcasterId: string) => call<{ polls: SimulationPoll[] }>('GET', `/_emulator/polls${query({ broadcaster_id: broadcasterId })}`),
    predictions: (broadcasterId: string) => call<{ predictions: SimulationPrediction[] }>('GET', `/_emulator/predictions${query({ broadcaster_id: broadcasterId })}`),
    vote: (pollId: string, body: VoteRequest) => call<PollView>('POST', `/_emulator/polls/${seg(pollId)}/votes`, body),
    predict: (predictionId: string, body: PredictRequest) => call<PredictionView>('POST', `/_emulator/predictions/${seg(predictionId)}/predictions`, body),
    createClip: (body: CreateClipRequest) => call<ClipView>('POST', '/_emulator/clips', body),

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
    setExtension: (clientId: string, body: ExtensionSettingsRequest) =>
      call<SimulationExtension>('POST', `/_emulator/extensions/${seg(clientId)}`, body),
    activateExtension: (clientId: string, body: ActivationRequest) =>
      call<ExtensionActivation>('POST', `/_emulator/extensions/${seg(clientId)}/activations`, body),
    addExtensionSecret: (clientId: string, body: ConsoleSecretRequest = {}) =>
      call<LegacySecretSet>('POST', `/_emulator/extensions/${seg(clientId)}/secrets`, body),

    // v5
    createCommunity: (body: CreateCommunityRequest) => call<SimulationCommunity>('POST', '/_emulator/communities', body),
    communityModerator: (communityId: string, body: CommunityMembershipRequest) =>
      call<SimulationCommunity>('POST', `/_emulator/communities/${seg(communityId)}/moderators`, body),
    communityChannel: (communityId: string, body: CommunityChannelRequest) =>
      call<SimulationCommunity>('POST', `/_emulator/communities/${seg(communityId)}/channels`, body),
    feedComment: (channelId: string, postId: string, body: FeedCommentRequest) =>
      call<SimulationRecord>('POST', `/_emulator/feed/${seg(channelId)}/posts/${seg(postId)}/comments`, body),
    channelCheermote: (body: ChannelCheermoteRequest) =>
      call<{ channel_id: string; action: SimulationRecord | null }>('POST', '/_emulator/cheermotes', body),

    // RTMP ingest
    ingestSessions: () => call<{ sessions: IngestSessionView[] }>('GET', '/_emulator/ingest/sessions'),
    ingestSettings: () => call<IngestSettingsView>('GET', '/_emulator/ingest/settings'),
    setIngestSettings: (body: Partial<IngestSettingsView>) => call<IngestSettingsView>('POST', '/_emulator/ingest/settings', body),
    /** Cuts publishing connections as a network drop would (all when no filter); the stream stays live for the grace. */
    dropIngestSessions: (body: IngestDropRequest = {}) => call<{ sessions: IngestSessionView[] }>('POST', '/_emulator/ingest/sessions/drop', body),
    resetStreamKey: (userId: string) =>
      call<StreamKeyReset>('POST', `/_emulator/streams/${seg(userId)}/key/reset`, {}),
  };
}

export type SimulationClient = ReturnType<typeof createSimulationClient>;

function asPlatformError(body: unknown): PlatformErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, status, message } = body as Partial<PlatformErrorBody>;
  if (typeof message !== 'string') return null;
  return { error: typeof error === 'string' ? error : '', status: typeof status === 'number' ? status : 0, message };
}
