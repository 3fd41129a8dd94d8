import { describe, expect, it } from 'vitest';
import tokens from './styles/tokens.css?raw';

/** Every stylesheet of the renderer, by path: the shared ones in styles/ and each feature's beside its components. */
const stylesheets = import.meta.glob<string>('./**/*.css', { query: '?raw', import: 'default', eager: true });

/** Every custom property declared in a stylesheet, with how many times. */
function tokenDeclarations(css: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, name] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:/g)) counts.set(name!, (counts.get(name!) ?? 0) + 1);
  return counts;
}

describe('the design tokens', () => {
  it('are read from every stylesheet (the glob finds them)', () => {
    expect(Object.keys(stylesheets)).toEqual(expect.arrayContaining(['./styles/tokens.css', './styles/base.css', './styles/components.css', './app/shell.css']));
    for (const [path, css] of Object.entries(stylesheets)) expect(css.length, path).toBeGreaterThan(0);
  });

  it('declares each colour once: the light palette is not a second copy per way of choosing light', () => {
    const counts = tokenDeclarations(tokens);
    expect(counts.get('--bg')).toBe(1);
    expect([...counts].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
    // Light is chosen by the OS preference or by the Settings panel: both only switch the scheme.
    expect(tokens).toMatch(/@media \(prefers-color-scheme: light\) \{\s*:root:not\(\[data-theme='dark'\]\) \{\s*color-scheme: light;\s*\}\s*\}/);
    expect(tokens).toMatch(/:root\[data-theme='light'\] \{\s*color-scheme: light;\s*\}/);
  });

  it('keeps the tokens in one place: no other stylesheet declares one of them again', () => {
    const declared = new Set(tokenDeclarations(tokens).keys());
    for (const [path, css] of Object.entries(stylesheets)) {
      if (path === './styles/tokens.css') continue;
      expect([...tokenDeclarations(css).keys()].filter((name) => declared.has(name)), path).toEqual([]);
    }
  });

  it('gives every colour token a light and a dark value, or one value for both', () => {
    const root = /:root \{([\s\S]*?)\n\}/.exec(tokens)![1]!;
    const colours = [...root.matchAll(/(--(?:bg|surface|surface-2|border|text|muted|accent|accent-strong|ok|warn|danger|info-bg|warn-bg|danger-bg|selected-bg)): ([^;]+);/g)];
    expect(colours.length).toBeGreaterThan(10);
    for (const [, name, value] of colours) expect(value, name).toMatch(/^light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
  });
});
