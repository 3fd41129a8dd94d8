/**
 * The one holder of a per-channel state (Shield Mode, unban requests, ...): the state and its
 * emitter; it follows the current broadcaster (another account: back to `empty`; a sign-in, or a
 * state not read yet: read), reads again after an EventSub gap, and drops a read that is older
 * than a change (a live event, a write's answer, another account). The generation counter that
 * says "older" lives here only, and so does the one "sign in first" guard (`require`).
 */
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import { background } from './background';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterChange, type BroadcasterSource } from './current-broadcaster';

export interface ChannelStateOptions<T> {
  broadcaster: BroadcasterSource;
  /** The state of nobody's channel, and of a new broadcaster's before it is read. */
  empty: T;
  /** Whether `state` was read from the platform (false: read it at the next chance). */
  isRead: (state: T) => boolean;
  /** Reads the state for the current broadcaster (the service's refresh, which uses `begin`). */
  read: () => Promise<unknown>;
  /** What the read is, for the log when it fails in the background ("reading Shield Mode"). */
  reading: string;
  logger: Logger;
  /** EventSub's gaps: what changed meanwhile is read again. None: no gaps to follow. */
  gaps?: { onGap(listener: () => void): Disposer } | null;
  /**
   * Whether a completed sign-in reads again a state already read (the default: the moment to
   * reconcile with the platform); false: only a state not read yet is read then (the rewards list,
   * which the broadcaster reads again by hand).
   */
  readAgainOnSignIn?: boolean;
  /** Told when the broadcaster changes (after the state is back to `empty`), for what the service keeps beside it. */
  onBroadcaster?: (change: BroadcasterChange) => void;
}

/** A read that began: `current()` is false once the account changed or the state changed since. */
export interface ChannelRead {
  /** The broadcaster it reads for. */
  readonly broadcasterId: string;
  current(): boolean;
}

export class ChannelState<T> extends Disposable {
  private state: T;
  private readonly changes = new Emitter<T>();
  private id: string | null = null;
  /** Counts what changes the state (events, answers, another account): a read older than one of them is dropped. */
  private generation = 0;
  private started = false;

  constructor(private readonly options: ChannelStateOptions<T>) {
    super();
    this.state = options.empty;
  }

  /** Follows the current broadcaster (and the gaps); the service's listeners are registered before. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { broadcaster, gaps } = this.options;
    if (gaps) this.register(gaps.onGap(() => this.readInBackground()));
    this.register(
      followCurrentBroadcaster(broadcaster, (change) => {
        if (change.id !== this.id) {
          this.id = change.id;
          this.generation++;
          this.set(this.options.empty);
          this.options.onBroadcaster?.(change);
        }
        const readAgain = change.signedInNow && (this.options.readAgainOnSignIn ?? true);
        if (change.id && change.canCallApi && (readAgain || !this.options.isRead(this.state))) this.readInBackground();
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  get(): T {
    return this.state;
  }

  /** The broadcaster whose channel the state is of; null for nobody. */
  get broadcasterId(): string | null {
    return this.id;
  }

  onChange(listener: (state: T) => void): Disposer {
    return this.changes.on(listener);
  }

  set(state: T): void {
    this.state = state;
    this.changes.fire(state);
  }

  /** The state changed from the platform (an event, a write's answer): a read that began before it is older. */
  changed(): void {
    this.generation++;
  }

  /** Sets a state that changed from the platform: `changed()` and `set()`. */
  setChanged(state: T): void {
    this.generation++;
    this.set(state);
  }

  /**
   * The one "sign in first" guard: the broadcaster an API call is for, or a refusal led by what was
   * not done ("Shield Mode not read: sign in first.").
   */
  require(what: string): string {
    return requireSignedInBroadcaster(this.id, this.options.broadcaster, what);
  }

  /** Begins a read for the current broadcaster (refused, in words, when nobody is signed in). */
  begin(what: string): ChannelRead {
    const broadcasterId = this.require(what);
    const generation = this.generation;
    return { broadcasterId, current: () => generation === this.generation && broadcasterId === this.id };
  }

  /** Whether the broadcaster is still `broadcasterId` (a write's answer is kept only then). */
  isCurrent(broadcasterId: string): boolean {
    return broadcasterId === this.id;
  }

  private readInBackground(): void {
    if (!this.id || !this.options.broadcaster.canCallApi) return;
    background(this.options.read(), this.options.logger, this.options.reading);
  }
}
