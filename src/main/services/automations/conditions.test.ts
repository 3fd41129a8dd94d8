import { describe, expect, it } from 'vitest';
import { automation, events, viewer } from '../../test-support/automation-fixtures';
import { Cooldowns, ruleRefusal, rulesRefusal } from './conditions';
import { ownEvent, triggerEventFor } from './triggers';

const cheer = triggerEventFor({ kind: 'cheer', minBits: 1 }, events.cheer(150))!;
const command = triggerEventFor({ kind: 'chatCommand', command: '!hi', minRole: 'everyone' }, events.chat('!hi Hello There', { roles: { vip: true } }))!;
const sub = triggerEventFor({ kind: 'subscription', tiers: [], includeGifted: true }, { id: 's', at: '', source: 'live', kind: 'subscription', user: viewer(2), tier: '2000', isGift: false })!;
const timer = ownEvent('t', 'timer', 'timer', 'live');

describe('condition rules', () => {
  it('amount: at least, at most, equals', () => {
    expect(ruleRefusal({ field: 'amount', op: 'atLeast', value: 150 }, cheer)).toBeNull();
    expect(ruleRefusal({ field: 'amount', op: 'atLeast', value: 151 }, cheer)).toBe('not met: the amount is at least 151 (it was 150)');
    expect(ruleRefusal({ field: 'amount', op: 'atMost', value: 149 }, cheer)).toMatch(/^not met/);
    expect(ruleRefusal({ field: 'amount', op: 'equals', value: 150 }, cheer)).toBeNull();
  });

  it('role: is and is not, on a chat command', () => {
    expect(ruleRefusal({ field: 'role', op: 'is', role: 'vip' }, command)).toBeNull();
    expect(ruleRefusal({ field: 'role', op: 'isNot', role: 'vip' }, command)).toMatch(/^not met/);
    expect(ruleRefusal({ field: 'role', op: 'is', role: 'moderator' }, command)).toMatch(/^not met/);
  });

  it('tier', () => {
    expect(ruleRefusal({ field: 'tier', op: 'is', tier: '2000' }, sub)).toBeNull();
    expect(ruleRefusal({ field: 'tier', op: 'isNot', tier: '2000' }, sub)).toMatch(/^not met/);
  });

  it('text: contains, does not contain, equals, starts with, ignoring case', () => {
    expect(ruleRefusal({ field: 'text', op: 'contains', value: 'there' }, command)).toBeNull();
    expect(ruleRefusal({ field: 'text', op: 'notContains', value: 'there' }, command)).toMatch(/^not met/);
    expect(ruleRefusal({ field: 'text', op: 'equals', value: 'hello there' }, command)).toBeNull();
    expect(ruleRefusal({ field: 'text', op: 'startsWith', value: 'there' }, command)).toMatch(/^not met/);
  });

  it('user: is and is not, with or without @', () => {
    expect(ruleRefusal({ field: 'user', op: 'is', login: '@Viewer1' }, cheer)).toBeNull();
    expect(ruleRefusal({ field: 'user', op: 'isNot', login: 'viewer1' }, cheer)).toMatch(/^not met/);
  });

  it('a rule the event cannot answer refuses, saying why', () => {
    expect(ruleRefusal({ field: 'amount', op: 'atLeast', value: 1 }, timer)).toBe('"the amount is at least 1" cannot be checked: this event has no amount');
    expect(ruleRefusal({ field: 'role', op: 'is', role: 'vip' }, cheer)).toMatch(/no chat role/);
  });

  it('all rules must hold; the first that does not is named', () => {
    expect(rulesRefusal([{ field: 'amount', op: 'atLeast', value: 100 }, { field: 'text', op: 'contains', value: 'cheer' }], cheer)).toBeNull();
    expect(rulesRefusal([{ field: 'amount', op: 'atLeast', value: 100 }, { field: 'text', op: 'contains', value: 'zzz' }], cheer)).toBe('Condition not met: the text contains "zzz".');
  });
});

describe('cooldowns', () => {
  const a = automation({ kind: 'follow' }, [{ kind: 'clip' }], { conditions: { onlyWhileLive: false, cooldownSeconds: 30, perViewerCooldownSeconds: 0, rules: [] } });
  const b = automation({ kind: 'follow' }, [{ kind: 'clip' }], { conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 60, rules: [] } });

  it('for everyone: again only after the cooldown', () => {
    const cooldowns = new Cooldowns();
    expect(cooldowns.refusal(a, 'u1', 0)).toBeNull();
    cooldowns.start(a, 'u1', 0);
    expect(cooldowns.refusal(a, 'u2', 29_001)).toBe('Cooldown: it can run again in 1 s.');
    expect(cooldowns.refusal(a, 'u2', 30_000)).toBeNull();
  });

  it('per viewer: another viewer may, the same one waits', () => {
    const cooldowns = new Cooldowns();
    cooldowns.start(b, 'u1', 0);
    expect(cooldowns.refusal(b, 'u2', 1000)).toBeNull();
    expect(cooldowns.refusal(b, 'u1', 1000)).toBe('Cooldown for this viewer: again in 59 s.');
    expect(cooldowns.refusal(b, 'u1', 60_000)).toBeNull();
  });

  it('forgets what expired, and a deleted automation', () => {
    const cooldowns = new Cooldowns();
    cooldowns.start(a, 'u1', 0);
    for (let i = 0; i < 100; i++) cooldowns.start(b, `u${i}`, 0);
    expect(cooldowns.size()).toBe(101);
    cooldowns.prune(60_000);
    expect(cooldowns.size()).toBe(0);
    cooldowns.start(a, null, 0);
    cooldowns.forget(a.id);
    expect(cooldowns.refusal(a, null, 1)).toBeNull();
  });
});
