import { describe, expect, it } from 'vitest';
import type { Features } from './features';
import { onlyBuilt } from './feature-module';
import { features } from './index';

describe('the feature modules', () => {
  it('are listed once each, EventSub and the sign-in started last', () => {
    const names = features.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('platform');
    expect(names.at(-1)).toBe('signIn');
  });

  it('see only the features built before them: reading a later one is a mistake said in words', () => {
    const built = { chat: { ok: true } } as unknown as Features;
    const earlier = onlyBuilt(built);
    expect(earlier.chat).toEqual({ ok: true });
    expect(() => earlier.overlays).toThrow('composition: "overlays" is read before it is built (see the order in composition/index.ts)');
    // Built later, seen then (a closure that reads it when clicked).
    (built as unknown as Record<string, unknown>).overlays = { late: true };
    expect(earlier.overlays).toEqual({ late: true });
  });
});
