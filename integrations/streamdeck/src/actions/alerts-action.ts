/**
 * The alerts key: the alert queue's count as its title, state 1 (red) while alerts are paused;
 * pressed, it pauses or resumes them (`POST /alerts/pause`) or skips the one showing (`POST /alerts/skip`).
 */
import { alertsFace, type KeyFace } from '../key-faces';
import { SidestageAction, type InspectorOption, type JsonObject } from './sidestage-action';

export interface AlertsSettings {
  press: 'pause' | 'skip';
}

export class AlertsAction extends SidestageAction<AlertsSettings> {
  override readonly manifestId = 'com.sidestage.deck.alerts';

  protected parseSettings(raw: JsonObject): AlertsSettings {
    return { press: raw.press === 'skip' ? 'skip' : 'pause' };
  }

  protected face(): KeyFace {
    return alertsFace(this.link.alerts);
  }

  protected async press(settings: AlertsSettings): Promise<void> {
    const api = this.link.api();
    if (settings.press === 'skip') return api.skipAlert();
    await api.pauseAlerts(!(this.link.alerts?.paused ?? false));
  }

  protected options(): Promise<InspectorOption[]> {
    return Promise.resolve([
      { value: 'pause', label: 'Pause or resume alerts' },
      { value: 'skip', label: 'Skip the alert showing' },
    ]);
  }
}
