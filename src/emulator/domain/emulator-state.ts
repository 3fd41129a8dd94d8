import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import { EmulatorClock } from '../clock';
import type { Game } from '../catalogue/games';
import type { IngestServer } from '../catalogue/ingest-servers';
import { EventBus } from './event-bus';
import { AdScheduleStore } from './stores/ad-schedules';
import { AuthorizationCodeStore } from './stores/authorization-codes';
import { AutoModStore } from './stores/automod';
import { BanStore } from './stores/bans';
import { BlockedTermStore } from './stores/blocked-terms';
import { ChannelPointBalanceStore } from './stores/channel-point-balances';
import { ChannelStore } from './stores/channels';
import { CharityStore } from './stores/charity';
import { ChatStore } from './stores/chat';
import { ChatMessageStore, UserEmoteSetStore } from './stores/chat-messages';
import { ClientStore } from './stores/clients';
import { ClipStore } from './stores/clips';
import { CommercialStore } from './stores/commercials';
import { DeviceCodeStore } from './stores/device-codes';
import { EditorStore } from './stores/editors';
import { ExtensionStore } from './stores/extensions';
import { FollowStore } from './stores/follows';
import { GoalStore } from './stores/goals';
import { HypeTrainStore } from './stores/hype-trains';
import { IngestSessionStore } from './stores/ingest-sessions';
import { KrakenStore } from './stores/kraken';
import { MarkerStore } from './stores/markers';
import { ModeratorStore } from './stores/moderators';
import { PollStore } from './stores/polls';
import { PredictionStore } from './stores/predictions';
import { RaidStore } from './stores/raids';
import { RateLimiter } from './stores/rate-limiter';
import { RedemptionStore } from './stores/redemptions';
import { RewardStore } from './stores/rewards';
import { SharedChatStore } from './stores/shared-chat';
import { ShieldModeStore } from './stores/shield-mode';
import { ShoutoutStore } from './stores/shoutouts';
import { StreamStore } from './stores/streams';
import { SubscriptionStore } from './stores/subscriptions';
import { SuspiciousUserStore } from './stores/suspicious-users';
import { TokenStore } from './stores/tokens';
import { UnbanRequestStore } from './stores/unban-requests';
import { UserStore, type NewUser, type User } from './stores/users';
import { VideoStore } from './stores/videos';
import { VipStore } from './stores/vips';
import { WarningStore } from './stores/warnings';

export interface EmulatorSettings {
  /** Approve consent and device codes at once, as the default user. */
  autoApprove: boolean;
  /** The user that auto-approval and the consent page's picker default to; else the first user. */
  defaultUserId: string | null;
}

/** The platform's own catalogue: survives resets and is present in every seed. */
export interface PlatformCatalogue {
  games: readonly Game[];
  ingestServers: readonly IngestServer[];
}

/**
 * All of the emulator's in-memory state.
 *
 * `reset()` replaces the stores with fresh ones and re-applies the seed, so route handlers must
 * read `state.users`, `state.tokens`... on each request instead of keeping a store reference.
 * A new spec area adds its store here (field + line in `clearStores`). The rules that act on the
 * stores are the area modules beside this file (`polls.ts`...); they announce what happened on
 * `events`.
 */
export class EmulatorState {
  readonly clock = new EmulatorClock();
  /** Survives resets: EventSub sessions stay subscribed to it. */
  readonly events = new EventBus();
  private readonly resets = new Emitter<void>();
  /** The RTMP ingest's sessions and settings; survives resets, as an encoder may still be connected. */
  readonly ingest = new IngestSessionStore();
  /** `http://127.0.0.1:<port>`: the one origin of every platform host; set once the server listens. */
  baseUrl = '';
  settings: EmulatorSettings;

  clients!: ClientStore;
  users!: UserStore;
  channels!: ChannelStore;
  streams!: StreamStore;
  tokens!: TokenStore;
  authorizationCodes!: AuthorizationCodeStore;
  deviceCodes!: DeviceCodeStore;
  rateLimiter!: RateLimiter;
  moderators!: ModeratorStore;
  extensions!: ExtensionStore;
  kraken!: KrakenStore;
  videos!: VideoStore;
  follows!: FollowStore;
  editors!: EditorStore;
  markers!: MarkerStore;
  rewards!: RewardStore;
  redemptions!: RedemptionStore;
  chat!: ChatStore;
  charity!: CharityStore;
  commercials!: CommercialStore;
  vips!: VipStore;
  bans!: BanStore;
  raids!: RaidStore;
  shoutouts!: ShoutoutStore;
  chatMessages!: ChatMessageStore;
  userEmoteSets!: UserEmoteSetStore;
  polls!: PollStore;
  predictions!: PredictionStore;
  pointBalances!: ChannelPointBalanceStore;
  clips!: ClipStore;
  adSchedules!: AdScheduleStore;
  subscriptions!: SubscriptionStore;
  goals!: GoalStore;
  hypeTrains!: HypeTrainStore;
  shieldMode!: ShieldModeStore;
  blockedTerms!: BlockedTermStore;
  autoMod!: AutoModStore;
  warnings!: WarningStore;
  unbanRequests!: UnbanRequestStore;
  suspiciousUsers!: SuspiciousUserStore;
  sharedChat!: SharedChatStore;

  constructor(
    readonly catalogue: PlatformCatalogue,
    private readonly initialSettings: EmulatorSettings,
    private readonly applySeed: (state: EmulatorState) => void = () => {},
  ) {
    this.settings = { ...initialSettings };
    this.clearStores();
  }

  /** Back to the seed the emulator started with: stores, settings and the clock. */
  reset(): void {
    this.clock.reset();
    this.settings = { ...this.initialSettings };
    this.clearStores();
    this.resets.fire();
    this.applySeed(this);
  }

  /**
   * The layers that keep state of their own per emulator (EventSub's subscriptions, the HTTP
   * faults) clear it here on a reset, before the seed is applied again.
   */
  onReset(listener: () => void): Disposer {
    return this.resets.on(listener);
  }

  seed(): void {
    this.applySeed(this);
  }

  /** Creates a user with their channel and stream key. */
  createUser(input: NewUser, channel: { streamKey?: string; title?: string; gameId?: string } = {}): User {
    const user = this.users.create(input, this.clock.now(), this.baseUrl);
    this.channels.create(user.id, channel);
    return user;
  }

  defaultUser(): User | undefined {
    const preferred = this.settings.defaultUserId === null ? undefined : this.users.get(this.settings.defaultUserId);
    return preferred ?? this.users.list()[0];
  }

  game(id: string): Game | undefined {
    return this.catalogue.games.find((g) => g.id === id);
  }

  /** Every stream store announces its streams' starts and ends, whichever way they happen (simulation API, RTMP ingest). */
  private announceStreams(): void {
    this.streams.onChange({
      started: (stream) => this.events.publish({ type: 'stream.online', stream }),
      ended: (stream) => this.events.publish({ type: 'stream.offline', stream }),
    });
  }

  private clearStores(): void {
    this.clients = new ClientStore();
    this.users = new UserStore();
    this.channels = new ChannelStore();
    this.streams = new StreamStore();
    this.tokens = new TokenStore();
    this.authorizationCodes = new AuthorizationCodeStore();
    this.deviceCodes = new DeviceCodeStore();
    this.rateLimiter = new RateLimiter();
    this.moderators = new ModeratorStore();
    this.extensions = new ExtensionStore();
    this.kraken = new KrakenStore();
    this.announceStreams();
    this.videos = new VideoStore(this);
    this.follows = new FollowStore();
    this.editors = new EditorStore();
    this.markers = new MarkerStore();
    this.rewards = new RewardStore();
    this.redemptions = new RedemptionStore();
    this.chat = new ChatStore();
    this.charity = new CharityStore();
    this.commercials = new CommercialStore();
    this.vips = new VipStore();
    this.bans = new BanStore();
    this.raids = new RaidStore();
    this.shoutouts = new ShoutoutStore();
    this.chatMessages = new ChatMessageStore();
    this.userEmoteSets = new UserEmoteSetStore();
    this.polls = new PollStore();
    this.predictions = new PredictionStore();
    this.pointBalances = new ChannelPointBalanceStore();
    this.clips = new ClipStore();
    this.adSchedules = new AdScheduleStore();
    this.subscriptions = new SubscriptionStore();
    this.goals = new GoalStore();
    this.hypeTrains = new HypeTrainStore();
    this.shieldMode = new ShieldModeStore();
    this.blockedTerms = new BlockedTermStore();
    this.autoMod = new AutoModStore();
    this.warnings = new WarningStore();
    this.unbanRequests = new UnbanRequestStore();
    this.suspiciousUsers = new SuspiciousUserStore();
    this.sharedChat = new SharedChatStore();
  }
}
