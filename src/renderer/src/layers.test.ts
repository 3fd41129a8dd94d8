/**
 * The renderer's layers as the lint holds them (eslint.config.js): no import cycle in the dock's
 * pages or the overlay pages, type-only imports included (scripts/lint-rules/no-import-cycle.mjs,
 * as for main, shared and the emulator: src/main/import-cycles.test.ts), and components/ (the tile
 * kernel included) never imports features/.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Run from the repository (as vitest is): the project's own eslint.config.js applies.
const eslint = new ESLint();

async function messagesOf(rule: string, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const cyclesIn = (code: string, filePath: string) => messagesOf('sidestage/no-import-cycle', code, filePath);

describe('no import cycle in the renderer, type-only imports included', () => {
  it('is what eslint.config.js asks of the dock pages and the overlay pages', async () => {
    for (const file of ['src/renderer/src/store/create-store.ts', 'src/renderer/src/app/app.tsx', 'src/renderer/overlays/src/overlay-view.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      expect(config.rules['sidestage/no-import-cycle']?.[0], file).toBe(2);
    }
  });

  it('reports a slice type file that imports the store state back (the circle the leaves undid)', async () => {
    // store/types.ts imports this leaf; the leaf importing types.ts back closes a circle.
    const code = "import type { SidestageState } from '../types';\nexport type CharitySlice = { charity: SidestageState['charity'] };\n";
    expect(await cyclesIn(code, 'src/renderer/src/store/slice-types/charity.ts')).toEqual([
      expect.stringContaining('src/renderer/src/store/slice-types/charity.ts -> src/renderer/src/store/types.ts -> src/renderer/src/store/slice-types/charity.ts'),
    ]);
  });

  it('reports a component that imports a feature which imports it back', async () => {
    // features/live/live-panel.tsx imports components/channel-gate.tsx.
    const code = "import { LivePanel } from '../features/live/live-panel';\nexport const ChannelGate = LivePanel;\n";
    expect(await cyclesIn(code, 'src/renderer/src/components/channel-gate.tsx')).toEqual([
      expect.stringContaining('src/renderer/src/components/channel-gate.tsx -> src/renderer/src/features/live/live-panel.tsx -> src/renderer/src/components/channel-gate.tsx'),
    ]);
  });

  it('takes the leaves as they are', async () => {
    const [result] = await eslint.lintFiles(['src/renderer/src/store/slice-types/charity.ts']);
    expect(result?.messages.filter((m) => m.ruleId === 'sidestage/no-import-cycle')).toEqual([]);
  });
});

describe('components never import features', () => {
  it('refuses a feature in the tile kernel, and takes the store', async () => {
    const refused = await messagesOf('import-x/no-restricted-paths', "import { liveTiles } from '../../features/live/tile-registry';\nexport const tiles = liveTiles;\n", 'src/renderer/src/components/tiles/probe.ts');
    expect(refused).toEqual([expect.stringContaining('never imports features/')]);
    const taken = await messagesOf('import-x/no-restricted-paths', "import type { SidestageState } from '../../store/types';\nexport type Probe = SidestageState;\n", 'src/renderer/src/components/tiles/probe.ts');
    expect(taken).toEqual([]);
  });
});
