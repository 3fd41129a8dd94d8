/** Users, clients and the emulator's settings as the simulation API makes them; a user named by ID must exist. */
import { badRequest, conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Client, NewClient } from './stores/clients';
import type { NewUser, User } from './stores/users';

/** The user `id` names; an unknown one is a 400 naming the field the ID came in. */
export function knownUser(state: EmulatorState, id: string, field: string): User {
  const user = state.users.get(id);
  if (!user) throw badRequest(`Unknown ${field} "${id}"`);
  return user;
}

/** A new client (simulation API): a public client has no secret; client IDs are unique. */
export function createClient(state: EmulatorState, input: NewClient): Client {
  if (input.type === 'public' && input.clientSecret !== undefined) throw badRequest('A public client has no client_secret');
  if (input.clientId !== undefined && state.clients.has(input.clientId)) throw conflict(`Client "${input.clientId}" already exists`);
  return state.clients.create(input, state.clock.now());
}

/** A new user with their channel and stream key (simulation API); logins are unique regardless of case. */
export function createUser(state: EmulatorState, input: NewUser): User {
  if (state.users.isLoginTaken(input.login)) throw conflict(`Login "${input.login.toLowerCase()}" is taken`);
  return state.createUser(input);
}

/** The emulator's settings (simulation API): auto-approval, and the default user it signs in as. */
export function changeSettings(state: EmulatorState, input: { autoApprove?: boolean; defaultUserId?: string | null }): void {
  if (input.defaultUserId != null && !state.users.get(input.defaultUserId)) throw badRequest(`Unknown user_id "${input.defaultUserId}"`);
  if (input.autoApprove !== undefined) state.settings.autoApprove = input.autoApprove;
  if (input.defaultUserId !== undefined) state.settings.defaultUserId = input.defaultUserId;
}
