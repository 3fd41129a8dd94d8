/**
 * Channels' rules (spec 4.5): a channel's information changes (a live stream shows the change at
 * once; a change of title, language, category or labels is announced as `channel.update`); follows
 * (`channel.follow`, which moves the follower goals) and editors, from the simulation API.
 */
import { badRequest, conflict, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import { followGoals } from './goals';
import type { Channel } from './stores/channels';
import type { Editor } from './stores/editors';
import type { Follow } from './stores/follows';
import type { User } from './stores/users';

/** The labels a broadcaster may set; MatureGame comes with the game and cannot be set (403). */
export const CONTENT_CLASSIFICATION_LABELS = [
  'DebatedSocialIssuesAndPolitics',
  'DrugsIntoxication',
  'SexualThemes',
  'ViolentGraphic',
  'Gambling',
  'ProfanityVulgarity',
] as const;
/** The emulator's rule for the platform's 409: the branded-content flag may change once per 10 minutes. */
export const BRANDED_CONTENT_MIN_INTERVAL_MS = 10 * 60 * 1000;

/** What Modify Channel Information changes, validated. */
export interface ChannelChanges {
  gameId?: string;
  title?: string;
  language?: string;
  delay?: number;
  tags?: string[];
  /** Label ID -> enabled. */
  labels?: Map<string, boolean>;
  isBrandedContent?: boolean;
}

/** Whether the branded-content flag may change now (see `BRANDED_CONTENT_MIN_INTERVAL_MS`). */
export function mayChangeBrandedContent(channel: Channel, now: number): boolean {
  const last = channel.brandedContentChangedAt;
  return last === null || now - last >= BRANDED_CONTENT_MIN_INTERVAL_MS;
}

/** Applies validated changes; the live stream follows, and `channel.update` goes out when what it shows changed. */
export function updateChannel(state: EmulatorState, channel: Channel, changes: ChannelChanges, now: number): void {
  const before = JSON.stringify([channel.title, channel.language, channel.gameId, channel.contentClassificationLabels]);
  if (changes.gameId !== undefined) channel.gameId = changes.gameId;
  if (changes.title !== undefined) channel.title = changes.title;
  if (changes.language !== undefined) channel.language = changes.language;
  if (changes.delay !== undefined) channel.delay = changes.delay;
  if (changes.tags !== undefined) channel.tags = changes.tags;
  if (changes.labels !== undefined) {
    const labels = new Set(channel.contentClassificationLabels);
    for (const [id, enabled] of changes.labels) {
      if (enabled) labels.add(id);
      else labels.delete(id);
    }
    channel.contentClassificationLabels = CONTENT_CLASSIFICATION_LABELS.filter((id) => labels.has(id));
  }
  if (changes.isBrandedContent !== undefined) {
    channel.isBrandedContent = changes.isBrandedContent;
    channel.brandedContentChangedAt = now;
  }

  // A live stream shows the channel's information as it changes.
  const live = state.streams.get(channel.broadcasterId);
  if (live) {
    live.title = channel.title;
    live.gameId = channel.gameId;
    live.language = channel.language;
    live.tags = [...channel.tags];
  }
  const after = JSON.stringify([channel.title, channel.language, channel.gameId, channel.contentClassificationLabels]);
  if (after !== before) state.events.publish({ type: 'channel.update', channel });
}

/** A user follows a channel (simulation API), at `followedAt` (now or earlier). */
export function follow(state: EmulatorState, user: User, broadcaster: User, followedAt: number | undefined): Follow {
  if (user.id === broadcaster.id) throw badRequest('A user cannot follow their own channel');
  const now = state.clock.now();
  const at = followedAt ?? now;
  if (at > now) throw badRequest('Invalid field "followed_at": must not be in the future');
  const created = state.follows.follow(user.id, broadcaster.id, at);
  if (!created) throw conflict(`User "${user.login}" already follows "${broadcaster.login}"`);
  state.events.publish({ type: 'channel.follow', follow: created });
  followGoals(state, broadcaster.id);
  return created;
}

export function unfollow(state: EmulatorState, userId: string, broadcasterId: string): Follow {
  const removed = state.follows.unfollow(userId, broadcasterId);
  if (!removed) throw notFound(`User "${userId}" does not follow "${broadcasterId}"`);
  return removed;
}

export function addEditor(state: EmulatorState, broadcaster: User, user: User): Editor {
  if (user.id === broadcaster.id) throw badRequest('A broadcaster cannot be their own editor');
  const editor = state.editors.add(broadcaster.id, user.id, state.clock.now());
  if (!editor) throw conflict(`User "${user.login}" already is an editor of "${broadcaster.login}"`);
  return editor;
}

export function removeEditor(state: EmulatorState, broadcasterId: string, userId: string): Editor {
  const editor = state.editors.remove(broadcasterId, userId);
  if (!editor) throw notFound(`User "${userId}" is not an editor of "${broadcasterId}"`);
  return editor;
}
