import { EmulatorClock } from '../clock';
import type { Game } from '../catalogue/games';
import type { IngestServer } from '../ingest-listeners';
import { IngestSessionStore } from './ingest-sessions';
import { AuthorizationCodeStore } from './authorization-codes';
import { ChannelStore } from './channels';
import { ClientStore } from './clients';
import { DeviceCodeStore } from './device-codes';
import { EventBus } from './event-bus';
import { ExtensionStore } from './extensions';
import { KrakenStore } from './kraken';
import { EventSubStore } from '../eventsub/subscription-store';
import { publishStreamEvents } from '../eventsub/stream-events';
import { FaultStore } from '../http/faults';
import { ModeratorStore } from './moderators';
import { VideoStore } from './videos';
import { FollowStore } from './follows';
import { EditorStore } from './editors';
import { MarkerStore } from './markers';
import { RedemptionStore } from './redemptions';
import { RewardStore } from './rewards';
import { ChatStore } from './chat';
import { CharityStore } from './charity';
import { CommercialStore } from './commercials';
import { VipStore } from './vips';
import { BanStore } from './bans';
import { RaidStore } from './raids';
import { ShoutoutStore } from './shoutouts';
import { ChatMessageStore, UserEmoteSetStore } from './chat-messages';
import { RateLimiter } from './rate-limiter';
import { StreamStore } from './streams';
import { TokenStore } from './tokens';
import { UserStore, type NewUser, type User } from './users';
import { PollStore } from './polls';
import { PredictionStore } from './predictions';
import { ChannelPointBalanceStore } from './channel-point-balances';
import { ClipStore } from './clips';
import { AdScheduleStore } from './ad-schedules';
import { SubscriptionStore } from './subscriptions';
import { GoalStore } from './goals';
import { HypeTrainStore } from './hype-trains';

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
 * A new spec area adds its store here (field + line in `clearStores`).
 */
export class EmulatorState {
  readonly clock = new EmulatorClock();
  /** Survives resets: EventSub sessions stay subscribed to it. */
  readonly events = new EventBus();
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
  eventSub!: EventSubStore;
  faults!: FaultStore;
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
    this.applySeed(this);
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
    this.eventSub = new EventSubStore();
    this.faults = new FaultStore();
    publishStreamEvents(this);
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
  }
}
