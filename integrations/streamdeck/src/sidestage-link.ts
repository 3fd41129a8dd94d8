/**
 * The plugin's one link to Sidestage: where it listens and the token (the plugin's global settings),
 * pairing from the property inspector, and the live state every key shows, followed on the control
 * API's event socket (state, variables and alerts topics) and opened again, backing off, whenever it
 * drops. Keys read `state`, `variables` and `alerts` and listen to `onChange`; they never open
 * sockets of their own.
 */
import { z } from 'zod';
import { ControlApiError, SidestageApi, controlFrameSchema, type AlertsState, type AutomationVariable, type ControlState, type ControlTopic } from './sidestage-api';

/** What the plugin keeps in Stream Deck's global settings: the port Settings shows and this deck's token. */
export const globalSettingsSchema = z.object({
  port: z.number().int().min(1).max(65_535).optional(),
  token: z.string().min(1).optional(),
});
export type LinkSettings = z.infer<typeof globalSettingsSchema>;

export interface SettingsStore {
  load(): Promise<unknown>;
  save(settings: LinkSettings): Promise<void>;
}

export type PairingStatus =
  | { status: 'idle' }
  | { status: 'waiting'; code: string; expiresAt: string }
  | { status: 'paired' }
  | { status: 'failed'; message: string };

export interface LinkOptions {
  store: SettingsStore;
  /** How the deck is named in Sidestage's pairing request. */
  clientName: string;
  claimEveryMs?: number;
  /** The first wait before the event socket is opened again; it doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

const TOPICS: readonly ControlTopic[] = ['state', 'variables', 'alerts'];

export class SidestageLink {
  private settings: LinkSettings = {};
  private socket: ReturnType<SidestageApi['openEvents']> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectDelay: number;
  private pairingTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly pairingListeners = new Set<(status: PairingStatus) => void>();
  private disposed = false;
  /**
   * Whether the socket asks for its topics. A Sidestage from before the topics (state only) closes a
   * socket that sends anything with 1003: the link then follows the state alone.
   */
  private subscribing = true;
  /** The settings were changed here (port, pairing) since the link started. */
  private changedHere = false;

  /** null: not connected, or not read yet. */
  state: ControlState | null = null;
  readonly variables = new Map<string, AutomationVariable>();
  alerts: AlertsState | null = null;
  pairing: PairingStatus = { status: 'idle' };
  /** Why the link is down, in words; null while it is up. */
  problem: string | null = 'Not connected to Sidestage yet.';

  constructor(private readonly options: LinkOptions) {
    this.reconnectDelay = options.reconnectMs ?? 1_000;
  }

  /** Reads the global settings and, when paired, follows the state. */
  async start(): Promise<void> {
    const loaded = await this.options.store.load();
    // A port set in the inspector while they were being read is newer than what was read.
    if (!this.changedHere) this.apply(loaded);
  }

  /** The settings in force from now (read at the start, or changed here). */
  private apply(raw: unknown): void {
    const parsed = globalSettingsSchema.safeParse(raw ?? {});
    const next = parsed.success ? parsed.data : {};
    if (next.port === this.settings.port && next.token === this.settings.token) return;
    this.settings = next;
    this.follow();
  }

  get port(): number | null {
    return this.settings.port ?? null;
  }
  get paired(): boolean {
    return this.settings.token !== undefined;
  }

  /** A client for one request; throws in words when there is nothing to reach yet. */
  api(): SidestageApi {
    if (this.settings.port === undefined) throw new ControlApiError('Set the port Sidestage shows in Settings, Control API.', 0, 'no_port');
    if (this.settings.token === undefined) throw new ControlApiError('Pair this Stream Deck with Sidestage first (in the key’s settings).', 0, 'not_paired');
    return new SidestageApi(`http://127.0.0.1:${this.settings.port}`, this.settings.token);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  onPairing(listener: (status: PairingStatus) => void): () => void {
    this.pairingListeners.add(listener);
    return () => this.pairingListeners.delete(listener);
  }

  /** Sets the port (forgetting a token of another port) and saves it. */
  async setPort(port: number): Promise<void> {
    await this.change(port === this.settings.port ? { ...this.settings } : { port });
  }

  /** In force at once (a request right after sees it), then saved. */
  private async change(settings: LinkSettings): Promise<void> {
    this.changedHere = true;
    this.apply(settings);
    await this.options.store.save(settings);
  }

  /** Asks Sidestage to pair; the code to compare is in `pairing` until the broadcaster answers. */
  async pair(): Promise<void> {
    this.stopPairing();
    if (this.settings.port === undefined) return this.setPairing({ status: 'failed', message: 'Set the port Sidestage shows in Settings, Control API, then pair.' });
    const api = new SidestageApi(`http://127.0.0.1:${this.settings.port}`, null);
    try {
      const started = await api.pair(this.options.clientName);
      this.setPairing({ status: 'waiting', code: started.code, expiresAt: started.expiresAt });
      this.claimLater(api, started.requestId, started.claimSecret);
    } catch (error) {
      this.setPairing({ status: 'failed', message: messageOf(error) });
    }
  }

  /** Forgets the token (the broadcaster revokes it in Sidestage). */
  async unpair(): Promise<void> {
    await this.change(this.settings.port === undefined ? {} : { port: this.settings.port });
    this.setPairing({ status: 'idle' });
  }

  dispose(): void {
    this.disposed = true;
    this.stopPairing();
    this.closeSocket();
    this.listeners.clear();
  }

  private claimLater(api: SidestageApi, requestId: string, claimSecret: string): void {
    this.pairingTimer = setTimeout(() => {
      this.pairingTimer = null;
      api.claim(requestId, claimSecret).then(
        async (answer) => {
          if (this.disposed) return;
          if (answer.status === 'pending') return this.claimLater(api, requestId, claimSecret);
          await this.change({ port: this.settings.port, token: answer.token });
          this.setPairing({ status: 'paired' });
        },
        (error: unknown) => {
          const message = error instanceof ControlApiError && error.status === 403 ? 'The broadcaster declined the pairing in Sidestage.' : error instanceof ControlApiError && error.status === 404 ? 'The pairing request expired: pair again.' : messageOf(error);
          this.setPairing({ status: 'failed', message });
        },
      );
    }, this.options.claimEveryMs ?? 1_500);
  }

  private stopPairing(): void {
    if (this.pairingTimer) clearTimeout(this.pairingTimer);
    this.pairingTimer = null;
  }

  private setPairing(status: PairingStatus): void {
    this.pairing = status;
    for (const listener of this.pairingListeners) listener(status);
  }

  /** (Re)opens the event socket for the settings now in force. */
  private follow(): void {
    this.closeSocket();
    this.state = null;
    this.alerts = null;
    this.variables.clear();
    if (this.settings.port === undefined || this.settings.token === undefined) {
      this.setProblem(this.settings.port === undefined ? 'Set the port Sidestage shows in Settings, Control API.' : 'Pair this Stream Deck with Sidestage (in the key’s settings).');
      return;
    }
    this.connect();
  }

  private connect(): void {
    if (this.disposed) return;
    let api: SidestageApi;
    try {
      api = this.api();
    } catch (error) {
      return this.setProblem(messageOf(error));
    }
    const socket = api.openEvents(this.subscribing ? TOPICS : null);
    this.socket = socket;
    socket.on('message', (data) => {
      let json: unknown;
      try {
        json = JSON.parse(String(data));
      } catch {
        return;
      }
      const frame = controlFrameSchema.safeParse(json);
      if (!frame.success) return;
      this.reconnectDelay = this.options.reconnectMs ?? 1_000;
      if (frame.data.topic === 'state') {
        this.state = frame.data.state;
        if (frame.data.state.alerts) this.alerts = frame.data.state.alerts;
        for (const variable of frame.data.state.variables ?? []) this.variables.set(variable.name, variable);
      } else if (frame.data.topic === 'variables') this.variables.set(frame.data.variable.name, frame.data.variable);
      else if (frame.data.topic === 'alerts') this.alerts = frame.data.alerts;
      else return;
      this.problem = null;
      this.changed();
    });
    // A refused handshake (401: revoked) says so; anything else is retried.
    socket.on('unexpected-response', (_request, response) => {
      this.setProblem(response.statusCode === 401 ? 'Sidestage no longer knows this deck’s token: pair again.' : `Sidestage refused the event socket (${response.statusCode}).`);
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (this.problem === null) this.setProblem(`Lost Sidestage: ${error.message}`);
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (code === 1003 && this.subscribing) {
        this.subscribing = false;
        this.reconnectDelay = this.options.reconnectMs ?? 1_000;
        return this.connect();
      }
      if (code === 4401) this.setProblem('This deck was revoked in Sidestage: pair again.');
      else if (this.problem === null) this.setProblem('Lost Sidestage; trying again.');
      this.state = null;
      this.changed();
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.disposed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.maxReconnectMs ?? 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private closeSocket(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
    }
  }

  private setProblem(problem: string): void {
    this.problem = problem;
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
