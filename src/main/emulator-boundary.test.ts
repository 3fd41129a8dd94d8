/**
 * Only services/demo/ (the demo's one simulation client) and composition import src/emulator in
 * main's production code: the eslint rule in eslint.config.js says so, and this checks the rule.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

async function emulatorImportRefused(file: string): Promise<boolean> {
  const eslint = new ESLint({ cwd: root });
  const depth = file.split('/').length - 2;
  const code = `import { startEmulator } from '${'../'.repeat(depth)}emulator/server';\nexport const probe = startEmulator;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports' && m.message.includes('only through services/demo/'));
}

describe('main reaches the emulator only through services/demo/ and composition', () => {
  it('refuses it in a service, the IPC and the events service; allows it in demo/, composition and tests', async () => {
    expect(await emulatorImportRefused('src/main/services/overlays/probe.ts')).toBe(true);
    expect(await emulatorImportRefused('src/main/services/automations/probe.ts')).toBe(true);
    expect(await emulatorImportRefused('src/main/services/events/probe.ts')).toBe(true);
    expect(await emulatorImportRefused('src/main/ipc/probe.ts')).toBe(true);
    expect(await emulatorImportRefused('src/main/services/demo/probe.ts')).toBe(false);
    expect(await emulatorImportRefused('src/main/composition/probe.ts')).toBe(false);
    expect(await emulatorImportRefused('src/main/services/overlays/probe.test.ts')).toBe(false);
  });
});
