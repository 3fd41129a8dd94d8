/**
 * The simulated crowd: who the viewers are (the demo seed's, the few the simulation adds, and
 * made-up newcomers), and what the simulation believes about each (in chat, following, subscribed,
 * keeping quiet, voted), corrected by every answer of the emulator.
 */
import { SimulationApiError } from '../../../emulator/simulation-client';
import type { Logger } from '../logger';
import { asArray, describeFailure, refusalOf, type EmulatorHttp } from './emulator-http';
import { newcomerLogin } from './viewer-lines';

export interface Viewer {
  id: string;
  login: string;
}

export interface ViewerCrowdOptions {
  http: EmulatorHttp;
  broadcasterId: string;
  /** The demo seed's viewers (the broadcaster is never one). */
  viewers: readonly Viewer[];
  /** Viewers to create on the first start. */
  extraViewers: readonly { login: string; displayName: string }[];
  random: () => number;
  logger: Logger;
}

export class ViewerCrowd {
  private readonly pool: Viewer[];
  private extrasPending: readonly { login: string; displayName: string }[];
  /** Who the simulation believes is in chat (corrected by every answer). */
  readonly inChat = new Map<string, boolean>();
  /** Viewers known to follow, or to be subscribed (learnt from answers, 409s included). */
  readonly following = new Set<string>();
  readonly subscribed = new Set<string>();
  /** Viewers whose last chat message the chat modes dropped, until when they keep quiet. */
  readonly quietUntil = new Map<string, number>();
  /** Who has used their free vote on a poll, and who has predicted on a prediction, by its ID. */
  private readonly voted = new Map<string, Set<string>>();
  /** How many newcomers have been made up so far (their names follow from it). */
  private newcomers = 0;

  constructor(private readonly options: ViewerCrowdOptions) {
    this.pool = options.viewers.filter((v) => v.id !== options.broadcasterId);
    this.extrasPending = options.extraViewers;
  }

  get size(): number {
    return this.pool.length;
  }

  /** A viewer at random among those `allowed`; null when there is none. */
  pick(allowed: (viewer: Viewer) => boolean = () => true): Viewer | null {
    const pool = this.pool.filter(allowed);
    if (pool.length === 0) return null;
    return pool[Math.floor(this.options.random() * pool.length)] ?? null;
  }

  /** Who voted on (or predicted on) the poll or prediction `id`. */
  votersOf(id: string): Set<string> {
    let voters = this.voted.get(id);
    if (!voters) {
      voters = new Set();
      this.voted.set(id, voters);
    }
    return voters;
  }

  /** Creates the simulated viewers once; whatever fails, the seeded viewers still take part. */
  async addExtraViewers(): Promise<void> {
    if (this.extrasPending.length === 0) return;
    const wanted = this.extrasPending;
    this.extrasPending = [];
    const { http, broadcasterId } = this.options;
    try {
      const existing = new Map<string, string>();
      const state = await http.state().catch((error: unknown) => {
        // Refused: the users are created below (a login taken is refused there in turn).
        if (error instanceof SimulationApiError) return null;
        throw error;
      });
      for (const user of asArray(state?.users)) {
        const { id, login } = user as { id?: unknown; login?: unknown };
        if (typeof id === 'string' && typeof login === 'string') existing.set(login.toLowerCase(), id);
      }
      for (const viewer of wanted) {
        let id = existing.get(viewer.login);
        if (!id) {
          const created = await http.createUser({ login: viewer.login, display_name: viewer.displayName }).catch((error: unknown) => {
            if (error instanceof SimulationApiError) return null;
            throw error;
          });
          if (typeof created?.id === 'string') id = created.id;
        }
        if (id && id !== broadcasterId && !this.pool.some((v) => v.id === id)) {
          this.pool.push({ id, login: viewer.login });
          // A new account is not in chat; the seeded viewers' presence is learnt from answers.
          this.inChat.set(id, false);
        }
      }
    } catch (error) {
      this.options.logger.warn('viewer simulation: could not add simulated viewers', { error: describeFailure(error) });
    }
  }

  /** A made-up passer-by (deterministic names), who then stays in the crowd; null if none could be made. */
  async newcomer(): Promise<Viewer | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const login = newcomerLogin(this.newcomers++);
      const created = await this.options.http.createUser({ login }).catch(refusalOf);
      // 409 and the like: that name is taken; the next one is tried.
      if (created instanceof SimulationApiError || typeof created?.id !== 'string') continue;
      const viewer = { id: created.id, login };
      this.pool.push(viewer);
      this.inChat.set(viewer.id, false);
      return viewer;
    }
    return null;
  }
}
