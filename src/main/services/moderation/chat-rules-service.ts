/**
 * The channel's chat rules beside its chat settings: AutoMod's level (Get / Update AutoMod
 * Settings) and the blocked terms (Get / Add / Remove Blocked Term), changed from the Chat
 * settings panel. The platform enforces both: a message with a blocked term never reaches chat,
 * and AutoMod holds what its level catches for the broadcaster to decide.
 *
 * Read when first needed, not at sign-in (up to 1,000 terms is many pages): when the Chat
 * settings panel asks (`refresh`), or when an automation repeats viewer text and filters it by
 * the blocked terms (`blockedTermsNow`). Once read, an EventSub gap or another account reads again
 * only what was read before. The per-channel state is a `ChannelState` (common/channel-state.ts).
 */
import type { AutoModSettings, BlockedTerm, ChatRulesState } from '../../../shared/ipc/contract';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { EventsService } from '../events/events-service';
import type { Logger } from '../logger';

export interface ChatRulesServiceOptions {
  api: Pick<ApiClient, 'request' | 'paginate'>;
  broadcaster: BroadcasterSource;
  /** EventSub's gaps: rules read before are read again (blocked terms changed on the website meanwhile). */
  gaps?: Pick<EventsService, 'onGap'> | null;
  logger: Logger;
}

/** AutoMod's settings as the platform's reference gives them. */
interface HelixAutoModSettings {
  overall_level: number | null;
  disability: number;
  aggression: number;
  sexuality_sex_or_gender: number;
  misogyny: number;
  bullying: number;
  swearing: number;
  race_ethnicity_or_religion: number;
  sex_based_terms: number;
}

interface HelixBlockedTerm {
  id: string;
  text: string;
  created_at: string;
  expires_at: string | null;
}

const unread: ChatRulesState = { autoMod: null, blockedTerms: null, error: null };
/** Terms listed; a channel with more still has them enforced. */
const maxTerms = 1_000;

export class ChatRulesService extends Disposable {
  private readonly channel: ChannelState<ChatRulesState>;
  /** Whether anything asked for this channel's rules yet: until then, nothing is read. */
  private wanted = false;
  /** The read under way, shared by whoever needs it meanwhile. */
  private reading: Promise<ChatRulesState> | null = null;
  private started = false;

  constructor(private readonly options: ChatRulesServiceOptions) {
    super();
    this.channel = new ChannelState<ChatRulesState>({
      broadcaster: options.broadcaster,
      empty: unread,
      // Not read and not wanted: nothing to read yet (the state counts as read until someone asks).
      isRead: (state) => !this.wanted || state.autoMod !== null,
      read: () => (this.wanted ? this.refresh() : Promise.resolve(this.state)),
      reading: 'reading the chat rules',
      logger: options.logger,
      gaps: options.gaps,
      // Another account: its rules are read when it first needs them.
      onBroadcaster: () => {
        this.wanted = false;
        this.reading = null;
      },
    });
    this.register(() => this.channel.dispose());
  }

  private get state(): ChatRulesState {
    return this.channel.get();
  }

  private get broadcasterId(): string | null {
    return this.channel.broadcasterId;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.channel.start();
  }

  /** What is known, without reading (the renderer's mirror asks at every sign-in). */
  getState(): ChatRulesState {
    return this.state;
  }

  onChange(listener: (state: ChatRulesState) => void): Disposer {
    return this.channel.onChange(listener);
  }

  /**
   * The blocked terms for an automation's filter of viewer text: read the first time one needs
   * them (and waited for), then as known; none when they cannot be read (the platform still
   * enforces them in chat).
   */
  async blockedTermsNow(): Promise<readonly BlockedTerm[]> {
    if (this.state.blockedTerms) return this.state.blockedTerms;
    if (!this.broadcasterId || !this.options.broadcaster.canCallApi) return [];
    const read = await (this.reading ?? this.refresh()).catch(() => this.state);
    return read.blockedTerms ?? [];
  }

  /** Reads AutoMod's settings and the blocked terms (and keeps them read after a gap); a failure is kept in the state, in words. */
  refresh(): Promise<ChatRulesState> {
    this.wanted = true;
    if (this.reading) return this.reading;
    const reading = this.read().finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  private async read(): Promise<ChatRulesState> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const begun = this.channel.begin('Chat rules not read');
      const id = begun.broadcasterId;
      const query = { broadcaster_id: id, moderator_id: id };
      let autoMod: AutoModSettings | null;
      let blockedTerms: BlockedTerm[];
      try {
        const [settings, terms] = await Promise.all([
          this.options.api.request<{ data: HelixAutoModSettings[] }>({ method: 'GET', path: '/helix/moderation/automod/settings', query }),
          this.readTerms(query),
        ]);
        autoMod = autoModOf(settings.data?.data?.[0]);
        blockedTerms = terms;
      } catch (error) {
        if (this.channel.isCurrent(id)) this.set({ ...this.state, error: refusalInWords('Chat rules not read', error).message });
        return this.state;
      }
      if (!this.channel.isCurrent(id)) return this.state;
      if (!begun.current()) continue;
      this.set({ autoMod, blockedTerms, error: autoMod ? null : 'The platform did not give AutoMod’s settings.' });
      return this.state;
    }
    return this.state;
  }

  /** Sets AutoMod's overall level (0: off, 4: the most filtering); every category follows it. */
  async setAutoModLevel(level: number): Promise<ChatRulesState> {
    const what = 'AutoMod level not changed';
    const id = this.channel.require(what);
    try {
      const answer = await this.options.api.request<{ data: HelixAutoModSettings[] }>({
        method: 'PUT',
        path: '/helix/moderation/automod/settings',
        query: { broadcaster_id: id, moderator_id: id },
        body: { overall_level: level },
      });
      if (this.channel.isCurrent(id)) {
        this.channel.changed();
        this.set({ ...this.state, autoMod: autoModOf(answer.data?.data?.[0]) ?? this.state.autoMod, error: null });
      }
    } catch (error) {
      throw refusalInWords(what, error);
    }
    return this.state;
  }

  async addBlockedTerm(text: string): Promise<ChatRulesState> {
    const what = 'Term not blocked';
    const id = this.channel.require(what);
    const wanted = text.trim();
    if (this.state.blockedTerms?.some((t) => t.text.toLowerCase() === wanted.toLowerCase())) throw new AppError('invalid_argument', `${what}: “${wanted}” is already blocked.`);
    let term: HelixBlockedTerm | undefined;
    try {
      const answer = await this.options.api.request<{ data: HelixBlockedTerm[] }>({
        method: 'POST',
        path: '/helix/moderation/blocked_terms',
        query: { broadcaster_id: id, moderator_id: id },
        body: { text: wanted },
        // Adding a term the channel already blocks answers it again: safe to send twice.
        retry: 'safe',
      });
      term = answer.data?.data?.[0];
    } catch (error) {
      throw refusalInWords(what, error);
    }
    if (this.channel.isCurrent(id) && term) {
      this.channel.changed();
      const added = termOf(term);
      // Not read yet: the list stays unread (one term is not the channel's list).
      if (this.state.blockedTerms) this.set({ ...this.state, blockedTerms: [added, ...this.state.blockedTerms.filter((t) => t.id !== added.id)] });
    }
    return this.state;
  }

  async removeBlockedTerm(termId: string): Promise<ChatRulesState> {
    const what = 'Term not unblocked';
    const id = this.channel.require(what);
    try {
      await this.options.api.request({ method: 'DELETE', path: '/helix/moderation/blocked_terms', query: { broadcaster_id: id, moderator_id: id, id: termId } });
    } catch (error) {
      throw refusalInWords(what, error);
    }
    if (this.channel.isCurrent(id)) {
      this.channel.changed();
      if (this.state.blockedTerms) this.set({ ...this.state, blockedTerms: this.state.blockedTerms.filter((t) => t.id !== termId) });
    }
    return this.state;
  }

  private async readTerms(query: Record<string, string>): Promise<BlockedTerm[]> {
    const terms: BlockedTerm[] = [];
    for await (const term of this.options.api.paginate<HelixBlockedTerm>('/helix/moderation/blocked_terms', { ...query, first: 100 })) {
      terms.push(termOf(term));
      if (terms.length >= maxTerms) break;
    }
    return terms.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  private set(state: ChatRulesState): void {
    this.channel.set(state);
  }
}

function autoModOf(s: HelixAutoModSettings | undefined): AutoModSettings | null {
  if (!s) return null;
  const level = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 4 ? n : 0);
  return {
    overallLevel: typeof s.overall_level === 'number' ? level(s.overall_level) : null,
    categories: {
      disability: level(s.disability),
      aggression: level(s.aggression),
      sexualitySexOrGender: level(s.sexuality_sex_or_gender),
      misogyny: level(s.misogyny),
      bullying: level(s.bullying),
      swearing: level(s.swearing),
      raceEthnicityOrReligion: level(s.race_ethnicity_or_religion),
      sexBasedTerms: level(s.sex_based_terms),
    },
  };
}

function termOf(t: HelixBlockedTerm): BlockedTerm {
  return { id: t.id, text: t.text, createdAt: t.created_at, expiresAt: t.expires_at || null };
}
