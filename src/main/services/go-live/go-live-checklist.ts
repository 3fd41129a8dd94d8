/**
 * The go-live checklist: everything that must hold before the broadcaster presses "Start
 * streaming", each item with its state, its reason in words and its one-click fix where one exists.
 * It re-checks itself only while open (on every change of its inputs and every few seconds), and
 * says "ready to go live" only when every required item is ok.
 *
 * Plain Node; every dependency is a narrow interface of an existing service. The stream key is
 * compared by the OBS service and never reaches this one.
 */
import type {
  AuthState,
  ChatSettingsState,
  EventsStatus,
  GoLiveFixAction,
  GoLiveItem,
  GoLiveState,
  IngestOverview,
  MarkersOverview,
  ObsOutputSettings,
  ObsSendResult,
  ObsState,
  ObsStreamTarget,
  TestStreamState,
} from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { formatAccelerator } from '../../../shared/domain/accelerator';
import type { Logger } from '../logger';
import { sameServer } from '../obs/obs-stream-target';
import { evaluateOutputSettings } from './output-advice';

type Listen<T> = (listener: (value: T) => void) => Disposer;

export interface GoLiveAuth {
  getState(): AuthState;
  onChange: Listen<AuthState>;
  signIn(flow: 'loopback'): Promise<unknown>;
}
export interface GoLiveIngest {
  getOverview(): Promise<IngestOverview>;
  probe(): Promise<IngestOverview>;
  onChange: Listen<IngestOverview>;
}
export interface GoLiveObs {
  getState(): ObsState;
  onChange: Listen<ObsState>;
  connect(): Promise<unknown>;
  checkStreamTarget(): Promise<ObsStreamTarget>;
  sendStreamTarget(overwrite: boolean): Promise<ObsSendResult>;
  getOutputSettings(): Promise<ObsOutputSettings>;
}
/** The demo's test stream (ffmpeg): the encoder when OBS is not connected. */
export interface GoLiveTestStream {
  getState(): TestStreamState;
  onChange: Listen<TestStreamState>;
}
export interface GoLiveEvents {
  getStatus(): EventsStatus;
  onStatusChange: Listen<EventsStatus>;
}
export interface GoLiveMarkers {
  getOverview(): MarkersOverview;
  onChange: Listen<MarkersOverview>;
}
/** The marker's global hotkey, one of the quick actions' (`QuickActionHotkeys.get('marker')`). */
export interface GoLiveHotkeyState {
  accelerator: string | null;
  registered: boolean;
  error: string | null;
}
export interface GoLiveHotkey {
  getState(): GoLiveHotkeyState;
  onChange: Listen<unknown>;
}
export interface GoLiveChatSettings {
  getState(): ChatSettingsState;
  onChange: Listen<ChatSettingsState>;
  applyPreset(presetId: string): Promise<unknown>;
}
export interface StartPresetSetting {
  get(): string | null;
  set(presetId: string | null): void;
}

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

const labels: Record<GoLiveItem['id'], string> = {
  signIn: 'Signed in',
  streamKey: 'Stream key',
  obsConnected: 'OBS connected',
  obsServer: 'Ingest server',
  obsOutput: 'OBS output settings',
  vodStorage: 'VOD storage',
  eventSub: 'Live events',
  markerHotkey: 'Marker hotkey',
  chatPreset: 'Chat preset for the start',
};

/** What the asynchronous reads gave (or why they failed), for one check. */
interface Reads {
  overview: IngestOverview | { error: string };
  target: ObsStreamTarget | { error: string } | null;
  output: ObsOutputSettings | { error: string } | null;
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
  private readonly inputs = new Disposers();
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
      this.inputs.add(o.auth.onChange(recheck));
      // Another server, key or account changes what OBS should hold.
      this.inputs.add(o.ingest.onChange(() => this.requestCheck(true)));
      // OBS's state changes every 2 s while live (health): only a connection change matters here.
      this.inputs.add(
        o.obs.onChange((state) => {
          if (state.status === this.lastObsStatus) return;
          this.lastObsStatus = state.status;
          this.requestCheck(true);
        }),
      );
      if (o.testStream) this.inputs.add(o.testStream.onChange(recheck));
      this.inputs.add(o.events.onStatusChange(recheck));
      this.inputs.add(o.markers.onChange(recheck));
      this.inputs.add(o.hotkey.onChange(recheck));
      this.inputs.add(o.chatSettings.onChange(recheck));
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
    this.inputs.dispose();
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
      this.items = this.evaluate(reads);
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

  private evaluate(reads: Reads): GoLiveItem[] {
    return [
      this.signInItem(),
      this.streamKeyItem(reads),
      this.obsConnectedItem(),
      this.obsServerItem(reads),
      this.obsOutputItem(reads),
      this.vodItem(),
      this.eventSubItem(),
      this.hotkeyItem(),
      this.chatPresetItem(),
    ];
  }

  private signInItem(): GoLiveItem {
    const auth = this.options.auth.getState();
    const fix = { action: 'signIn' as const, label: 'Sign in again' };
    if (auth.status === 'signedOut') return item('signIn', 'problem', 'Not signed in.', true, { ...fix, label: 'Sign in' });
    if (auth.status === 'signingIn') return item('signIn', 'unknown', 'Signing in…', true, null);
    if (auth.status === 'needsSignIn') return item('signIn', 'problem', `The sign-in needs renewing${auth.error ? `: ${auth.error}` : '.'}`, true, fix);
    const missing = this.options.requiredScopes.filter((scope) => !auth.scopes.includes(scope));
    if (missing.length > 0) return item('signIn', 'problem', `Signed in without permission for: ${missing.join(', ')}.`, true, fix);
    return item('signIn', 'ok', `Signed in as ${auth.account?.displayName ?? 'the broadcaster'} with every permission the features need.`, true, null);
  }

  private streamKeyItem(reads: Reads): GoLiveItem {
    const { overview, target } = reads;
    if ('error' in overview) return item('streamKey', 'unknown', `The ingest settings could not be read: ${overview.error}`, true, null);
    if (overview.streamKeyError) return item('streamKey', 'problem', `The stream key could not be fetched: ${overview.streamKeyError}`, true, null);
    if (!overview.maskedUrl) return item('streamKey', 'problem', 'The stream key has not been fetched (is an ingest server selected?).', true, null);
    const send = { action: 'sendToObs' as const, label: 'Send to OBS' };
    if (target === null && this.testStreamIsEncoder()) return item('streamKey', 'ok', 'The stream key is fetched; the test stream publishes with it.', true, null);
    if (target === null) return item('streamKey', 'unknown', 'The stream key is fetched; connect OBS to check the one it holds.', true, null);
    if ('error' in target) return item('streamKey', 'unknown', `OBS's stream settings could not be read: ${target.error}`, true, null);
    if (target.match === 'empty') return item('streamKey', 'problem', 'OBS has no stream key yet.', true, send);
    if (target.differences.some((d) => d.includes('stream key'))) {
      return item('streamKey', 'problem', `OBS holds ${target.differences.filter((d) => d.includes('stream key')).join(', ')}, not the current one.`, true, send);
    }
    if (target.obsService !== null && target.differences.some((d) => d.includes('instead of a custom server'))) {
      return item('streamKey', 'problem', `OBS uses ${target.differences[0]}; its key cannot be compared.`, true, send);
    }
    return item('streamKey', 'ok', 'The stream key is fetched and OBS holds the current one.', true, null);
  }

  /**
   * Demo mode with OBS not connected: the test stream (ffmpeg) is the encoder the checklist checks,
   * unless the broadcaster turned OBS on (then OBS not answering is the problem to tell) and no test
   * stream runs.
   */
  private testStreamIsEncoder(): boolean {
    const testStream = this.options.testStream?.getState();
    if (testStream?.available !== true) return false;
    const obs = this.options.obs.getState().status;
    if (obs === 'connected') return false;
    return obs === 'off' || testStream.status === 'starting' || testStream.status === 'publishing';
  }

  private obsConnectedItem(): GoLiveItem {
    const obs = this.options.obs.getState();
    if (obs.status === 'connected') return item('obsConnected', 'ok', `Connected to OBS${obs.obsVersion ? ` ${obs.obsVersion}` : ''}.`, true, null);
    if (this.testStreamIsEncoder()) {
      const encoder = { ...item('obsConnected', 'ok', '', true, null), label: 'Encoder' };
      const notConnected = obs.status === 'off' ? 'OBS is not connected' : obs.statusText;
      if (this.options.testStream!.getState().ffmpegInstalled === false) {
        return { ...encoder, state: 'problem', reason: `${notConnected}, and ffmpeg is not installed for a test stream: install it, or use OBS.`, fix: { action: 'connectObs', label: 'Connect to OBS' } };
      }
      return { ...encoder, reason: `${notConnected}: in demo mode the test stream (ffmpeg) is the encoder.` };
    }
    if (obs.status === 'connecting') return item('obsConnected', 'unknown', 'Connecting to OBS…', true, null);
    // A wrong password is corrected in the OBS panel; connecting again would fail the same way.
    const fix =
      obs.status === 'wrong-password'
        ? { action: 'openObsPanel' as const, label: 'Open the OBS panel' }
        : obs.status === 'too-old'
          ? null
          : { action: 'connectObs' as const, label: 'Connect to OBS' };
    return item('obsConnected', 'problem', obs.statusText, true, fix);
  }

  private obsServerItem(reads: Reads): GoLiveItem {
    const { overview, target } = reads;
    const send = { action: 'sendToObs' as const, label: 'Send the recommended server to OBS' };
    if (target === null && this.testStreamIsEncoder()) return this.testStreamServerItem(overview);
    if (target === null) return item('obsServer', 'unknown', 'Connect OBS to check its server.', true, null);
    if ('error' in target) return item('obsServer', 'unknown', `OBS's stream settings could not be read: ${target.error}`, true, null);
    if ('error' in overview) return item('obsServer', 'unknown', `The ingest directory could not be read: ${overview.error}`, true, null);
    if (!target.obsServer) return item('obsServer', 'problem', 'OBS has no server set.', true, send);
    if (target.obsService !== null && target.obsService !== 'rtmp_custom' && target.differences.some((d) => d.includes('instead of a custom server'))) {
      // OBS's own service list picks the server itself ("auto"): it cannot be checked against the directory.
      return item('obsServer', 'problem', `OBS uses its ${target.obsService} service (server "${target.obsServer}"), not one of the directory's servers by address.`, true, send);
    }
    const server = overview.servers.find((s) => sameServer(s.serverUrl, target.obsServer ?? ''));
    if (!server) return item('obsServer', 'problem', `OBS streams to ${target.obsServer}, which is not one of the platform's ingest servers.`, true, send);
    const probe = { action: 'probeIngest' as const, label: 'Test the servers' };
    if (server.probe.status === 'untested') return item('obsServer', 'unknown', `OBS streams to ${server.name}; its latency has not been tested.`, true, probe);
    if (server.probe.status === 'unreachable') {
      return item('obsServer', 'problem', `OBS streams to ${server.name}, which did not answer the latency test: ${server.probe.reason}`, true, send);
    }
    return item('obsServer', 'ok', `OBS streams to ${server.name}, reachable in ${Math.round(server.probe.medianMs)} ms.`, true, null);
  }

  /** The test stream publishes to the server selected in the Ingest panel: that one must be reachable. */
  private testStreamServerItem(overview: Reads['overview']): GoLiveItem {
    if ('error' in overview) return item('obsServer', 'unknown', `The ingest directory could not be read: ${overview.error}`, true, null);
    const id = overview.selectedId ?? overview.recommendedId;
    const server = overview.servers.find((s) => s.id === id);
    if (!server) return item('obsServer', 'problem', 'No ingest server is selected: choose one in the Ingest panel.', true, null);
    const probe = { action: 'probeIngest' as const, label: 'Test the servers' };
    if (server.probe.status === 'untested') return item('obsServer', 'unknown', `The test stream publishes to ${server.name}; its latency has not been tested.`, true, probe);
    if (server.probe.status === 'unreachable') return item('obsServer', 'problem', `The test stream publishes to ${server.name}, which did not answer the latency test: ${server.probe.reason}`, true, probe);
    return item('obsServer', 'ok', `The test stream publishes to ${server.name}, reachable in ${Math.round(server.probe.medianMs)} ms.`, true, null);
  }

  private obsOutputItem(reads: Reads): GoLiveItem {
    const { output } = reads;
    if (output === null && this.testStreamIsEncoder()) {
      return { ...item('obsOutput', 'not-applicable', `The test stream publishes ${this.options.testStream!.getState().profile}: within the platform’s recommendations.`, false, null), label: 'Output settings' };
    }
    if (output === null) return item('obsOutput', 'unknown', "Connect OBS to check its output settings.", false, null);
    if ('error' in output) return item('obsOutput', 'unknown', `OBS's output settings could not be read: ${output.error}`, false, null);
    const advice = evaluateOutputSettings(output);
    return item('obsOutput', advice.state, advice.reason, false, null);
  }

  private vodItem(): GoLiveItem {
    const last = this.options.markers.getOverview().lastResult;
    if (last && !last.ok && /VOD storage is off/i.test(last.message)) {
      return item('vodStorage', 'problem', 'VOD storage is off: markers need past broadcasts to be stored. Turn on "Store past broadcasts" in the channel’s settings.', false, null);
    }
    if (last?.ok) return item('vodStorage', 'ok', 'The last marker was created, so past broadcasts are stored.', false, null);
    // The platform has no read of this setting; it says so only when a marker is made on a live stream.
    return item('vodStorage', 'unknown', 'The platform tells whether past broadcasts are stored only when a marker is made while live; check "Store past broadcasts" in the channel’s settings.', false, null);
  }

  private eventSubItem(): GoLiveItem {
    const status = this.options.events.getStatus();
    if (status.state !== 'connected') {
      const why = status.error ?? (status.state === 'idle' ? 'not connected' : `${status.state}…`);
      return item('eventSub', status.state === 'connecting' || status.state === 'reconnecting' ? 'unknown' : 'problem', `Live events are not connected: ${why}`, true, null);
    }
    // Every subscription a feature asked for, plus the ones going live depends on even before any is asked for.
    const missing = this.options.requiredEventTypes.filter((type) => !status.subscriptions.some((s) => s.type === type));
    const waiting = status.subscriptions.filter((s) => s.status === 'pending').map((s) => s.type);
    const failing = status.subscriptions
      .filter((s) => s.status === 'failed' || s.status === 'revoked')
      .map((s) => `${s.type} (${s.status}${s.error ? `: ${s.error}` : ''})`);
    if (failing.length > 0) return item('eventSub', 'problem', `Subscriptions not working: ${failing.join(', ')}.`, true, null);
    if (missing.length + waiting.length > 0) return item('eventSub', 'unknown', `Waiting for subscriptions: ${[...missing, ...waiting].join(', ')}.`, true, null);
    return item('eventSub', 'ok', 'Live events are connected with every subscription the features need.', true, null);
  }

  private hotkeyItem(): GoLiveItem {
    if (this.options.dockMode) {
      return item('markerHotkey', 'not-applicable', 'The OBS dock cannot register global shortcuts: drop markers with the button or from the desktop app.', false, null);
    }
    const hotkey = this.options.hotkey.getState();
    const shortcut = hotkey.accelerator ? formatAccelerator(hotkey.accelerator, process.platform === 'darwin' ? 'mac' : 'other') : 'The marker hotkey';
    if (hotkey.registered) return item('markerHotkey', 'ok', `${shortcut} drops a marker.`, false, null);
    return item('markerHotkey', 'problem', `${shortcut} is not registered${hotkey.error ? `: ${hotkey.error}` : ''}; choose another in Settings.`, false, null);
  }

  private chatPresetItem(): GoLiveItem {
    const presetId = this.options.startPreset.get();
    if (presetId === null) return item('chatPreset', 'not-applicable', 'No chat preset is chosen for the start of a stream.', false, null);
    const chat = this.options.chatSettings.getState();
    const preset = chat.presets.find((p) => p.id === presetId);
    if (!preset) return item('chatPreset', 'problem', 'The chosen chat preset no longer exists: choose another.', false, null);
    const apply = { action: 'applyChatPreset' as const, label: `Apply “${preset.label}”` };
    if (chat.pendingRevert?.presetId === presetId) return item('chatPreset', 'ok', `“${preset.label}” is applied.`, false, null);
    if (chat.error) return item('chatPreset', 'unknown', `Chat settings could not be read: ${chat.error}`, false, apply);
    return item('chatPreset', 'problem', `“${preset.label}” (${preset.description}) is not applied yet.`, false, apply);
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}

function item(id: GoLiveItem['id'], state: GoLiveItem['state'], reason: string, required: boolean, fix: GoLiveItem['fix']): GoLiveItem {
  return { id, label: labels[id], state, reason, required, fix };
}

async function settle<T>(promise: Promise<T>): Promise<T | { error: string }> {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof AppError ? error.message : 'an unexpected error' };
  }
}

