/** Starts the platform emulator on 127.0.0.1. */
import type { FastifyInstance } from 'fastify';
import { buildEmulatorApp } from './app';
import { GAMES } from './catalogue/games';
import { startIngestListeners } from './ingest-listeners';
import { applySeed, DEFAULT_DEMO_REDIRECT_URIS, type DemoSeed, type SeedName } from './seed';
import { EmulatorState } from './domain/emulator-state';

export type { DemoSeed, SeedName } from './seed';
export type { EmulatorState } from './domain/emulator-state';

export interface StartEmulatorOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** `demo` by default. */
  seed?: SeedName;
  /** Approve consent (and device codes) at once as the default user. */
  autoApprove?: boolean;
  /** The demo clients' redirect URIs; default `http://127.0.0.1:17563/callback` and `http://localhost:17563/callback`. */
  demoRedirectUris?: string[];
  /** Fastify's request log on stdout; off by default. */
  log?: boolean;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:<port>`: base, auth and ingest URL at once. */
  url: string;
  port: number;
  state: EmulatorState;
  /** The demo seed's client and users; null with `seed: 'empty'`. */
  demo: DemoSeed | null;
  /** Stops the HTTP server, the ingest RTMP servers (cutting connected encoders) and every open socket. */
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const seed: SeedName = options.seed ?? 'demo';
  const redirectUris = options.demoRedirectUris ?? [...DEFAULT_DEMO_REDIRECT_URIS];
  for (const uri of redirectUris) {
    if (!URL.canParse(uri)) throw new TypeError(`demoRedirectUris: not an absolute URI: ${uri}`);
  }
  let demo: DemoSeed | null = null;

  const ingest = await startIngestListeners();
  let app: FastifyInstance | undefined;
  try {
    const state = new EmulatorState(
      { games: GAMES, ingestServers: ingest.servers },
      { autoApprove: options.autoApprove ?? false, defaultUserId: null },
      (s) => {
        demo = applySeed(s, seed, redirectUris);
      },
    );
    ingest.attach(state);
    app = await buildEmulatorApp(state, { log: options.log });
    await app.listen({ host: HOST, port: options.port ?? 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('emulator has no TCP address');
    const url = `http://${HOST}:${address.port}`;
    state.baseUrl = url;
    state.seed();

    const server = app;
    let closing: Promise<void> | undefined;
    return {
      url,
      port: address.port,
      state,
      demo,
      close() {
        closing ??= Promise.all([server.close(), ingest.close()]).then(() => undefined);
        return closing;
      },
    };
  } catch (error) {
    await Promise.allSettled([app?.close(), ingest.close()]);
    throw error;
  }
}
