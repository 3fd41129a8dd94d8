/** Spec 4.13 Users. */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter } from '../../../domain/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { helixUser } from '../../../http/views/users';
import type { User } from '../../../domain/stores/users';

const MAX_LOOKUPS = 100;

export function registerUserRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/users', auth: 'any' }, ({ state, query, token, user }) => {
    const ids = query.all('id');
    const logins = query.all('login');
    if (ids.some((v) => v === '')) throw invalidParameter('id', 'must not be empty');
    if (logins.some((v) => v === '')) throw invalidParameter('login', 'must not be empty');
    if (ids.length + logins.length > MAX_LOOKUPS) {
      throw badRequest(`The sum of the number of "id" and "login" parameters must not exceed ${MAX_LOOKUPS}`);
    }

    let found: User[];
    if (ids.length === 0 && logins.length === 0) {
      if (!user) throw badRequest('Must provide an ID, Login or OAuth Token');
      found = [user];
    } else {
      const byId = new Map<string, User>();
      for (const id of ids) {
        const match = state.users.get(id);
        if (match) byId.set(match.id, match);
      }
      for (const login of logins) {
        const match = state.users.byLogin(login);
        if (match) byId.set(match.id, match);
      }
      found = [...byId.values()];
    }

    const canReadEmail = token.scopes.includes('user:read:email');
    return { data: found.map((u) => helixUser(u, { withEmail: canReadEmail && u.id === token.userId })) };
  });
}
