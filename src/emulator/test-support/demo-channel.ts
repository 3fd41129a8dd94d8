/**
 * Test support: the demo seed's channel as the route tests name it (its broadcaster, its moderator
 * and three viewers), and a person of it as the platform writes one into an answer or an event.
 */
import { DEMO_BROADCASTER, DEMO_VIEWERS } from '../seed';
import { DEMO_MODERATOR_ID } from '../seed-community';

export const demoChannel: Readonly<Record<'broadcaster' | 'moderator' | 'pixelpal' | 'cozy' | 'sam', string>> = {
  broadcaster: DEMO_BROADCASTER.id,
  moderator: DEMO_MODERATOR_ID,
  pixelpal: '612345001',
  cozy: '612345002',
  sam: '612345005',
};

/** `<prefix>_id`, `<prefix>_login` and `<prefix>_name` of a person of the demo seed. */
export function userFieldsOf(prefix: string, userId: string): Record<string, string> {
  const person = userId === DEMO_BROADCASTER.id ? DEMO_BROADCASTER : DEMO_VIEWERS.find((viewer) => viewer.id === userId);
  if (!person) throw new Error(`${userId} is not a person of the demo seed`);
  return { [`${prefix}_id`]: person.id, [`${prefix}_login`]: person.login, [`${prefix}_name`]: person.displayName };
}
