/**
 * The phone deck: off by default, and when the broadcaster turns it on, a second control server on
 * the ONE local network address they chose (never every interface) that serves the phone page
 * (`phone-page.ts`) beside the same `/api/v1`, tokens and scopes. A phone pairs from a one-time link
 * (`http://<address>:<port>/phone#pair=<code>`, shown as a QR code): the code is single use, lives
 * five minutes, and is exchanged for the phone's own token (a paired client named "Phone", revocable
 * like any). It turns itself off when the broadcast ends (an option, on by default). Its address,
 * port and option are kept in `control-api.json`; whether it is on is not (it starts off).
 */
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';
import type { Clock } from '../../../shared/primitives/clock';
import { systemClock } from '../../../shared/primitives/clock';
import { deckButtons } from '../../../shared/domain/deck-tiles';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { sameSecret } from '../common/constant-time';
import { background } from '../common/background';
import type { Logger } from '../logger';
import type { ControlClients } from './control-clients';
import type { ControlPairing } from './control-pairing';
import type { ControlDeckPorts } from './control-ports';
import type { ControlScope } from './control-schemas';
import { ControlServer, type ControlPorts } from './control-server';

/** What a phone may do: it is the broadcaster's own, held in their hand. */
export const phoneScopes: ControlScope[] = ['read', 'actions', 'moderation'];
const LINK_LIFETIME_MS = 5 * 60_000;
/** Wrong codes before the link shown is dropped (a code is 128 random bits: this bounds the noise, not a guess). */
const MAX_WRONG_CODES = 10;

export interface PhoneInterface {
  /** The interface's name (eth0, wlan0, lo). */
  name: string;
  address: string;
  /** The loopback address: only this computer can reach it (for a test, or a phone emulator). */
  loopback: boolean;
}

export interface PhoneDeckState {
  enabled: boolean;
  status: 'off' | 'starting' | 'on' | 'failed';
  /** Why it is not on, in words. */
  error: string | null;
  address: string | null;
  port: number | null;
  offAfterBroadcast: boolean;
  interfaces: PhoneInterface[];
  /** The pairing link shown now, with its QR code (a data: URL of an SVG), until it is used or expires. */
  link: { url: string; qrCode: string; expiresAt: string } | null;
}

/** The machine's IPv4 interfaces, the local network's first. */
export function ipv4Interfaces(): PhoneInterface[] {
  const found: PhoneInterface[] = [];
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    for (const entry of addresses ?? []) if (entry.family === 'IPv4' && entry.address !== '0.0.0.0') found.push({ name, address: entry.address, loopback: entry.internal });
  }
  return found.sort((a, b) => Number(a.loopback) - Number(b.loopback));
}

export interface PhoneDeckDeps {
  clients: ControlClients;
  pairing: ControlPairing;
  ports: ControlPorts;
  deck: ControlDeckPorts;
  logger: Logger;
  /** Whether the stream is live, to turn off once the broadcast ends. */
  stream: { getStatus(): { live: boolean }; onChange(listener: (status: { live: boolean }) => void): Disposer };
  /** The Live view as the broadcaster arranged it: the phone shows the tiles they chose. */
  liveView: { get(): { tileOrder: readonly string[]; hiddenTiles: readonly string[] } };
  interfaces?: () => PhoneInterface[];
  clock?: Pick<Clock, 'now'>;
}

export class PhoneDeck {
  private readonly server: ControlServer;
  private readonly changes = new Emitter<PhoneDeckState>();
  private readonly clock: Pick<Clock, 'now'>;
  private readonly following: Disposer;
  private enabled = false;
  private status: PhoneDeckState['status'] = 'off';
  private error: string | null = null;
  private link: { code: string; url: string; qrCode: string; expiresAt: number; wrong: number } | null = null;
  private wasLive: boolean;
  private expiry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: PhoneDeckDeps) {
    this.clock = deps.clock ?? systemClock;
    this.server = new ControlServer({ clients: deps.clients, pairing: deps.pairing, ports: deps.ports, deck: deps.deck, logger: deps.logger, phone: { claim: (code) => this.claim(code), buttons: () => deckButtons(deps.liveView.get()) } });
    this.wasLive = deps.stream.getStatus().live;
    this.following = deps.stream.onChange(({ live }) => {
      const ended = this.wasLive && !live;
      this.wasLive = live;
      if (ended && this.enabled && this.deps.clients.phoneSettings.offAfterBroadcast) {
        this.deps.logger.info('phone deck: the broadcast ended, so the phone deck is off');
        background(this.turnOff(), this.deps.logger, 'phone deck: turning off after the broadcast');
      }
    });
  }

  getState(): PhoneDeckState {
    const settings = this.deps.clients.phoneSettings;
    const link = this.link && this.link.expiresAt > this.clock.now() ? this.link : null;
    return {
      enabled: this.enabled,
      status: this.status,
      error: this.error,
      address: settings.address,
      port: this.server.port ?? settings.port,
      offAfterBroadcast: settings.offAfterBroadcast,
      interfaces: this.interfaces(),
      link: link ? { url: link.url, qrCode: link.qrCode, expiresAt: new Date(link.expiresAt).toISOString() } : null,
    };
  }

  onChange(listener: (state: PhoneDeckState) => void): Disposer {
    return this.changes.on(listener);
  }

  /**
   * Turns it on at `address` (one of the machine's IPv4 interfaces; the one chosen before when not
   * said) or off; `offAfterBroadcast` changes the option. A port that cannot be had is said, not thrown.
   */
  async set(change: { enabled: boolean; address?: string; offAfterBroadcast?: boolean }): Promise<PhoneDeckState> {
    const settings = this.deps.clients.phoneSettings;
    const address = change.address ?? settings.address;
    if (change.address !== undefined && !this.interfaces().some((i) => i.address === change.address)) {
      throw new AppError('invalid_argument', `This computer has no network interface with the address ${change.address}: choose one from the list.`);
    }
    await this.deps.clients.setPhoneSettings({ ...settings, address, offAfterBroadcast: change.offAfterBroadcast ?? settings.offAfterBroadcast });
    if (!change.enabled) return this.turnOff();
    if (address === null) throw new AppError('invalid_argument', 'Choose the network your phone is on first.');
    this.enabled = true;
    this.status = 'starting';
    this.error = null;
    this.changed();
    try {
      // The kept port, unless the address changed (another network: any free port).
      const port = await this.server.listen(settings.address === address ? (settings.port ?? 0) : 0, address);
      await this.deps.clients.setPhoneSettings({ ...this.deps.clients.phoneSettings, port });
      this.status = 'on';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      this.status = 'failed';
      this.enabled = false;
      this.error =
        code === 'EADDRINUSE'
          ? 'Its port is used by another program: turn the phone deck off and on again to take another.'
          : code === 'EADDRNOTAVAIL'
            ? `The address ${address} is not this computer's any more (another network?): choose the network again.`
            : `The phone deck could not start${code ? ` (${code})` : ''}.`;
      this.deps.logger.warn('phone deck: not serving', { address, reason: this.error });
    }
    this.changed();
    return this.getState();
  }

  /** A new one-time pairing link (the one shown before no longer pairs). */
  async newLink(): Promise<PhoneDeckState> {
    const origin = this.server.origin;
    if (this.status !== 'on' || origin === null) throw new AppError('unavailable', 'Turn the phone deck on first.');
    const code = randomBytes(16).toString('base64url');
    const url = `${origin}/phone#pair=${code}`;
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })).toString('base64')}`;
    this.link = { code, url, qrCode, expiresAt: this.clock.now() + LINK_LIFETIME_MS, wrong: 0 };
    this.armExpiry();
    this.changed();
    return this.getState();
  }

  async dispose(): Promise<void> {
    this.following();
    if (this.expiry) clearTimeout(this.expiry);
    await this.server.dispose();
    this.changes.dispose();
  }

  private async turnOff(): Promise<PhoneDeckState> {
    this.enabled = false;
    this.link = null;
    this.status = 'off';
    this.error = null;
    await this.server.stop().catch(() => undefined);
    this.changed();
    return this.getState();
  }

  /** The code from a phone's link: once, before it expires; answers the phone's new token. */
  private async claim(code: string): Promise<{ token: string; clientId: string; scopes: ControlScope[] } | null> {
    const link = this.link;
    if (!link || link.expiresAt <= this.clock.now()) return null;
    if (!sameSecret(code, link.code)) {
      if (++link.wrong >= MAX_WRONG_CODES) {
        this.link = null;
        this.changed();
      }
      return null;
    }
    this.link = null;
    const { client, token } = await this.deps.clients.add('Phone', phoneScopes);
    this.changed();
    return { token, clientId: client.id, scopes: client.scopes };
  }

  private interfaces(): PhoneInterface[] {
    return (this.deps.interfaces ?? ipv4Interfaces)();
  }

  private armExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = setTimeout(() => this.changed(), LINK_LIFETIME_MS + 50);
    this.expiry.unref();
  }

  private changed(): void {
    this.changes.fire(this.getState());
  }
}
