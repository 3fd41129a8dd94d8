import { describe, expect, it } from 'vitest';
import { buildEmulatorApp } from './app';
import { EmulatorState } from './domain/emulator-state';
import { GAMES } from './catalogue/games';

describe('buildEmulatorApp', () => {
  it('refuses a Fastify route schema as the route is registered: requests are checked with zod, and Ajv is never loaded', async () => {
    const app = await buildEmulatorApp(new EmulatorState({ games: GAMES, ingestServers: [] }, { autoApprove: false, defaultUserId: null }, () => {}));
    try {
      app.get('/with-a-schema', { schema: { querystring: { type: 'object' } } }, async () => 'ok');
      await expect(app.ready()).rejects.toThrow(/checks requests with zod/);
    } finally {
      await app.close().catch(() => {});
    }
  });
});
