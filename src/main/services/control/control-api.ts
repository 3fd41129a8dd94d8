/**
 * The control API as a feature: its paired clients (`control-clients.ts`), its pairing requests
 * (`control-pairing.ts`) and its server (`control-server.ts`) on a port kept across restarts (in
 * `control-api.json`), with what the app's Settings shows and does (approve, deny, revoke). The
 * quick actions and the state come in as ports, built from the services by `controlPortsFrom`.
 */
import type { ControlApiState, HotkeyAction } from '../../../shared/ipc/contract';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import type { AdsService } from '../ads/ads-service';
import type { ChatSettingsService } from '../chat-settings/chat-settings-service';
import type { QuickActionHotkeys } from '../hotkeys/quick-action-hotkeys';
import type { ShieldModeService } from '../moderation/shield-mode-service';
import type { StreamStatusService } from '../stream-status/stream-status-service';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { AutomationsService } from '../automations/automations-service';
import { ObsSceneControl } from '../obs/obs-scene-control';
import type { ObsRequests } from '../obs/obs-service';
import type { AlertQueue } from '../overlays/alert-queue';
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { ControlClients } from './control-clients';
import { ControlPairing, type PairingLimits } from './control-pairing';
import type { ControlAlertsState, ControlDeckPorts } from './control-ports';
import type { ControlScope, ControlState } from './control-schemas';
import { ControlServer, type ControlPorts } from './control-server';
import { PhoneDeck, type PhoneDeckDeps } from './phone-deck';

export interface ControlApiDeps {
  dataDir: string;
  logger: Logger;
  notices?: DataRecoveryNotices;
  ports: ControlPorts;
  /** The automations, variables, alert queue, OBS scenes and channel events. */
  deck: ControlDeckPorts;
  /** Whether the stream is live: the phone deck turns off once the broadcast ends. */
  stream: PhoneDeckDeps['stream'];
  /** The Live view's arrangement: the phone deck shows the tiles chosen there. */
  liveView: PhoneDeckDeps['liveView'];
  /** The machine's IPv4 interfaces (a test's own). */
  interfaces?: PhoneDeckDeps['interfaces'];
  clock?: Pick<Clock, 'now'>;
  pairingLimits?: Partial<PairingLimits>;
}

export class ControlApi {
  private readonly server: ControlServer;
  private readonly pairing: ControlPairing;
  readonly phone: PhoneDeck;
  private readonly changes = new Emitter<ControlApiState>();
  private readonly running = new Disposers();
  private status: Pick<ControlApiState, 'status' | 'error'> = { status: 'stopped', error: null };

  /** From its paired clients, read by `ControlClients.open`; `start` listens. */
  constructor(
    private readonly clients: ControlClients,
    private readonly deps: ControlApiDeps,
  ) {
    this.pairing = new ControlPairing(deps.clock, deps.pairingLimits);
    this.server = new ControlServer({ clients, pairing: this.pairing, ports: deps.ports, deck: deps.deck, logger: deps.logger });
    this.phone = new PhoneDeck({ clients, pairing: this.pairing, ports: deps.ports, deck: deps.deck, logger: deps.logger, stream: deps.stream, liveView: deps.liveView, interfaces: deps.interfaces, clock: deps.clock });
    this.running.add(this.phone.onChange(() => this.changed()));
    this.running.add(clients.onChange(() => this.changed()));
    this.running.add(this.pairing.onChange(() => this.changed()));
  }

  /** Reads its file (a damaged one set aside and named) and builds it; `start` listens. */
  static async open(deps: ControlApiDeps): Promise<ControlApi> {
    return new ControlApi(await ControlClients.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices, clock: deps.clock }), deps);
  }

  /** Listens on the kept port (the first time a free one, kept from then on). A port in use is said, not thrown. */
  async start(): Promise<void> {
    const port = this.clients.port;
    this.status = { status: 'starting', error: null };
    this.changed();
    try {
      const listening = await this.server.listen(port ?? 0);
      this.status = { status: 'running', error: null };
      await this.clients.setPort(listening).catch((error: unknown) => this.deps.logger.warn('control API: the port was not saved', { reason: error instanceof Error ? error.message : String(error) }));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      const reason = code === 'EADDRINUSE' ? `Port ${port} is used by another program, so the control API is off. Close that program and restart Sidestage.` : `The control API could not start${code ? ` (${code})` : ''}.`;
      this.deps.logger.warn('control API: not serving', { port, reason });
      this.status = { status: 'failed', error: reason };
    }
    this.changed();
  }

  async dispose(): Promise<void> {
    this.running.dispose();
    await this.phone.dispose();
    await this.server.dispose();
    await this.clients.settled().catch(() => undefined);
    this.changes.dispose();
  }

  getState(): ControlApiState {
    return { ...this.status, port: this.server.port ?? this.clients.port, origin: this.server.origin, requests: this.pairing.list(), clients: this.clients.list(), phone: this.phone.getState() };
  }

  async setPhone(change: { enabled: boolean; address?: string; offAfterBroadcast?: boolean }): Promise<ControlApiState> {
    await this.phone.set(change);
    return this.getState();
  }

  async newPhoneLink(): Promise<ControlApiState> {
    await this.phone.newLink();
    return this.getState();
  }

  onChange(listener: (state: ControlApiState) => void): Disposer {
    return this.changes.on(listener);
  }

  approve(id: string, scopes: ControlScope[]): ControlApiState {
    if (!this.pairing.approve(id, scopes)) throw new AppError('invalid_argument', 'That pairing request is gone (it expired or was answered); ask the client to pair again.');
    return this.getState();
  }

  deny(id: string): ControlApiState {
    if (!this.pairing.deny(id)) throw new AppError('invalid_argument', 'That pairing request is gone (it expired or was answered).');
    return this.getState();
  }

  async revoke(id: string): Promise<ControlApiState> {
    if (!(await this.clients.revoke(id))) throw new AppError('invalid_argument', 'There is no such paired client.');
    return this.getState();
  }

  private changed(): void {
    this.changes.fire(this.getState());
  }
}

/** The parts of the services the control API reads and presses. */
export interface ControlSources {
  hotkeys: Pick<QuickActionHotkeys, 'run' | 'labelOf'>;
  stream: Pick<StreamStatusService, 'getStatus' | 'onChange'>;
  chatSettings: Pick<ChatSettingsService, 'getState' | 'onChange'>;
  ads: Pick<AdsService, 'getState' | 'onChange'>;
  shieldMode: Pick<ShieldModeService, 'getState' | 'onChange'> | null;
  broadcaster: Pick<BroadcasterSource, 'id' | 'onChange'>;
  alerts: Pick<ControlDeckPorts['alerts'], 'getState' | 'onChange'>;
}

/** The control API's ports from the services: the quick actions as their hotkeys run them, the state a deck shows. */
export function controlPortsFrom(sources: ControlSources): ControlPorts {
  return {
    runAction: (action: HotkeyAction) => sources.hotkeys.run(action),
    actionLabel: (action: HotkeyAction) => sources.hotkeys.labelOf(action),
    readState: (): ControlState => {
      const stream = sources.stream.getStatus();
      const values = sources.chatSettings.getState().values;
      const ads = sources.ads.getState();
      const shield = sources.shieldMode?.getState() ?? null;
      return {
        signedIn: sources.broadcaster.id !== null,
        live: stream.live,
        startedAt: stream.startedAt,
        viewers: stream.viewerCount,
        shieldMode: shield?.known ? shield.active : null,
        chatModes: values ? { slowMode: values.slowMode, followerMode: values.followerMode, subscriberMode: values.subscriberMode, emoteMode: values.emoteMode } : null,
        nextAdAt: ads.schedule?.nextAdAt ?? null,
        adEndsAt: ads.running?.endsAt ?? null,
        alerts: sources.alerts.getState(),
      };
    },
    onStateChange: (listener) => {
      const all = new Disposers();
      all.add(sources.stream.onChange(() => listener()));
      all.add(sources.chatSettings.onChange(() => listener()));
      all.add(sources.ads.onChange(() => listener()));
      if (sources.shieldMode) all.add(sources.shieldMode.onChange(() => listener()));
      all.add(sources.broadcaster.onChange(() => listener()));
      all.add(sources.alerts.onChange(() => listener()));
      return all.dispose;
    },
  };
}

/** The parts of the services the deck endpoints and topics reach. */
export interface ControlDeckSources {
  /** Null: automations are off, `automationsProblem` says why. */
  automations: Pick<AutomationsService, 'getState' | 'onChange' | 'runFrom'> | null;
  automationsProblem: () => string;
  variables: AutomationVariablesPort | null;
  alertQueue: Pick<AlertQueue, 'getState' | 'onChange' | 'pause' | 'resume' | 'skip'>;
  obs: ObsRequests;
  channelEvents: ControlDeckPorts['channelEvents'];
}

/** The deck ports from the services: a manual run logged as from the control API, the alert queue as a deck shows it, OBS's scenes. */
export function controlDeckPortsFrom(sources: ControlDeckSources): ControlDeckPorts {
  const scenes = new ObsSceneControl(sources.obs);
  const { automations, alertQueue } = sources;
  const alertsState = (): ControlAlertsState => {
    const state = alertQueue.getState();
    return { paused: state.pausedByHand, waiting: state.waitingCount };
  };
  return {
    automations: {
      list: () => automations?.getState().automations.map(({ id, name, enabled }) => ({ id, name, enabled })) ?? null,
      problem: sources.automationsProblem,
      run: (id, press) => {
        if (!automations) throw new AppError('unavailable', sources.automationsProblem());
        return automations.runFrom(id, { key: press.key, summary: `Control API: ${press.clientName}` });
      },
      onChange: (listener) => automations?.onChange(() => listener()) ?? (() => {}),
    },
    variables: sources.variables,
    alerts: {
      getState: alertsState,
      setPaused: (paused) => void (paused ? alertQueue.pause() : alertQueue.resume()),
      skip: () => void alertQueue.skip(),
      onChange: (listener) => alertQueue.onChange(() => listener()),
    },
    obs: {
      scenes: async () => {
        const [list, current] = await Promise.all([scenes.listSceneNames(), scenes.currentScene()]);
        return { current, scenes: list };
      },
      switchScene: async (name) => {
        await scenes.switchScene(name);
      },
    },
    channelEvents: sources.channelEvents,
  };
}
