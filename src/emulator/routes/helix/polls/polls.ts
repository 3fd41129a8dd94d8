/**
 * Polls (spec part 4 names them only; shapes from the platform's reference): Create Poll, Get Polls,
 * End Poll, and `channel.poll.begin`/`progress`/`end`. A poll ends by itself when its duration is up
 * on the emulator clock (see `settlePolls`); viewers vote through the simulation API.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { eventSubTimestamp } from '../../../eventsub/messages';
import { userFields } from '../../../http/views/helix-shapes';
import { badRequest, forbidden, invalidParameter, missingParameter, notFound, requireTokenBroadcaster } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { PlatformEventType } from '../../../domain/event-bus';
import { endsAt, type Poll } from '../../../domain/polls';
import { boundedText, optionalBoolean, optionalInteger, requiredInteger, requiredString, titledItems } from '../../../http/body-fields';

export const POLL_LIMITS = { title: 60, choiceTitle: 25, choices: { min: 2, max: 5 }, duration: { min: 15, max: 1800 }, pointsPerVote: { min: 1, max: 1_000_000 } } as const;
export const ACTIVE_POLL_MESSAGE = 'The broadcaster already has an active poll; end it before creating another.';
export const NOT_MONETIZED_MESSAGE = 'The broadcaster is not a partner or affiliate.';
const MAX_IDS = 20;

export function registerPollRoutes(app: FastifyInstance): void {
  const read = ['channel:read:polls', 'channel:manage:polls'];
  const manage = ['channel:manage:polls'];

  registerHelixRoute(app, { method: 'GET', path: '/polls', auth: 'user', scopes: read }, ({ state, user, query, now }) => {
    settlePolls(state, now);
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const polls = state.polls.listFor(broadcasterId, now).filter((p) => wanted.length === 0 || wanted.includes(p.id));
    const page = cursorPage(polls, query, { defaultFirst: 20, maxFirst: 20, before: 'ignored' });
    return { data: page.items.map((p) => pollView(state, p)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'POST', path: '/polls', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    settlePolls(state, now);
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
    if (user.broadcasterType === '') throw forbidden(NOT_MONETIZED_MESSAGE);
    if (state.polls.active(user.id)) throw badRequest(ACTIVE_POLL_MESSAGE);

    const poll = state.polls.create(
      { broadcasterId, title, choices, duration, channelPointsVotingEnabled: pointsEnabled, channelPointsPerVote: pointsEnabled ? perVote! : 0 },
      now,
    );
    publishPollEvent(state, 'channel.poll.begin', poll);
    return { data: [pollView(state, poll)] };
  });

  registerHelixRoute(app, { method: 'PATCH', path: '/polls', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    settlePolls(state, now);
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const id = requiredString(fields, 'id');
    const status = requiredString(fields, 'status');
    if (status !== 'TERMINATED' && status !== 'ARCHIVED') throw invalidParameter('status', 'must be TERMINATED or ARCHIVED');
    const poll = state.polls.get(id);
    if (!poll || poll.broadcasterId !== broadcasterId) throw notFound('The poll was not found.');
    // TERMINATED ends an active poll; ARCHIVED also hides one that has already ended.
    if (status === 'TERMINATED' && poll.status !== 'ACTIVE') throw badRequest(`The poll is ${poll.status} and can no longer be terminated.`);
    if (status === 'ARCHIVED' && !['ACTIVE', 'COMPLETED', 'TERMINATED'].includes(poll.status)) throw badRequest(`The poll is ${poll.status} and cannot be archived.`);
    const wasActive = poll.status === 'ACTIVE';
    poll.status = status;
    poll.endedAt ??= now;
    if (wasActive) publishPollEvent(state, 'channel.poll.end', poll);
    return { data: [pollView(state, poll)] };
  });
}

/** Completes the active polls whose duration is up, with their `channel.poll.end`. */
export function settlePolls(state: EmulatorState, now: number): void {
  for (const poll of state.polls.due(now)) {
    poll.status = 'COMPLETED';
    poll.endedAt = endsAt(poll);
    publishPollEvent(state, 'channel.poll.end', poll);
  }
}

export function pollView(state: EmulatorState, poll: Poll) {
  const broadcaster = userFields(state, 'broadcaster', poll.broadcasterId);
  return {
    id: poll.id,
    broadcaster_id: broadcaster.broadcaster_id,
    broadcaster_name: broadcaster.broadcaster_name,
    broadcaster_login: broadcaster.broadcaster_login,
    title: poll.title,
    choices: poll.choices.map((c) => ({ id: c.id, title: c.title, votes: c.votes, channel_points_votes: c.channelPointsVotes, bits_votes: c.bitsVotes })),
    bits_voting_enabled: false,
    bits_per_vote: 0,
    channel_points_voting_enabled: poll.channelPointsVotingEnabled,
    channel_points_per_vote: poll.channelPointsPerVote,
    status: poll.status,
    duration: poll.duration,
    started_at: toRfc3339(poll.startedAt),
    ended_at: poll.endedAt === null ? null : toRfc3339(poll.endedAt),
  };
}

type PollEventType = Extract<PlatformEventType, 'channel.poll.begin' | 'channel.poll.progress' | 'channel.poll.end'>;

/** The notification's event of the three poll types, each with the fields the reference gives it. */
export function publishPollEvent(state: EmulatorState, type: PollEventType, poll: Poll): void {
  const event: Record<string, unknown> = {
    id: poll.id,
    ...userFields(state, 'broadcaster_user', poll.broadcasterId),
    title: poll.title,
    choices: poll.choices.map((c) =>
      type === 'channel.poll.begin'
        ? { id: c.id, title: c.title }
        : { id: c.id, title: c.title, bits_votes: c.bitsVotes, channel_points_votes: c.channelPointsVotes, votes: c.votes },
    ),
    bits_voting: { is_enabled: false, amount_per_vote: 0 },
    channel_points_voting: { is_enabled: poll.channelPointsVotingEnabled, amount_per_vote: poll.channelPointsPerVote },
    started_at: eventSubTimestamp(poll.startedAt),
  };
  if (type === 'channel.poll.end') {
    event.status = poll.status.toLowerCase();
    event.ended_at = eventSubTimestamp(poll.endedAt ?? endsAt(poll));
  } else {
    event.ends_at = eventSubTimestamp(endsAt(poll));
  }
  state.events.publish({ type, broadcasterUserId: poll.broadcasterId, event });
}
