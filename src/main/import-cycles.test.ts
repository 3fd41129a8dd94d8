/**
 * No import cycle in main, shared or the emulator, type-only imports included: the one lint rule
 * that says so (scripts/lint-rules/no-import-cycle.mjs, tested itself in src/emulator/layers.test.ts)
 * is on for them.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe('no import cycle in main, shared and the emulator, type-only imports included', () => {
  it('is what eslint.config.js asks of src/main, src/shared and src/emulator', async () => {
    const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
    for (const file of ['src/main/composition.ts', 'src/main/services/redemptions/redemptions-service.ts', 'src/shared/ipc/contract.ts', 'src/emulator/server.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      expect(config.rules['sidestage/no-import-cycle']?.[0], file).toBe(2);
    }
  });
});
