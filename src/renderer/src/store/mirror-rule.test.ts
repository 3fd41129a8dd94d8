/** The lint rule that keeps one way of following main: a subscription outside store/mirror.ts is refused. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Run from the repository (as vitest is): the project's own eslint.config.js applies.
const eslint = new ESLint();

async function messagesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('following main only through mirrorDomain', () => {
  it.each([
    ['an event through the deps', "export const follow = (deps: any) => deps.bridge.on('obs:changed', () => {});"],
    ['an event through the bridge itself', "export const follow = (bridge: any) => bridge.on('obs:changed', () => {});"],
    ['an event through window.sidestage', "export const follow = () => (window as any).sidestage.on('obs:changed', () => {});"],
    ['a resync of its own', 'export const follow = (deps: any) => deps.connection.onResync(() => {});'],
  ])('refuses %s in a slice or a panel', async (_, code) => {
    for (const file of ['src/renderer/src/store/some-slice.ts', 'src/renderer/src/features/queue/some-panel.tsx']) {
      expect(await messagesFor(code, file)).toEqual([expect.stringContaining('only through mirrorDomain')]);
    }
  });

  it('lets store/mirror.ts subscribe', async () => {
    expect(await messagesFor("export const follow = (deps: any) => [deps.bridge.on('obs:changed', () => {}), deps.connection.onResync(() => {})];", 'src/renderer/src/store/mirror.ts')).toEqual([]);
  });
});
