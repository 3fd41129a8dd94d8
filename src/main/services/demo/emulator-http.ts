/**
 * How the viewer simulation talks to the in-process emulator: its one simulation-API client, and
 * what an answer means (an error answer is a refusal a real viewer meets too; anything else is the
 * network, which fails the attempt).
 */
import { createSimulationClient, SimulationApiError, type SimulationClient } from '../../../emulator/simulation-client';

// The one way from main's services to the emulator (the eslint rule in eslint.config.js): its
// simulation client's type and its refusal, for the ports that make a demo event happen.
export { SimulationApiError, type SimulationClient };

/**
 * The part of the emulator's simulation-API client the simulation uses; tests pass a client with a
 * fake `fetch`. An error answer arrives as a `SimulationApiError`, a network failure as any other error.
 */
export type EmulatorHttp = Pick<
  SimulationClient,
  | 'streamOnline'
  | 'streamOffline'
  | 'state'
  | 'createUser'
  | 'redemptions'
  | 'redeem'
  | 'donate'
  | 'chatter'
  | 'sendChatMessage'
  | 'follow'
  | 'subscribe'
  | 'giftSubscriptions'
  | 'cheer'
  | 'incomingRaid'
  | 'polls'
  | 'vote'
  | 'predictions'
  | 'predict'
  | 'hateRaid'
>;

const requestTimeoutMs = 10_000;

/** The emulator's simulation-API client for the emulator at `emulatorUrl` (loopback). */
export function createEmulatorHttp(emulatorUrl: string): EmulatorHttp {
  return createSimulationClient({ baseUrl: emulatorUrl, timeoutMs: requestTimeoutMs });
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A refused read answers `fallback` (nothing to act on); the network still fails the tick. */
export function refusedAs<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    refusalOf(error);
    return fallback;
  };
}

/** The emulator's refusal (an error answer); anything else (the network) goes on to the caller. */
export function refusalOf(error: unknown): SimulationApiError {
  if (error instanceof SimulationApiError) return error;
  throw error;
}

export function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
