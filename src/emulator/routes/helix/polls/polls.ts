/**
 * Polls (spec part 4 names them only; shapes from the platform's reference): Create Poll, Get Polls
 * and End Poll. The rules, the clock's deadline and the `channel.poll.*` events: `domain/polls.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { createPoll, endPoll, pollsOf } from '../../../domain/polls';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { boundedText, optionalBoolean, optionalInteger, requiredInteger, requiredString, titledItems } from '../../../http/body-fields';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { pollView } from '../../../http/views/polls';

export const POLL_LIMITS = { title: 60, choiceTitle: 25, choices: { min: 2, max: 5 }, duration: { min: 15, max: 1800 }, pointsPerVote: { min: 1, max: 1_000_000 } } as const;
const MAX_IDS = 20;

export function registerPollRoutes(app: FastifyInstance): void {
  const read = ['channel:read:polls', 'channel:manage:polls'];
  const manage = ['channel:manage:polls'];

  registerHelixRoute(app, { method: 'GET', path: '/polls', auth: 'user', scopes: read }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const polls = pollsOf(state, broadcasterId, now).filter((p) => wanted.length === 0 || wanted.includes(p.id));
    const page = cursorPage(polls, query, { defaultFirst: 20, maxFirst: 20, before: 'ignored' });
    return { data: page.items.map((p) => pollView(state, p)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'POST', path: '/polls', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const title = boundedText(fields, 'title', POLL_LIMITS.title);
    const choices = titledItems(fields, 'choices', POLL_LIMITS.choices, POLL_LIMITS.choiceTitle);
    const duration = requiredInteger(fields, 'duration', POLL_LIMITS.duration.min, POLL_LIMITS.duration.max);
    const pointsEnabled = optionalBoolean(fields, 'channel_points_voting_enabled') ?? false;
    // Client libraries send `channel_points_per_vote: 0` with voting off; a price is needed only with it on.
    const perVote = optionalInteger(fields, 'channel_points_per_vote', pointsEnabled ? POLL_LIMITS.pointsPerVote.min : 0, POLL_LIMITS.pointsPerVote.max);
    if (pointsEnabled && perVote === undefined) throw missingParameter('channel_points_per_vote');
    const poll = createPoll(
      state,
      user,
      { title, choices, duration, channelPointsVotingEnabled: pointsEnabled, channelPointsPerVote: pointsEnabled ? perVote! : 0 },
      now,
    );
    return { data: [pollView(state, poll)] };
  });

  registerHelixRoute(app, { method: 'PATCH', path: '/polls', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const id = requiredString(fields, 'id');
    const status = requiredString(fields, 'status');
    if (status !== 'TERMINATED' && status !== 'ARCHIVED') throw invalidParameter('status', 'must be TERMINATED or ARCHIVED');
    return { data: [pollView(state, endPoll(state, broadcasterId, id, status, now))] };
  });
}
