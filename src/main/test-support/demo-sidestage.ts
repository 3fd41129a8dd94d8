/**
 * Test support: the whole main process in demo mode (dock transport, the in-process emulator) on
 * a fresh data directory, driven through its IPC router as the renderer would, with a browser that
 * follows the consent page's redirect and the emulator's consent given at once. Every result of
 * `call` and every event is recorded in `received`, for tests that look for what must not leak.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulationClient, type SimulationClient } from '../../emulator/simulation-client';
import type { Channel, IpcResult } from '../../shared/ipc/contract';
import { createSidestage, type Sidestage, type SidestageOptions } from '../composition';
import { MemoryTokenStore } from '../services/auth/token-store';
import { silentLogger } from '../services/logger';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { waitUntil } from './wait-until';

export interface DemoSidestage {
  sidestage: Sidestage;
  dataDir: string;
  /** Every `call` result and every event the renderer could receive, in order. */
  received: unknown[];
  /** The in-process emulator's simulation API. */
  sim: SimulationClient;
  broadcasterId: string;
  /** A call through the router as the trusted renderer makes it: its value, or main's error thrown. */
  call<T>(channel: Channel, arg?: unknown): Promise<T>;
  /**
   * Signs in (by default `auth:signIn` with the loopback flow; `start` for another way in, such as
   * the checklist's fix) and waits until auth:changed says signed in.
   */
  signIn(start?: () => Promise<unknown>): Promise<void>;
  /** Disposes the app and removes its data directory (unless the caller gave it: then it stays, for the next start). */
  dispose(): Promise<void>;
}

export type DemoSidestageOptions = Partial<Omit<SidestageOptions, 'transport' | 'dataDir'>> & {
  /** Names the data directory (`sidestage-<name>-…`), to tell the tests' leftovers apart. */
  name: string;
  /** False: `received` stays empty (a benchmark measuring the heap keeps nothing it does not need). */
  record?: boolean;
  /**
   * An existing data directory, to start again over what an earlier start left (a restart); the
   * caller owns it and removes it. None: a new one, removed on dispose.
   */
  dataDir?: string;
};

export const trustedRenderer = { trusted: true, description: 'test renderer' };

export async function startDemoSidestage({ name, record = true, dataDir: givenDataDir, ...options }: DemoSidestageOptions): Promise<DemoSidestage> {
  const dataDir = givenDataDir ?? (await mkdtemp(join(tmpdir(), `sidestage-${name}-`)));
  let sidestage: Sidestage | null = null;
  const dispose = async () => {
    await sidestage?.dispose();
    if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    sidestage = await createSidestage({
      transport: 'dock',
      dataDir,
      version: 'test',
      // No client ID anywhere: demo mode, as `npm start` on a fresh machine.
      env: {},
      tokenStore: new MemoryTokenStore(),
      settings: new MemorySettingsStore(),
      // A browser that follows the consent page's redirect to the loopback listener.
      openUrl: async (url) => {
        await fetch(url);
        return true;
      },
      logger: silentLogger,
      ...options,
    });
    const app = sidestage;
    const emulator = app.emulator;
    if (!emulator?.demo) throw new Error('startDemoSidestage: the app did not start in demo mode (a client ID in env or settings?)');
    const received: unknown[] = [];
    if (record) app.router.onEvent((event, payload) => received.push([event, payload]));
    const sim = createSimulationClient({ baseUrl: emulator.url });
    // Consent is given without a click on the emulator's consent page.
    await sim.settings({ auto_approve: true });

    const call = async <T>(channel: Channel, arg?: unknown): Promise<T> => {
      const result = (await app.router.dispatch(channel, arg, trustedRenderer)) as IpcResult<T>;
      if (record) received.push(result);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value;
    };
    const signIn = async (start: () => Promise<unknown> = () => call('auth:signIn', { flow: 'loopback' })) => {
      let signedIn = false;
      const off = app.router.onEvent((event, payload) => {
        if (event === 'auth:changed') signedIn = (payload as { status: string }).status === 'signedIn';
      });
      try {
        await start();
        await waitUntil(() => signedIn, 10_000, 'signed in');
      } finally {
        off();
      }
    };
    return { sidestage: app, dataDir, received, sim, broadcasterId: emulator.demo.broadcaster.id, call, signIn, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
