/** The automation key: runs the automation chosen in its inspector (`POST /automations/{id}/run`) and shows OK. */
import type { KeyAction } from '@elgato/streamdeck';
import type { KeyFace } from '../key-faces';
import { SidestageAction, type InspectorOption, type JsonObject } from './sidestage-action';

export interface AutomationSettings {
  automationId?: string;
}

export class AutomationAction extends SidestageAction<AutomationSettings> {
  override readonly manifestId = 'com.sidestage.deck.automation';

  protected parseSettings(raw: JsonObject): AutomationSettings {
    return typeof raw.automationId === 'string' && raw.automationId.length > 0 && raw.automationId.length <= 100 ? { automationId: raw.automationId } : {};
  }

  protected face(): KeyFace {
    return { state: 0, title: null };
  }

  protected async press(settings: AutomationSettings, key: KeyAction): Promise<void> {
    if (!settings.automationId) throw new Error('Choose the automation in the key’s settings.');
    await this.link.api().runAutomation(settings.automationId);
    await key.showOk();
  }

  protected async options(): Promise<InspectorOption[]> {
    return (await this.link.api().automations()).map((automation) => ({ value: automation.id, label: automation.enabled ? automation.name : `${automation.name} (off)` }));
  }
}
