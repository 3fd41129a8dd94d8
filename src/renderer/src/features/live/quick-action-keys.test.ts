import { describe, expect, it } from 'vitest';
import { ariaKeyFor, quickActionFor, quickActionKeys } from './quick-action-keys';

const press = (key: string, extra: Partial<Parameters<typeof quickActionFor>[0]> = {}) =>
  quickActionFor({ key, defaultPrevented: false, altKey: false, ctrlKey: false, metaKey: false, repeat: false, target: null, ...extra });

const element = (tagName: string, insideOwnKeys = false) => ({ tagName, isContentEditable: false, closest: () => (insideOwnKeys ? {} : null) }) as unknown as EventTarget;

describe('quick action keys', () => {
  it('maps each documented key to its action, in either case', () => {
    expect(press('k')).toBe('clip');
    expect(press('K')).toBe('clip');
    expect(press('m')).toBe('marker');
    expect(press('s')).toBe('snooze');
    expect(press('z')).toBeNull();
    expect(press('h')).toBe('shield-mode');
    // A tile off the Live view by default keeps its key.
    expect(press('v')).toBe('alerts');
    expect(press('y')).toBe('allowHeld');
    expect(press('n')).toBe('denyHeld');
    expect(ariaKeyFor('clip')).toBe('K');
    expect(new Set(quickActionKeys.map((k) => k.key)).size).toBe(quickActionKeys.length);
  });

  it('leaves the Queue list’s own keys (F and C) to it; F and X in the Live view are the queue head’s', () => {
    expect(press('f', { target: element('DIV', true) })).toBeNull();
    expect(press('c')).toBeNull();
    expect(press('f')).toBe('fulfilQueueHead');
    expect(press('x')).toBe('cancelQueueHead');
  });

  it('never takes a key while the broadcaster types, holds a modifier, repeats, or another control took it', () => {
    expect(press('k', { target: element('INPUT') })).toBeNull();
    expect(press('k', { target: element('TEXTAREA') })).toBeNull();
    expect(press('k', { target: element('SELECT') })).toBeNull();
    expect(press('k', { target: element('DIV', true) })).toBeNull();
    expect(press('k', { target: element('BUTTON') })).toBe('clip');
    expect(press('k', { ctrlKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    expect(press('k', { altKey: true })).toBeNull();
    expect(press('k', { repeat: true })).toBeNull();
    expect(press('k', { defaultPrevented: true })).toBeNull();
  });
});
