import { describe, expect, it } from 'vitest';
import { alertKinds } from '../ipc/schemas/overlays';
import { alertTemplateFields, alertTemplateProblem, defaultAlertTemplates, renderAlertTemplate, summaryText, tierName } from './alert-template';

describe('alert templates', () => {
  it('fills each field with its value and leaves an unknown one as typed', () => {
    expect(renderAlertTemplate('{user} cheered {bits} bits! {nope}', { user: 'PixelPal', bits: '1,000' })).toBe('PixelPal cheered 1,000 bits! {nope}');
  });

  it('does not read fields from the object prototype', () => {
    expect(renderAlertTemplate('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });

  it('keeps a value as text, braces included (it is never read as a template again)', () => {
    expect(renderAlertTemplate('{user} said {message}', { user: '{message}', message: '<b>{user}</b>' })).toBe('{message} said <b>{user}</b>');
  });

  it('names the fields a type lacks, and the ones it has', () => {
    expect(alertTemplateProblem('follow', '{user} followed with {bits} bits')).toBe('Follows have no {bits}. Use {user}.');
    expect(alertTemplateProblem('raid', '{raider} brings {viewers}')).toBeNull();
    // `{user}` is the person in every type, as in automations; the old names are still read.
    expect(alertTemplateProblem('raid', '{user} brings {viewers}')).toBeNull();
    expect(alertTemplateProblem('giftSubscriptions', '{user} and {gifter} gave {count}')).toBeNull();
    expect(alertTemplateProblem('cheer', '   ')).toBe('Write the alert’s text.');
    // The automations' placeholder rule: a name with digits is a placeholder too, so a typo shows.
    expect(alertTemplateProblem('follow', '{user} {user2} {user2}')).toBe('Follows have no {user2}. Use {user}.');
  });

  it('has a default text for every type that uses only its fields', () => {
    for (const kind of alertKinds) {
      expect(alertTemplateProblem(kind, defaultAlertTemplates[kind])).toBeNull();
      expect(alertTemplateFields[kind].length).toBeGreaterThan(0);
    }
  });

  it('words a backlog and the tiers', () => {
    expect(summaryText('follow', 40)).toBe('and 40 more follows');
    expect(summaryText('follow', 1)).toBe('and 1 more follow');
    expect(summaryText('hypeTrain', 2)).toBe('and 2 more hype train levels');
    expect(tierName('2000')).toBe('Tier 2');
    expect(tierName('prime')).toBe('Prime');
    expect(tierName('4000')).toBe('Tier 4000');
  });
});
