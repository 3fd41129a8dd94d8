import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // integrations/streamdeck's tests run its built plugin (its own `npm ci` installs the SDK: .ci/run).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'integrations/*/test/**/*.test.ts'],
    environment: 'node',
    // Stylesheets load empty in tests, but for the renderer's own, whose text the design-token test reads (`?raw`).
    css: { include: [/src\/renderer\/src\/.*\.css/] },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
