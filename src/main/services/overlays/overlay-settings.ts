/**
 * What the broadcaster set up for overlays, in `overlays.json`: each overlay's token (the secret
 * part of its URL), the alerts' settings, the goal bars, reduced motion and the chat overlay's options. A damaged part falls back
 * alone (an alert type to its defaults, a goal is dropped, a lost token is made anew and said so,
 * since that overlay's URL changes); the file is set aside and named.
 *
 * Versions: 1 had no variations and no speech per alert type, and no quiet refollows; read, each
 * type gets none of either (`migrateAlertType`), refollows are quiet (`migrateAlertOptions`). 2 had
 * no look per alert type or variation: read, each type gets today's look and each variation none of
 * its own (`migrateAlertStyle`), so nothing changes on screen. The file is written as version 3 at its next save.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultAlertType } from '../../../shared/domain/alert-template';
import {
  alertKinds,
  alertOptionsSchema,
  alertTypeSettingsSchema,
  chatOverlayOptionsSchema,
  defaultAlertStyle,
  goalConfigSchema,
  overlayKeySchema,
  type AlertKind,
  type AlertOptions,
  type AlertSettings,
  type AlertTypeSettings,
  type ChatOverlayOptions,
  type GoalConfig,
} from '../../../shared/ipc/schemas/overlays';
import { widgetIds } from '../../../shared/ipc/schemas/widgets';
import { AppError } from '../app-error';
import { AtomicJsonFile, isDiskFull, keepValid } from '../common/atomic-json-file';
import { sameSecret } from '../common/constant-time';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { customCssProblem } from './custom-css';

/** 32 random bytes, base64url: unguessable, and safe in a URL as it is. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const newOverlayToken = (): string => randomBytes(32).toString('base64url');

export const OVERLAYS_FILE_VERSION = 3;

export interface SavedOverlays {
  version: typeof OVERLAYS_FILE_VERSION;
  /** By overlay key (`alerts`, `goal/<id>`...). */
  tokens: Record<string, string>;
  alerts: AlertSettings;
  goals: GoalConfig[];
  reducedMotion: boolean;
  /** Absent in a file written before the chat overlay had options: the defaults. */
  chatOverlay: ChatOverlayOptions;
  /** Custom CSS by overlay key, each checked (`custom-css.ts`). */
  customCss: Record<string, string>;
}

export const defaultChatOverlayOptions: Readonly<ChatOverlayOptions> = Object.freeze({ hideOtherChannels: false, hideCommands: false, hideBot: false, fadeAfterSeconds: 0 });

const defaultAlertOptions: AlertOptions = { gapMs: 1_500, summaryAfter: 5, mutedRewardIds: [], quietRefollows: true };
export const fixedOverlayKeys = ['alerts', 'redemption', 'chat'] as const;

export function defaultSavedOverlays(): SavedOverlays {
  return {
    version: OVERLAYS_FILE_VERSION,
    tokens: {},
    alerts: { types: Object.fromEntries(alertKinds.map((kind) => [kind, defaultAlertType(kind)])) as Record<AlertKind, AlertTypeSettings>, options: defaultAlertOptions },
    goals: [{ id: 'charity', title: '', source: 'charity', counts: 'manual', current: 0, target: 100 }],
    reducedMotion: false,
    chatOverlay: { ...defaultChatOverlayOptions },
    customCss: {},
  };
}

/** The stream widgets' overlays (`stream-widgets.ts`), each its own link. */
export const widgetOverlayKeys = widgetIds.map((id) => `widget/${id}`);

/** Every overlay's key: the fixed ones, one per goal, and the widgets. */
export function overlayKeysOf(saved: SavedOverlays): string[] {
  return [...fixedOverlayKeys, ...saved.goals.map((g) => `goal/${g.id}`), ...widgetOverlayKeys];
}

/** An alert type as a version-1 file kept it: no variations, no speech; anything else is left for the schema to judge. */
export function migrateAlertType(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
  return { speak: false, variations: [], ...entry };
}

/** An alert type as a version-1 or 2 file kept it: today's look, and no look of its variations' own. */
export function migrateAlertStyle(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
  const variations = (entry as { variations?: unknown }).variations;
  return {
    style: { ...defaultAlertStyle },
    ...entry,
    ...(Array.isArray(variations) ? { variations: variations.map((v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { style: {}, ...v } : v)) } : {}),
  };
}

/** An alert type of any version as version 3 keeps it. */
function migratedAlertType(version: 1 | 2 | 3, entry: unknown): unknown {
  const v2 = version === 1 ? migrateAlertType(entry) : entry;
  return version < 3 ? migrateAlertStyle(v2) : v2;
}

/** The queue's options as a version-1 file kept them: refollows were alerted, now quiet by default. */
export function migrateAlertOptions(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
  return { quietRefollows: true, ...entry };
}

const fileSchema = z.object({
  version: z.union([z.literal(1), z.literal(2), z.literal(OVERLAYS_FILE_VERSION)]),
  tokens: z.record(z.string(), z.unknown()),
  alerts: z.object({ types: z.record(z.string(), z.unknown()), options: z.unknown() }),
  goals: z.array(z.unknown()),
  reducedMotion: z.boolean(),
  chatOverlay: z.unknown().optional(),
  customCss: z.record(z.string(), z.unknown()).optional(),
});

/** The usable part of a saved file, and how many parts had to be left out. */
function validate(raw: unknown): { value: SavedOverlays; dropped: number; tokensLost: number } | null {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return null;
  const defaults = defaultSavedOverlays();
  let dropped = 0;
  const types = { ...defaults.alerts.types };
  for (const kind of alertKinds) {
    const entry = parsed.data.alerts.types[kind];
    if (entry === undefined) continue;
    const type = alertTypeSettingsSchema.safeParse(migratedAlertType(parsed.data.version, entry));
    if (type.success) types[kind] = type.data;
    else dropped++;
  }
  const options = alertOptionsSchema.safeParse(parsed.data.version === 1 ? migrateAlertOptions(parsed.data.alerts.options) : parsed.data.alerts.options);
  if (!options.success) dropped++;
  const goals = keepValid(parsed.data.goals, (g) => goalConfigSchema.safeParse(g).data ?? null);
  dropped += goals.dropped;
  const tokens: Record<string, string> = {};
  let tokensLost = 0;
  for (const [key, token] of Object.entries(parsed.data.tokens)) {
    if (tokenSchema.safeParse(token).success) tokens[key] = token as string;
    else tokensLost++;
  }
  dropped += tokensLost;
  const chatOverlay = parsed.data.chatOverlay === undefined ? { success: true as const, data: { ...defaultChatOverlayOptions } } : chatOverlayOptionsSchema.safeParse(parsed.data.chatOverlay);
  if (!chatOverlay.success) dropped++;
  // Custom CSS is checked again as read: a file edited by hand cannot bring in what the editor refuses.
  const customCss: Record<string, string> = {};
  for (const [key, css] of Object.entries(parsed.data.customCss ?? {})) {
    if (typeof css === 'string' && overlayKeySchema.safeParse(key).success && customCssProblem(css) === null) customCss[key] = css;
    else dropped++;
  }
  return {
    value: {
      version: OVERLAYS_FILE_VERSION,
      tokens,
      alerts: { types, options: options.success ? options.data : defaults.alerts.options },
      goals: goals.kept,
      reducedMotion: parsed.data.reducedMotion,
      chatOverlay: chatOverlay.success ? chatOverlay.data : { ...defaultChatOverlayOptions },
      customCss,
    },
    dropped,
    tokensLost,
  };
}

export class OverlaySettings {
  private constructor(
    private readonly file: AtomicJsonFile<SavedOverlays>,
    private saved: SavedOverlays,
  ) {}

  static async open(options: { dataDir: string; logger: Logger; notices?: DataRecoveryNotices }): Promise<OverlaySettings> {
    const file = new AtomicJsonFile<SavedOverlays>(join(options.dataDir, 'overlays.json'), { describeAll: 'the overlays’ links and settings' });
    let tokensLost = 0;
    const read = await file.read(defaultSavedOverlays(), (raw) => {
      const result = validate(raw);
      if (!result) return null;
      tokensLost = result.tokensLost;
      return { value: result.value, dropped: result.dropped, lost: result.dropped ? `${result.dropped} settings` : null, kept: 'the other overlay settings' };
    });
    if (read.recovered) {
      const linksChanged = !read.existed || tokensLost > 0;
      options.notices?.add({
        ...read.recovered,
        done: read.existed ? 'Kept the overlay settings that could be read' : 'Started with the default overlay settings',
        consequence: linksChanged ? 'Overlay links have changed: copy them into OBS again (Overlays, Add to OBS or Copy).' : null,
      });
    }
    const settings = new OverlaySettings(file, read.value);
    // Every overlay has its token from the start; a new or lost one is saved now. Unsaved, the
    // tokens live in memory until the next change is saved: a start before that makes new ones,
    // and the links in OBS stop working.
    if (settings.fillTokens()) {
      await settings.save(settings.saved).catch((error: unknown) =>
        options.logger.warn(`overlays: could not save the new overlay links to ${file.name}; if nothing else is saved, they change at the next start`, {
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    return settings;
  }

  get(): SavedOverlays {
    return this.saved;
  }

  /** True when `presented` is the overlay's token (compared in constant time). */
  isToken(key: string, presented: string): boolean {
    const token = Object.hasOwn(this.saved.tokens, key) ? this.saved.tokens[key]! : null;
    return token !== null && sameSecret(presented, token);
  }

  tokenOf(key: string): string | null {
    return Object.hasOwn(this.saved.tokens, key) ? this.saved.tokens[key]! : null;
  }

  /**
   * Applies a change at once and saves it; resolves once it is on disk, or rejects with the reason
   * in words (the change stays: the next save writes it again).
   */
  update(change: (draft: SavedOverlays) => SavedOverlays): Promise<SavedOverlays> {
    const next = change(structuredClone(this.saved));
    this.fillTokens(next);
    this.saved = next;
    return this.save(next).then(() => this.saved);
  }

  async resetToken(key: string): Promise<void> {
    if (!overlayKeysOf(this.saved).includes(key)) throw new AppError('invalid_argument', 'There is no such overlay.');
    await this.update((draft) => ({ ...draft, tokens: { ...draft.tokens, [key]: newOverlayToken() } }));
  }

  /** Settles the last write (before a restart reads the file). */
  settled(): Promise<void> {
    return this.file.settled().catch(() => undefined);
  }

  private async save(next: SavedOverlays): Promise<void> {
    try {
      await this.file.write(next);
    } catch (error) {
      if (isDiskFull(error)) throw new AppError('unavailable', 'Your disk is full, so Sidestage could not save the overlay settings. Free some space and try again.');
      throw new AppError('unavailable', 'Sidestage could not save the overlay settings. Try again.');
    }
  }

  /** Gives every overlay a token and forgets the tokens of overlays gone; true when something changed. */
  private fillTokens(target: SavedOverlays = this.saved): boolean {
    let changed = false;
    const keys = overlayKeysOf(target);
    for (const key of keys) {
      if (!Object.hasOwn(target.tokens, key)) {
        target.tokens[key] = newOverlayToken();
        changed = true;
      }
    }
    for (const key of Object.keys(target.tokens)) {
      if (!keys.includes(key)) {
        delete target.tokens[key];
        changed = true;
      }
    }
    return changed;
  }
}
