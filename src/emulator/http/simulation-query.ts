/** Readers of the simulation API's query parameters. */
import { badRequest } from '../domain/api-error';
import type { EmulatorState } from '../domain/emulator-state';
import type { User } from '../domain/stores/users';
import { knownUser } from '../domain/users';
import { RequestParams } from './request-params';

/** The `broadcaster_id` query parameter of a simulation listing, a known user. */
export function broadcasterFilter(state: EmulatorState, raw: unknown): User {
  const broadcasterId = new RequestParams(raw).one('broadcaster_id');
  if (broadcasterId === undefined || broadcasterId === '') throw badRequest('Missing required parameter "broadcaster_id"');
  return knownUser(state, broadcasterId, 'broadcaster_id');
}
