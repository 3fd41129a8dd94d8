/**
 * The quick-action key: one of the actions `GET /actions` lists (chosen in its inspector's dropdown),
 * pressed through `POST /actions/{action}`. Shield Mode and the chat modes show state 1 (red) while
 * on; the ad key counts down to the next break, or the one on air, as its title.
 */
import { quickActionFace, type KeyFace } from '../key-faces';
import type { SidestageLink } from '../sidestage-link';
import { SidestageAction, type InspectorOption, type JsonObject } from './sidestage-action';

export interface QuickActionSettings {
  action?: string;
}

/** The ad countdown moves every second while a key shows it. */
const TICK_MS = 1_000;

export class QuickAction extends SidestageAction<QuickActionSettings> {
  override readonly manifestId = 'com.sidestage.deck.quick-action';

  constructor(link: SidestageLink, now: () => number = Date.now) {
    super(link);
    this.now = now;
    setInterval(() => this.redrawAll(), TICK_MS).unref();
  }
  private readonly now: () => number;

  protected parseSettings(raw: JsonObject): QuickActionSettings {
    return typeof raw.action === 'string' && /^[A-Za-z]{1,40}$/.test(raw.action) ? { action: raw.action } : {};
  }

  protected face(settings: QuickActionSettings): KeyFace {
    return quickActionFace(settings.action, this.link.state, this.now());
  }

  protected async press(settings: QuickActionSettings): Promise<void> {
    if (!settings.action) throw new Error('Choose the quick action in the key’s settings.');
    const outcome = await this.link.api().press(settings.action);
    if (!outcome.done) throw new Error(outcome.message);
  }

  protected async options(): Promise<InspectorOption[]> {
    return (await this.link.api().actions()).map((action) => ({ value: action.id, label: action.label }));
  }
}
