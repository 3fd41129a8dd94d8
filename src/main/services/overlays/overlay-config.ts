/**
 * What the broadcaster sets up for overlays, checked before it is kept: each alert type (its
 * template and media), the queue's options, reduced motion, the chat overlay's options, the goal
 * bars and their counts. Each
 * change says what it touched (`OverlayConfigChange`), so that only the pages it concerns are sent
 * anything. The file itself is `overlay-settings.ts`.
 */
import { randomBytes } from 'node:crypto';
import { alertTemplateProblem } from '../../../shared/domain/alert-template';
import type { AlertKind, AlertOptions, AlertTypeSettings, ChatOverlayOptions, GoalConfig, SaveGoalArg } from '../../../shared/ipc/schemas/overlays';
import { mediaKindWords, visualMediaKinds, type MediaKind } from '../../../shared/ipc/schemas/media';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { MediaLibrary } from '../media/media-library';
import { customCssProblem } from './custom-css';
import { overlayKeysOf, type OverlaySettings, type SavedOverlays } from './overlay-settings';

/** What a change touched: the alerts' settings, the pages' motion, the chat overlay's options, these goal bars, or an overlay's custom CSS. */
export type OverlayConfigChange = { part: 'alerts' } | { part: 'motion' } | { part: 'chat' } | { part: 'goals'; ids: readonly string[] } | { part: 'style'; key: string };

export class OverlayConfig {
  private readonly changes = new Emitter<OverlayConfigChange>();

  constructor(
    readonly saved: OverlaySettings,
    private readonly media: MediaLibrary,
    private readonly logger: Logger,
  ) {}

  get(): SavedOverlays {
    return this.saved.get();
  }

  /** Fired as a change is made (before it is on disk: pages follow at once, a failed save is said). */
  onChange(listener: (change: OverlayConfigChange) => void): Disposer {
    return this.changes.on(listener);
  }

  async setAlertType(kind: AlertKind, changes: Partial<AlertTypeSettings>): Promise<void> {
    this.checkLook(kind, changes, '');
    for (const [index, variation] of (changes.variations ?? []).entries()) this.checkLook(kind, variation, `Variation ${index + 1}${variation.name ? ` (“${variation.name}”)` : ''}: `);
    await this.save({ part: 'alerts' }, (draft) => ({ ...draft, alerts: { ...draft.alerts, types: { ...draft.alerts.types, [kind]: { ...draft.alerts.types[kind], ...changes } } } }));
  }

  /** Refuses a template with an unknown field and media that is not in the library or not of its kind, in words. */
  private checkLook(kind: AlertKind, look: Partial<Pick<AlertTypeSettings, 'template' | 'imageId' | 'soundId'>>, prefix: string): void {
    if (look.template !== undefined) {
      const problem = alertTemplateProblem(kind, look.template);
      if (problem) throw new AppError('invalid_argument', `${prefix}${problem}`);
    }
    const slots: [string, string | null | undefined, readonly MediaKind[]][] = [
      ['image or video', look.imageId, visualMediaKinds],
      ['sound', look.soundId, ['sound']],
    ];
    for (const [field, id, wants] of slots) {
      if (id === undefined || id === null) continue;
      const item = this.media.get(id);
      if (!item) throw new AppError('invalid_argument', `${prefix}That ${field} is not in the media library any more.`);
      if (!wants.includes(item.kind)) throw new AppError('invalid_argument', `${prefix}“${item.name}” is ${mediaKindWords[item.kind]}, not ${field === 'sound' ? 'a sound' : 'an image or a video'}.`);
    }
  }

  async setAlertOptions(changes: Partial<AlertOptions>): Promise<void> {
    await this.save({ part: 'alerts' }, (draft) => ({ ...draft, alerts: { ...draft.alerts, options: { ...draft.alerts.options, ...changes } } }));
  }

  /** The chat overlay's options (hide commands, the bot, other channels; fade). */
  async setChatOptions(changes: Partial<ChatOverlayOptions>): Promise<void> {
    await this.save({ part: 'chat' }, (draft) => ({ ...draft, chatOverlay: { ...draft.chatOverlay, ...changes } }));
  }

  /** Keeps an overlay's custom CSS (empty: none), refused with the reason when it loads anything from elsewhere. */
  async setCustomCss(key: string, css: string): Promise<void> {
    if (!overlayKeysOf(this.saved.get()).includes(key)) throw new AppError('invalid_argument', 'There is no such overlay.');
    const problem = css.trim() === '' ? null : customCssProblem(css);
    if (problem) throw new AppError('invalid_argument', problem);
    await this.save({ part: 'style', key }, (draft) => {
      const customCss = { ...draft.customCss };
      if (css.trim() === '') delete customCss[key];
      else customCss[key] = css;
      return { ...draft, customCss };
    });
  }

  async setReducedMotion(reducedMotion: boolean): Promise<void> {
    await this.save({ part: 'motion' }, (draft) => ({ ...draft, reducedMotion }));
  }

  async saveGoal(arg: SaveGoalArg): Promise<void> {
    const saved = this.saved.get();
    if (arg.id !== undefined && !saved.goals.some((g) => g.id === arg.id)) throw new AppError('invalid_argument', 'That goal is not there any more.');
    if (arg.id === undefined && saved.goals.length >= 20) throw new AppError('invalid_argument', 'Sidestage keeps at most 20 goal bars: remove one first.');
    const id = arg.id ?? randomBytes(6).toString('hex');
    await this.save({ part: 'goals', ids: [id] }, (draft) => {
      const before = draft.goals.find((g) => g.id === id);
      const goal: GoalConfig = {
        id,
        title: arg.title.trim(),
        source: arg.source,
        counts: arg.counts ?? before?.counts ?? 'manual',
        // Counting starts over when what is counted changes.
        current: before && (arg.counts ?? before.counts) === before.counts && arg.source === before.source ? before.current : 0,
        target: arg.target ?? before?.target ?? 100,
      };
      return { ...draft, goals: before ? draft.goals.map((g) => (g.id === id ? goal : g)) : [...draft.goals, goal] };
    });
  }

  async removeGoal(id: string): Promise<void> {
    if (!this.saved.get().goals.some((g) => g.id === id)) throw new AppError('invalid_argument', 'That goal is not there any more.');
    await this.save({ part: 'goals', ids: [] }, (draft) => ({ ...draft, goals: draft.goals.filter((g) => g.id !== id) }));
  }

  async adjustGoal(id: string, current: number): Promise<void> {
    const goal = this.saved.get().goals.find((g) => g.id === id);
    if (!goal) throw new AppError('invalid_argument', 'That goal is not there any more.');
    if (goal.source !== 'custom') throw new AppError('invalid_argument', 'Only your own goals are moved by hand; the others follow the platform.');
    await this.save({ part: 'goals', ids: [id] }, (draft) => ({ ...draft, goals: draft.goals.map((g) => (g.id === id ? { ...g, current } : g)) }));
  }

  /** Moves the goal bars an event counted for (by goal id: how much); a failed save is logged, the bars move anyway. */
  countForGoals(moves: ReadonlyMap<string, number>): void {
    if (moves.size === 0) return;
    this.saved
      .update((draft) => ({ ...draft, goals: draft.goals.map((g) => (moves.has(g.id) ? { ...g, current: Math.min(1_000_000_000, g.current + moves.get(g.id)!) } : g)) }))
      .catch((error: unknown) => this.logger.warn('overlays: a goal’s count was not saved', { reason: error instanceof Error ? error.message : String(error) }));
    this.changes.fire({ part: 'goals', ids: [...moves.keys()] });
  }

  private async save(change: OverlayConfigChange, edit: (draft: SavedOverlays) => SavedOverlays): Promise<void> {
    const saving = this.saved.update(edit);
    this.changes.fire(change);
    await saving;
  }
}
