import { describe, expect, it } from 'vitest';
import { defaultAction, defaultStep, defaultTrigger, newAutomation } from '../../../../shared/domain/automation-defaults';
import { actionKindLabels, triggerKindLabels } from '../../../../shared/domain/automation-words';
import type { AutomationInput } from '../../../../shared/ipc/contract';
import { draftProblems, fieldsHint, moved, templateWarnings } from './automation-form-model';

const valid: AutomationInput = { ...newAutomation(), name: 'Thanks', trigger: { kind: 'follow' }, actions: [{ kind: 'chatMessage', text: 'Thanks {user}!' }] };

describe('the automation editor model', () => {
  it('a complete draft has no problems', () => {
    expect(draftProblems(valid)).toEqual([]);
  });

  it("names what is missing in the broadcaster's words", () => {
    expect(draftProblems(newAutomation())).toEqual(['Name: Name the automation.', 'Actions: Add at least one action.']);
    const noScene: AutomationInput = { ...valid, actions: [defaultAction('obsSwitchScene')] };
    expect(draftProblems(noScene)).toEqual(['Action 1 (OBS: switch scene): Choose one from OBS.']);
    expect(draftProblems({ ...valid, trigger: defaultTrigger('chatCommand') })).toContain('Trigger: name the command, like !discord.');
    expect(draftProblems({ ...valid, trigger: defaultTrigger('hotkey') })).toContain('Trigger: choose a shortcut.');
    expect(draftProblems({ ...valid, conditions: { ...valid.conditions, cooldownSeconds: Number.NaN } })[0]).toMatch(/^Conditions: /);
  });

  it('every trigger and action kind has a default the schema takes, but for what only the broadcaster can choose', () => {
    for (const kind of Object.keys(triggerKindLabels) as (keyof typeof triggerKindLabels)[]) {
      const problems = draftProblems({ ...valid, trigger: defaultTrigger(kind) });
      expect(problems.every((p) => p.startsWith('Trigger: ')), `${kind}: ${problems.join('; ')}`).toBe(true);
    }
    const choices = new Set(['obsSwitchScene', 'obsSourceVisibility', 'obsInputMute', 'obsSetText', 'chatMessage', 'chatAnnouncement', 'startEngagement', 'playSound', 'chatReply', 'setStreamInfo', 'runAutomation']);
    for (const kind of Object.keys(actionKindLabels) as (keyof typeof actionKindLabels)[]) {
      expect(draftProblems({ ...valid, actions: [defaultStep(kind)] }).length > 0, kind).toBe(choices.has(kind));
    }
  });

  it("warns about a placeholder the trigger's events do not fill", () => {
    expect(templateWarnings({ ...valid, actions: [{ kind: 'chatMessage', text: 'Thanks {user} for {bits}' }] })).toEqual(['Action 1: {bits} is not a field of this trigger; it stays as written.']);
    expect(fieldsHint({ kind: 'raid', minViewers: 0 })).toMatch(/^Fields: \{user\} \{login\} \{viewers\} \{amount\}\. Always: \{uptime\}/);
  });

  it('live fields and known variables are never warned about; an unknown variable and a nested step are', () => {
    const draft: AutomationInput = {
      ...valid,
      actions: [
        { kind: 'chatMessage', text: '{uptime} {followage} {random:a|b} {var.deaths}' },
        { kind: 'if', rules: [{ field: 'amount', op: 'atLeast', value: 1 }], then: [{ kind: 'chatMessage', text: '{var.nope}' }], else: [] },
      ],
    };
    expect(templateWarnings(draft, ['deaths'])).toEqual(['Action 2.1: {var.nope} is not a field of this trigger nor a variable; it stays as written.']);
  });

  it('moves an action up and down, not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
