/**
 * No import cycle in main or shared, type-only imports included: the lint rule that says so is on
 * for them, and it finds a cycle made of `import type` alone, which import-x's `no-cycle` skips.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import noCycleWithTypes from '../../scripts/lint/no-cycle-with-types.mjs';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

async function lint(files: Record<string, string>): Promise<Record<string, string[]>> {
  dir = await mkdtemp(join(tmpdir(), 'sidestage-cycles-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX, local: { rules: { 'no-cycle-with-types': noCycleWithTypes } } },
        settings: {
          'import-x/extensions': ['.ts'],
          'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
          'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts'] })],
        },
        rules: { 'local/no-cycle-with-types': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return Object.fromEntries(results.map((r) => [r.filePath.slice(dir!.length + 1), r.messages.map((m) => m.message)]));
}

describe('no import cycle in main and shared, type-only imports included', () => {
  it('is what eslint.config.js asks of src/main and src/shared', async () => {
    const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
    for (const file of ['src/main/composition.ts', 'src/main/services/redemptions/redemptions-service.ts', 'src/shared/ipc/contract.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      expect(config.rules['local/no-cycle-with-types']?.[0], file).toBe(2);
    }
  });

  it('finds a cycle made of type-only imports, and one through values, and passes a chain without one', async () => {
    const found = await lint({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a: A | null }\n",
      'c.ts': "import { d } from './d';\nexport const c = () => d;\n",
      'd.ts': "import { c } from './c';\nexport const d = () => c;\n",
      'e.ts': "import type { A } from './a';\nexport type E = A;\n",
    });
    expect(found['a.ts']).toEqual(['Dependency cycle detected (type-only imports count)']);
    expect(found['b.ts']).toEqual(['Dependency cycle detected (type-only imports count)']);
    expect(found['c.ts']).toHaveLength(1);
    expect(found['e.ts']).toEqual([]);
  });
});
