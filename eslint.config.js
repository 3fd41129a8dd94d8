// Layer rules keep the architecture honest (see docs/architecture.md):
// shared imports nothing platform-specific, services never import electron,
// raw ipcMain/ipcRenderer live only in the IPC wrappers, the renderer never imports main;
// production code never imports test support, services never import ipc/, the renderer's store
// never imports features/, the emulator never imports main, services outside services/events/
// read the channel's events only from the channel-event stream, and src/ has no import cycles (in
// src/main and src/shared, none through type-only imports either).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { noImportCycle } from './scripts/lint-rules/no-import-cycle.mjs';

const electronImport = { name: 'electron', message: 'Only src/main/index.ts and src/main/adapters/ may import electron.' };
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process'], message: 'src/shared is pure TypeScript: no Node built-ins.' };

// What every file of main is held to; a block that sets one of these rules again starts from these.
const mainImports = { paths: [electronImport], patterns: [{ group: ['**/renderer/**'], message: 'main never imports the renderer.' }] };
const rawIpc = [
  { selector: "MemberExpression[object.name='ipcMain']", message: 'Use the typed IPC wrapper (src/main/adapters/electron-ipc.ts).' },
  { selector: "MemberExpression[object.name='ipcRenderer']", message: 'Use the typed preload bridge.' },
];
// The channel's events reach a service only through the one channel-event stream.
const channelEventsOnly =
  "A service reads the channel's events from the one channel-event stream (services/events/channel-events.ts: channelEvents.on([...kinds], ...)), never from the events service's notifications or EventSub's wire shapes.";

const emulatorOnlyInDemo = { group: ['**/emulator/**'], message: 'Main reaches the emulator only through services/demo/ (its one simulation client) and composition.' };

// Tests, test support, e2e and benches may reach across layers; production code may not.
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'e2e/**', 'bench/**', 'integrations/*/test/**'];

// The boundaries between folders, checked on resolved paths (so `../../ipc/x` and `../ipc/x` alike).
const zones = {
  testSupport: { target: './**', from: './**/test-support/**', message: 'Production code never imports test support (test-support/ folders).' },
  servicesIpc: { target: './src/main/services/**', from: './src/main/ipc/**', message: 'Services never import src/main/ipc/: the domain\'s ipc/<domain>-ipc.ts imports the service.' },
  storeFeatures: { target: './src/renderer/src/store/**', from: './src/renderer/src/features/**', message: 'The store never imports features/: panels import the store.' },
  componentsFeatures: { target: './src/renderer/src/components/**', from: './src/renderer/src/features/**', message: 'components/ (the tile kernel in components/tiles/ included) never imports features/: a feature imports them; the Live view\'s tile registry is features/live/tile-registry.tsx.' },
  emulatorMain: { target: './src/emulator/**', from: './src/main/**', message: 'The emulator never imports the app (src/main/).' },
  launchers: { target: './src/launchers/**', from: ['./src/main/**', './src/emulator/**', './src/renderer/**'], message: 'A launcher loads its built program by path (src/launchers/code-cache.ts): importing the program would build it into the launcher.' },
};

// ---- The emulator's layers (docs/emulator/code-map.md) ----
// The domain (src/emulator/domain/: the platform's rules and stores) imports nothing from the routes,
// the HTTP layer (views included) or EventSub; the HTTP layer and EventSub import no route; the wire
// types (src/emulator/http/views/wire/) import only each other, so the simulation client can take
// its types from them without loading the emulator. No file of the emulator takes part in an import
// cycle, type-only imports included: import-x's no-cycle skips `import type`, the local rule in
// scripts/lint-rules/no-import-cycle.mjs does not. To hold more of src/ to that rule, widen `files`
// of the last block below.
const emulatorZones = [
  { target: './src/emulator/domain/**', from: ['./src/emulator/routes/**', './src/emulator/http/**', './src/emulator/eventsub/**'], message: 'The emulator\'s domain imports nothing from routes/, http/ or eventsub/: it announces events on its bus, and the outer layers call it.' },
  { target: ['./src/emulator/http/**', './src/emulator/eventsub/**'], from: './src/emulator/routes/**', message: 'Only routes/index.ts and the routes import route modules.' },
  { target: './src/emulator/http/views/wire/**', from: './src/emulator', except: ['./http/views/wire'], message: 'The wire types import only each other (the simulation client loads them as types).' },
];
const emulatorLayers = [
  {
    files: ['src/emulator/**/*.ts'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...Object.values(zones), ...emulatorZones] }] },
  },
];
// ---- end of the emulator's layers ----

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'integrations/*/node_modules/**', 'integrations/*/dist/**', 'integrations/streamdeck/*.sdPlugin/bin/**', 'integrations/streamdeck/*.sdPlugin/logs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...rawIpc],
    },
  },
  {
    // The Stream Deck plugin's property inspector is a page Stream Deck shows, not Node.
    files: ['integrations/streamdeck/*.sdPlugin/ui/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
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
      'no-restricted-imports': ['error', mainImports],
    },
  },
  {
    // Only services/demo/ and composition reach the emulator (the demo's one simulation client); tests may.
    files: ['src/main/**'],
    ignores: ['src/main/index.ts', 'src/main/adapters/**', 'src/main/services/**', '!src/main/services/events/**', 'src/main/composition.ts', 'src/main/composition/**', ...testFiles],
    rules: { 'no-restricted-imports': ['error', { ...mainImports, patterns: [...mainImports.patterns, emulatorOnlyInDemo] }] },
  },
  {
    // One channel-event stream: only services/events/ reads EventSub notifications or their wire schemas.
    files: ['src/main/services/**'],
    ignores: ['src/main/services/events/**'],
    rules: {
      'no-restricted-imports': ['error', { ...mainImports, patterns: [...mainImports.patterns, { group: ['**/events/eventsub-messages', '**/events/eventsub-messages.ts'], message: channelEventsOnly }, emulatorOnlyInDemo] }],
      'no-restricted-syntax': ['error', ...rawIpc, { selector: "CallExpression[callee.property.name=/^(onNotification|want)$/]", message: channelEventsOnly }],
    },
  },
  {
    // services/demo/ is the one way to the emulator; a service's tests may reach it too.
    files: ['src/main/services/demo/**', 'src/main/services/**/*.test.ts', 'src/main/services/**/test-support/**'],
    ignores: ['src/main/services/events/**'],
    rules: { 'no-restricted-imports': ['error', { ...mainImports, patterns: [...mainImports.patterns, { group: ['**/events/eventsub-messages', '**/events/eventsub-messages.ts'], message: channelEventsOnly }] }] },
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
  {
    // One way a slice follows main: its mirror<Domain>(store, deps) built on store/mirror.ts's mirrorDomain.
    files: ['src/renderer/**'],
    ignores: ['src/renderer/src/store/mirror.ts', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='ipcRenderer']", message: 'Use the typed preload bridge.' },
        ...["CallExpression[callee.property.name='on'][callee.object.name=/^(bridge|sidestage)$/]", "CallExpression[callee.property.name='on'][callee.object.property.name=/^(bridge|sidestage)$/]", "CallExpression[callee.property.name='onResync']"].map((selector) => ({
          selector,
          message: "A slice follows main's events only through mirrorDomain (src/renderer/src/store/mirror.ts): export mirror<Domain>(store, deps) from the slice and name it in create-store.ts's slices.",
        })),
        {
          selector: "CallExpression[callee.name='useSidestage'] > ArrowFunctionExpression > LogicalExpression > :matches(ArrayExpression, ObjectExpression).right",
          message: 'A selector that falls back to a new [] or {} returns a new value at every call, and React renders again for ever: fall back outside it (useSidestage((s) => s.x?.items) ?? []).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources are parsed for the dependency graph (no-cycle) and resolved without extensions.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: Object.values(zones) }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...emulatorLayers,
  {
    // Main, shared, the emulator and the renderer (the dock's pages and the overlays'): type-only
    // imports count too (a cycle of types still ties two modules together), with every specifier
    // read, dynamic and type-level import() included.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/emulator/**/*.ts', 'src/renderer/**/*.{ts,tsx}'],
    plugins: { sidestage: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'import-x/no-cycle': 'off', 'sidestage/no-import-cycle': 'error' },
  },
);
