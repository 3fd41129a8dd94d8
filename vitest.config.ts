import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Stylesheets load empty in tests, but for the one whose design tokens a test reads (`?raw`).
    css: { include: [/src\/renderer\/src\/styles\.css/] },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
