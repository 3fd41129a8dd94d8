import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultAction, defaultTrigger, newAutomation } from '../../../../shared/domain/automation-defaults';
import type { AutomationInput } from '../../../../shared/ipc/contract';
import { draftProblems, phrasesFromText, templateWarnings } from './automation-form-model';
import { MoreActionFields, MoreTriggerFields } from './more-fields';

const noop = () => {};
const labels = (html: string) => [...html.matchAll(/<(?:label|legend)[^>]*>([^<]+)</g)].map((m) => m[1]);

describe("the editor's fields for issue 25's triggers and actions", () => {
  it('each new trigger has its labelled fields', () => {
    expect(labels(renderToStaticMarkup(<MoreTriggerFields trigger={defaultTrigger('firstMessage')} onChange={noop} />))).toEqual(['First message']);
    expect(labels(renderToStaticMarkup(<MoreTriggerFields trigger={{ kind: 'chatKeywords', phrases: ['gg', 'good game'] }} onChange={noop} />))).toEqual(['Words or phrases']);
    expect(renderToStaticMarkup(<MoreTriggerFields trigger={{ kind: 'chatKeywords', phrases: ['gg', 'good game'] }} onChange={noop} />)).toContain('value="gg, good game"');
    expect(labels(renderToStaticMarkup(<MoreTriggerFields trigger={defaultTrigger('channelUpdate')} onChange={noop} />))).toEqual(['When']);
    expect(labels(renderToStaticMarkup(<MoreTriggerFields trigger={defaultTrigger('obsEvent')} onChange={noop} />))).toEqual(['OBS event']);
    const moderator = renderToStaticMarkup(<MoreTriggerFields trigger={{ kind: 'moderatorActed', actions: ['ban'] }} onChange={noop} />);
    expect(moderator).toContain('Which actions (none ticked: any of them)');
    expect((moderator.match(/type="checkbox"/g) ?? []).length).toBe(4);
    expect((moderator.match(/checked=""/g) ?? []).length).toBe(1);
  });

  it('each new action has its labelled fields, and says its guard', () => {
    const timeout = renderToStaticMarkup(<MoreActionFields action={defaultAction('moderateUser')} hint="Fields: {user}" onChange={noop} />);
    expect(labels(timeout)).toEqual(['Do', 'To', 'For', 'Reason']);
    expect(timeout).toContain('Never you, a moderator or Sidestage&#x27;s bot');
    expect(labels(renderToStaticMarkup(<MoreActionFields action={{ kind: 'moderateUser', action: 'warn', seconds: 1, reason: '' }} hint="" onChange={noop} />))).toEqual(['Do', 'To', 'Reason (the viewer reads it)']);
    expect(labels(renderToStaticMarkup(<MoreActionFields action={defaultAction('chatReply')} hint="" onChange={noop} />))).toEqual(['Reply']);
    expect(labels(renderToStaticMarkup(<MoreActionFields action={{ kind: 'setStreamInfo', field: 'category', text: '' }} hint="" onChange={noop} />))).toEqual(['Set', 'Category name']);
    expect(labels(renderToStaticMarkup(<MoreActionFields action={defaultAction('runAutomation')} hint="" onChange={noop} />))).toEqual(['Automation']);
  });

  it('reads the phrases as typed, and says what is missing in words', () => {
    expect(phrasesFromText(' gg,  good   game ,, GG ,')).toEqual(['gg', 'good game']);
    const draft: AutomationInput = { ...newAutomation(), id: 'self', name: 'x', trigger: { kind: 'chatKeywords', phrases: [] }, actions: [defaultAction('runAutomation')] };
    expect(draftProblems(draft)).toEqual(expect.arrayContaining(['Trigger: Add at least one word or phrase.', 'Action 1 (Run another automation): choose the automation.']));
    expect(draftProblems({ ...draft, actions: [{ kind: 'runAutomation', automationId: 'self' }] })).toContain('Action 1 (Run another automation): an automation cannot run itself.');
    expect(draftProblems({ ...draft, trigger: { kind: 'follow' }, actions: [{ kind: 'clip' }], queueName: 'a/b' })).toEqual(['Options: A queue name has 1 to 40 letters, digits, spaces, - or _.']);
    expect(templateWarnings({ ...draft, trigger: { kind: 'follow' }, actions: [{ kind: 'chatReply', text: '{phrase}' }] })).toEqual(['Action 1: {phrase} is not a field of this trigger; it stays as written.']);
  });
});
