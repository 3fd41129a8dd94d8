/**
 * The control API's paired clients: each with its name, the scopes the broadcaster ticked and its
 * own token, of which only the SHA-256 hash is kept (`control-api.json` in the data directory, with
 * the API's port). A token is checked against the hashes in constant time; its last use is kept (at
 * most once a minute on disk); revoking a client refuses its token at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import { sameSecret } from '../common/constant-time';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { controlScopeSchema, type ControlScope } from './control-schemas';

export const controlFileName = 'control-api.json';

const pairedClientSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(60),
  scopes: z.array(controlScopeSchema),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  pairedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
type PairedClient = z.infer<typeof pairedClientSchema>;

/** The phone deck's choices, kept across restarts (whether it is on is not: it starts off). */
const phoneSettingsSchema = z.object({
  address: z.ipv4().nullable(),
  port: z.number().int().min(0).max(65535).nullable(),
  offAfterBroadcast: z.boolean(),
});
export type PhoneDeckSettings = z.infer<typeof phoneSettingsSchema>;
export const defaultPhoneSettings: PhoneDeckSettings = { address: null, port: null, offAfterBroadcast: true };

const savedControlSchema = z.object({ port: z.number().int().min(0).max(65535).nullable(), clients: z.array(z.unknown()), phone: z.unknown().optional() });
interface SavedControl {
  port: number | null;
  clients: PairedClient[];
  phone?: PhoneDeckSettings;
}

/** A paired client as the app lists it: never its token or hash. */
export interface ControlClientInfo {
  id: string;
  name: string;
  scopes: ControlScope[];
  pairedAt: string;
  lastUsedAt: string | null;
}

/** How often a client's last use is written (it is kept in memory at every request). */
const LAST_USE_WRITE_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export class ControlClients {
  private readonly changes = new Emitter<void>();
  private readonly written = new Map<string, number>();

  private constructor(
    private readonly file: AtomicJsonFile<SavedControl>,
    private saved: SavedControl,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly logger: Logger,
  ) {}

  /** Reads the file; a damaged one is set aside and named, a damaged client dropped alone. */
  static async open(options: { dataDir: string; logger: Logger; notices?: DataRecoveryNotices; clock?: Pick<Clock, 'now'> }): Promise<ControlClients> {
    const file = new AtomicJsonFile<SavedControl>(join(options.dataDir, controlFileName), { describeAll: 'the paired control clients (pair them again)' });
    const read = await file.read({ port: null, clients: [] }, (raw) => {
      const parsed = savedControlSchema.safeParse(raw);
      if (!parsed.success) return null;
      const { kept, dropped } = keepValid(parsed.data.clients, (item) => pairedClientSchema.parse(item));
      // A damaged phone deck choice is forgotten alone: the broadcaster chooses again.
      const phone = phoneSettingsSchema.safeParse(parsed.data.phone ?? defaultPhoneSettings).data ?? defaultPhoneSettings;
      return { value: { port: parsed.data.port, clients: kept, phone }, dropped, lost: dropped > 0 ? `${dropped} paired ${dropped === 1 ? 'client' : 'clients'} (pair again)` : undefined };
    });
    if (read.recovered) options.notices?.add({ ...read.recovered, done: 'Kept the rest; a client that is gone has to pair again' });
    return new ControlClients(file, read.value, options.clock ?? systemClock, options.logger);
  }

  get port(): number | null {
    return this.saved.port;
  }

  list(): ControlClientInfo[] {
    return this.saved.clients.map(({ tokenHash: _hash, ...info }) => ({ ...info, scopes: [...info.scopes] }));
  }

  onChange(listener: () => void): Disposer {
    return this.changes.on(listener);
  }

  /** Pairs a new client; answers its token, which is not kept (only its hash is). */
  async add(name: string, scopes: ControlScope[]): Promise<{ client: ControlClientInfo; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const client: PairedClient = { id: randomUUID(), name, scopes: [...new Set(scopes)], tokenHash: hashToken(token), pairedAt: new Date(this.clock.now()).toISOString(), lastUsedAt: null };
    await this.save({ ...this.saved, clients: [...this.saved.clients, client] });
    return { client: this.list().find((c) => c.id === client.id)!, token };
  }

  /** The client whose token this is, or null; its last use is now. */
  authenticate(token: string | null): ControlClientInfo | null {
    if (token === null || token.length > 200) return null;
    const hash = hashToken(token);
    const client = this.saved.clients.find((c) => sameSecret(hash, c.tokenHash));
    if (!client) return null;
    const now = this.clock.now();
    client.lastUsedAt = new Date(now).toISOString();
    if (now - (this.written.get(client.id) ?? -Infinity) >= LAST_USE_WRITE_MS) {
      this.written.set(client.id, now);
      this.save(this.saved).catch((error: unknown) => this.logger.warn('control API: a client’s last use was not saved', { reason: error instanceof Error ? error.message : String(error) }));
    }
    const { tokenHash: _hash, ...info } = client;
    return { ...info, scopes: [...info.scopes] };
  }

  /** Revokes a client: its token is refused from now on. False when there is no such client. */
  async revoke(id: string): Promise<boolean> {
    if (!this.saved.clients.some((c) => c.id === id)) return false;
    await this.save({ ...this.saved, clients: this.saved.clients.filter((c) => c.id !== id) });
    return true;
  }

  get phoneSettings(): PhoneDeckSettings {
    return { ...(this.saved.phone ?? defaultPhoneSettings) };
  }

  async setPhoneSettings(phone: PhoneDeckSettings): Promise<void> {
    await this.save({ ...this.saved, phone: { ...phone } });
  }

  async setPort(port: number): Promise<void> {
    if (this.saved.port === port) return;
    await this.save({ ...this.saved, port });
  }

  settled(): Promise<void> {
    return this.file.settled();
  }

  private async save(next: SavedControl): Promise<void> {
    this.saved = next;
    this.changes.fire();
    await this.file.write(next);
  }
}
