/**
 * The channel's chat rules beside its chat settings: AutoMod's level (Get / Update AutoMod
 * Settings) and the blocked terms (Get / Add / Remove Blocked Term), read at sign-in, changed from
 * the Chat settings panel. The platform enforces both: a message with a blocked term never reaches
 * chat, and AutoMod holds what its level catches for the broadcaster to decide.
 */
import type { AutoModSettings, BlockedTerm, ChatRulesState } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { background } from '../common/background';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { Logger } from '../logger';

export interface ChatRulesServiceOptions {
  api: Pick<ApiClient, 'request' | 'paginate'>;
  broadcaster: BroadcasterSource;
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
  private state: ChatRulesState = unread;
  private readonly changes = new Emitter<ChatRulesState>();
  private broadcasterId: string | null = null;
  /** Counts changes made here: a read older than one of them is read again. */
  private revision = 0;
  private started = false;

  constructor(private readonly options: ChatRulesServiceOptions) {
    super();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.register(
      followCurrentBroadcaster(this.options.broadcaster, (change) => {
        if (change.id !== this.broadcasterId) {
          this.broadcasterId = change.id;
          this.revision++;
          this.set(unread);
        }
        if (change.id && change.canCallApi && (change.signedInNow || this.state.autoMod === null)) background(this.refresh(), this.options.logger, 'reading the chat rules');
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  getState(): ChatRulesState {
    return this.state;
  }

  onChange(listener: (state: ChatRulesState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Reads AutoMod's settings and the blocked terms; a failure is kept in the state, in words. */
  async refresh(): Promise<ChatRulesState> {
    const id = this.requireApi('Chat rules not read');
    const query = { broadcaster_id: id, moderator_id: id };
    for (let attempt = 0; attempt < 3; attempt++) {
      const revision = this.revision;
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
        if (id === this.broadcasterId) this.set({ ...this.state, error: refusalInWords('Chat rules not read', error).message });
        return this.state;
      }
      if (id !== this.broadcasterId) return this.state;
      if (revision !== this.revision) continue;
      this.set({ autoMod, blockedTerms, error: autoMod ? null : 'The platform did not give AutoMod’s settings.' });
      return this.state;
    }
    return this.state;
  }

  /** Sets AutoMod's overall level (0: off, 4: the most filtering); every category follows it. */
  async setAutoModLevel(level: number): Promise<ChatRulesState> {
    const what = 'AutoMod level not changed';
    const id = this.requireApi(what);
    try {
      const answer = await this.options.api.request<{ data: HelixAutoModSettings[] }>({
        method: 'PUT',
        path: '/helix/moderation/automod/settings',
        query: { broadcaster_id: id, moderator_id: id },
        body: { overall_level: level },
      });
      if (id === this.broadcasterId) {
        this.revision++;
        this.set({ ...this.state, autoMod: autoModOf(answer.data?.data?.[0]) ?? this.state.autoMod, error: null });
      }
    } catch (error) {
      throw refusalInWords(what, error);
    }
    return this.state;
  }

  async addBlockedTerm(text: string): Promise<ChatRulesState> {
    const what = 'Term not blocked';
    const id = this.requireApi(what);
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
    if (id === this.broadcasterId && term) {
      this.revision++;
      const added = termOf(term);
      this.set({ ...this.state, blockedTerms: [added, ...(this.state.blockedTerms ?? []).filter((t) => t.id !== added.id)] });
    }
    return this.state;
  }

  async removeBlockedTerm(termId: string): Promise<ChatRulesState> {
    const what = 'Term not unblocked';
    const id = this.requireApi(what);
    try {
      await this.options.api.request({ method: 'DELETE', path: '/helix/moderation/blocked_terms', query: { broadcaster_id: id, moderator_id: id, id: termId } });
    } catch (error) {
      throw refusalInWords(what, error);
    }
    if (id === this.broadcasterId) {
      this.revision++;
      this.set({ ...this.state, blockedTerms: (this.state.blockedTerms ?? []).filter((t) => t.id !== termId) });
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

  private requireApi(what: string): string {
    return requireSignedInBroadcaster(this.broadcasterId, this.options.broadcaster, what);
  }

  private set(state: ChatRulesState): void {
    this.state = state;
    this.changes.fire(state);
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
