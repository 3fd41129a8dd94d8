/**
 * The variable key: shows a variable's value as its title (pushed on the `variables` topic); pressed,
 * it adds its step to a number (`POST /variables/{name}` `{kind:'add', by}`), resets it, or only shows.
 */
import { variableFace, type KeyFace } from '../key-faces';
import { SidestageAction, type InspectorOption, type JsonObject } from './sidestage-action';

export interface VariableSettings {
  name?: string;
  press: 'show' | 'add' | 'reset';
  by: number;
}

export class VariableAction extends SidestageAction<VariableSettings> {
  override readonly manifestId = 'com.sidestage.deck.variable';

  protected parseSettings(raw: JsonObject): VariableSettings {
    const name = typeof raw.name === 'string' && /^[a-z][a-z0-9_]{0,31}$/.test(raw.name) ? raw.name : undefined;
    const press = raw.press === 'add' || raw.press === 'reset' ? raw.press : 'show';
    // The inspector's number field sends text.
    const by = Number(raw.by ?? 1);
    return { name, press, by: Number.isFinite(by) && by !== 0 ? by : 1 };
  }

  protected face(settings: VariableSettings): KeyFace {
    return variableFace(settings.name, settings.name ? this.link.variables.get(settings.name) : undefined);
  }

  protected async press(settings: VariableSettings): Promise<void> {
    if (!settings.name) throw new Error('Choose the variable in the key’s settings.');
    if (settings.press === 'show') return;
    const variable = await this.link.api().changeVariable(settings.name, settings.press === 'add' ? { kind: 'add', by: settings.by } : { kind: 'reset' });
    // Shown at once; the socket's push says the same a moment later.
    this.link.variables.set(variable.name, variable);
    this.redrawAll();
  }

  protected async options(): Promise<InspectorOption[]> {
    return (await this.link.api().variables()).map((variable) => ({ value: variable.name, label: `${variable.name} (${String(variable.value)})` }));
  }
}
