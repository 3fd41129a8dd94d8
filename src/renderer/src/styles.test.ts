import { describe, expect, it } from 'vitest';
import styles from './styles.css?raw';

/** Every custom property declared in the stylesheet, with how many times. */
function tokenDeclarations(css: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, name] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:/g)) counts.set(name!, (counts.get(name!) ?? 0) + 1);
  return counts;
}

describe('the design tokens', () => {
  it('declares each colour once: the light palette is not a second copy per way of choosing light', () => {
    const counts = tokenDeclarations(styles);
    expect(counts.get('--bg')).toBe(1);
    expect([...counts].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
    // Light is chosen by the OS preference or by the Settings panel: both only switch the scheme.
    expect(styles).toMatch(/@media \(prefers-color-scheme: light\) \{\s*:root:not\(\[data-theme='dark'\]\) \{\s*color-scheme: light;\s*\}\s*\}/);
    expect(styles).toMatch(/:root\[data-theme='light'\] \{\s*color-scheme: light;\s*\}/);
  });

  it('gives every colour token a light and a dark value, or one value for both', () => {
    const root = /:root \{([\s\S]*?)\n\}/.exec(styles)![1]!;
    const colours = [...root.matchAll(/(--(?:bg|surface|surface-2|border|text|muted|accent|accent-strong|ok|warn|danger|info-bg|warn-bg|danger-bg|selected-bg)): ([^;]+);/g)];
    expect(colours.length).toBeGreaterThan(10);
    for (const [, name, value] of colours) expect(value, name).toMatch(/^light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
  });
});
