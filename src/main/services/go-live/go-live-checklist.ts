/**
 * The go-live checklist: everything that must hold before the broadcaster presses "Start
 * streaming", each item with its state, its reason in words and its one-click fix where one exists
 * (the nine checks are in go-live-checks.ts). It re-checks itself only while open (on every change
 * of its inputs and every few seconds), and says "ready to go live" only when every required item
 * is ok.
 *
 * Plain Node; every dependency is a narrow interface of an existing service (go-live-ports.ts). The
 * stream key is compared by the OBS service and never reaches this one.
 */
import type { GoLiveFixAction, GoLiveItem, GoLiveState } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import { evaluateChecklist, type Reads } from './go-live-checks';
import type {
  GoLiveAuth,
  GoLiveChatSettings,
  GoLiveEvents,
  GoLiveHotkey,
  GoLiveIngest,
  GoLiveMarkers,
  GoLiveObs,
  GoLiveTestStream,
  StartPresetSetting,
} from './go-live-ports';

export type * from './go-live-ports';

export interface GoLiveChecklistOptions {
  auth: GoLiveAuth;
  ingest: GoLiveIngest;
  obs: GoLiveObs;
  /** Demo mode only: with OBS not connected, the test stream is accepted as the encoder. */
  testStream?: GoLiveTestStream | null;
  events: GoLiveEvents;
  markers: GoLiveMarkers;
  hotkey: GoLiveHotkey;
  chatSettings: GoLiveChatSettings;
  startPreset: StartPresetSetting;
  /** The scopes the enabled features need. */
  requiredScopes: readonly string[];
  /** The EventSub types the enabled features need. */
  requiredEventTypes: readonly string[];
  /** Dock mode: no global shortcuts can be registered. */
  dockMode: boolean;
  logger: Logger;
  clock?: Clock;
  /** Re-check period while open. Default 5 s. */
  recheckMs?: number;
  /**
   * How long a timed or change-driven check reuses OBS's stream target and output settings (the
   * comparison reads the stream key from the platform afresh). Default 30 s; an explicit check, an
   * OBS connection change and an ingest change read them again.
   */
  obsReadTtlMs?: number;
}

export class GoLiveChecklist {
  private readonly clock: Clock;
  private readonly recheckMs: number;
  private readonly obsReadTtlMs: number;
  private obsReads: { at: number; target: Reads['target']; output: Reads['output'] } | null = null;
  private forceObsRead = false;
  private lastObsStatus: string | null = null;
  private readonly changes = new Emitter<GoLiveState>();
  private readonly shows = new Emitter<void>();
  /** The inputs followed while open; a new set at every open. */
  private watching: Disposers | null = null;
  private open = false;
  private timer: unknown = null;
  private items: GoLiveItem[] = [];
  private checkedAt: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private disposed = false;

  constructor(private readonly options: GoLiveChecklistOptions) {
    this.clock = options.clock ?? systemClock;
    this.recheckMs = options.recheckMs ?? 5000;
    this.obsReadTtlMs = options.obsReadTtlMs ?? 30_000;
  }

  getState(): GoLiveState {
    const required = this.items.filter((item) => item.required);
    const blocking = required.filter((item) => item.state !== 'ok');
    const ready = this.checkedAt !== null && blocking.length === 0;
    return {
      open: this.open,
      ready,
      summary:
        this.checkedAt === null
          ? 'Not checked yet'
          : ready
            ? 'Ready to go live'
            : `Waiting on: ${blocking.map((item) => item.label).join(', ')}`,
      items: this.items,
      checkedAt: this.checkedAt === null ? null : new Date(this.checkedAt).toISOString(),
      checking: this.running !== null,
      startPresetId: this.options.startPreset.get(),
    };
  }

  onChange(listener: (state: GoLiveState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Asks the renderer to show the checklist's panel (the tray's entry); the panel opens it. */
  show(): void {
    this.shows.fire();
  }

  onShow(listener: () => void): Disposer {
    return this.shows.on(listener);
  }

  /** Opens the checklist: checks now, then on every input change and every few seconds until closed. */
  async openChecklist(): Promise<GoLiveState> {
    if (!this.open && !this.disposed) {
      this.open = true;
      const o = this.options;
      const recheck = () => this.requestCheck(false);
      this.lastObsStatus = o.obs.getState().status;
      const inputs = new Disposers();
      this.watching = inputs;
      inputs.add(o.auth.onChange(recheck));
      // Another server, key or account changes what OBS should hold.
      inputs.add(o.ingest.onChange(() => this.requestCheck(true)));
      // OBS's state changes every 2 s while live (health): only a connection change matters here.
      inputs.add(
        o.obs.onChange((state) => {
          if (state.status === this.lastObsStatus) return;
          this.lastObsStatus = state.status;
          this.requestCheck(true);
        }),
      );
      if (o.testStream) inputs.add(o.testStream.onChange(recheck));
      inputs.add(o.events.onStatusChange(recheck));
      inputs.add(o.markers.onChange(recheck));
      inputs.add(o.hotkey.onChange(recheck));
      inputs.add(o.chatSettings.onChange(recheck));
      this.timer = this.clock.setInterval(recheck, this.recheckMs);
    }
    return this.recheck();
  }

  closeChecklist(): GoLiveState {
    if (this.open) {
      this.open = false;
      this.stopWatching();
      this.emit();
    }
    return this.getState();
  }

  /** Checks now, reading OBS afresh; a check asked for while one runs makes one more run after it. */
  recheck(): Promise<GoLiveState> {
    return this.check(true);
  }

  private async check(forceObsRead: boolean): Promise<GoLiveState> {
    if (forceObsRead) this.forceObsRead = true;
    if (this.running) {
      this.again = true;
    } else {
      this.running = this.loop().finally(() => {
        this.running = null;
        this.emit();
      });
      this.emit();
    }
    await this.running;
    return this.getState();
  }

  async fix(action: GoLiveFixAction): Promise<GoLiveState> {
    const o = this.options;
    switch (action) {
      case 'signIn':
        await o.auth.signIn('loopback');
        break;
      case 'connectObs':
        await o.obs.connect();
        break;
      case 'probeIngest':
        await o.ingest.probe();
        break;
      case 'sendToObs': {
        // The item named what OBS holds now; pressing its fix is the broadcaster's confirmation.
        const result = await o.obs.sendStreamTarget(true);
        this.options.logger.info('go-live fix: stream target sent to OBS', { outcome: result.outcome });
        break;
      }
      case 'openObsPanel':
        // The renderer shows the panel; nothing changes in main.
        break;
      case 'applyChatPreset': {
        const presetId = o.startPreset.get();
        if (presetId === null) throw new AppError('invalid_argument', 'No chat preset is chosen for the start of a stream.');
        await o.chatSettings.applyPreset(presetId);
        break;
      }
    }
    return this.recheck();
  }

  async setStartPreset(presetId: string | null): Promise<GoLiveState> {
    if (presetId !== null && !this.options.chatSettings.getState().presets.some((p) => p.id === presetId)) {
      throw new AppError('invalid_argument', 'There is no chat preset with that name.');
    }
    this.options.startPreset.set(presetId);
    return this.recheck();
  }

  dispose(): void {
    this.disposed = true;
    this.open = false;
    this.stopWatching();
  }

  private stopWatching(): void {
    this.watching?.dispose();
    this.watching = null;
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
  }

  private requestCheck(forceObsRead: boolean): void {
    if (!this.open) return;
    this.check(forceObsRead).catch((error: unknown) => this.options.logger.warn('go-live check failed', { error: String(error) }));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const reads = await this.read();
      this.items = evaluateChecklist(this.options, reads);
      this.checkedAt = this.clock.now();
    } while (this.again && !this.disposed);
  }

  private async read(): Promise<Reads> {
    const o = this.options;
    const connected = o.obs.getState().status === 'connected';
    const force = this.forceObsRead;
    this.forceObsRead = false;
    if (!connected) this.obsReads = null;
    const cached = connected && !force && this.obsReads !== null && this.clock.now() - this.obsReads.at < this.obsReadTtlMs ? this.obsReads : null;
    const at = this.clock.now();
    const [overview, target, output] = await Promise.all([
      settle(o.ingest.getOverview()),
      cached ? cached.target : connected ? settle(o.obs.checkStreamTarget()) : Promise.resolve(null),
      cached ? cached.output : connected ? settle(o.obs.getOutputSettings()) : Promise.resolve(null),
    ]);
    if (connected && !cached) this.obsReads = { at, target, output };
    return { overview, target, output };
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}

async function settle<T>(promise: Promise<T>): Promise<T | { error: string }> {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof AppError ? error.message : 'an unexpected error' };
  }
}

