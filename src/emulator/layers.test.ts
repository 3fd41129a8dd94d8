/**
 * The emulator's layers as the lint holds them (eslint.config.js, docs/emulator/code-map.md): the
 * domain imports no outer layer, the wire types import only each other, and no import cycle is
 * allowed, type-only imports included.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { noImportCycle } from '../../scripts/lint-rules/no-import-cycle.mjs';

const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

async function lint(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the emulator's layer rules", () => {
  it('refuse an import of the HTTP layer, the routes or EventSub in the domain', async () => {
    const messages = await lint(
      "import { helixUser } from '../http/views/users';\nimport { eventSubOf } from '../eventsub/eventsub-state';\nexport const uses = [helixUser, eventSubOf];\n",
      'src/emulator/domain/layer-probe.ts',
    );
    expect(messages.filter((m) => m.startsWith('import-x/no-restricted-paths'))).toHaveLength(2);
  });

  it('refuse an import of the emulator in the wire types, and take one between them', async () => {
    const refused = await lint("import type { RunningEmulator } from '../../../server';\nexport type Probe = RunningEmulator;\n", 'src/emulator/http/views/wire/probe.ts');
    expect(refused.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
    const taken = await lint("import type { AmountView } from './common';\nexport type Probe = AmountView;\n", 'src/emulator/http/views/wire/probe.ts');
    expect(taken).toEqual([]);
  }, 30_000);
});

describe('no-import-cycle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sidestage-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
  writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
  writeFileSync(join(dir, 'c.ts'), "export type C = string;\n");

  RuleTester.describe = describe;
  RuleTester.it = it;
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
  tester.run('no-import-cycle', noImportCycle, {
    valid: [{ code: "import type { C } from './c';\nexport type A = C;\n", filename: join(dir, 'a.ts') }],
    invalid: [
      { code: "import type { B } from './b';\nexport type A = B;\n", filename: join(dir, 'a.ts'), errors: [{ messageId: 'cycle' }] },
      { code: "export type { B } from './b';\n", filename: join(dir, 'a.ts'), errors: [{ messageId: 'cycle' }] },
      { code: "export type A = import('./b').B;\n", filename: join(dir, 'a.ts'), errors: [{ messageId: 'cycle' }] },
    ],
  });
});
