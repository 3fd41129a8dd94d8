// Layer rules keep the architecture honest (see docs/architecture.md):
// shared imports nothing platform-specific, services never import electron,
// raw ipcMain/ipcRenderer live only in the IPC wrappers, the renderer never imports main.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronImport = { name: 'electron', message: 'Only src/main/index.ts and src/main/adapters/ may import electron.' };
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process'], message: 'src/shared is pure TypeScript: no Node built-ins.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='ipcMain']", message: 'Use the typed IPC wrapper (src/main/adapters/electron-ipc.ts).' },
        { selector: "MemberExpression[object.name='ipcRenderer']", message: 'Use the typed preload bridge.' },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport, { name: 'react', message: 'src/shared has no DOM or React.' }], patterns: [nodeBuiltins, { group: ['**/main/**', '**/renderer/**', '**/emulator/**'], message: 'src/shared imports nothing from the programs.' }] }],
    },
  },
  {
    files: ['src/main/**', 'src/emulator/**', 'e2e/**', 'bench/**', 'scripts/**'],
    ignores: ['src/main/index.ts', 'src/main/adapters/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [{ group: ['**/renderer/**'], message: 'main never imports the renderer.' }] }],
    },
  },
  {
    files: ['src/main/adapters/electron-ipc.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/preload/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [{ group: ['**/main/**', '**/emulator/**', 'node:*'], message: 'The renderer reaches main only through window.sidestage (src/renderer/src/lib/api.ts).' }] }],
    },
  },
);
