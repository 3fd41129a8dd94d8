/** Channels, follows and editors in the current API's shapes (spec 4.5, platform facts "Other shapes"). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Channel } from '../../domain/stores/channels';
import type { Editor } from '../../domain/stores/editors';
import type { Follow } from '../../domain/stores/follows';
import { userFields } from './user-fields';
import type { EditorRecord, FollowRecord } from './wire/channels';

export function helixChannel(state: EmulatorState, channel: Channel, viewerId: string | null) {
  return {
    ...userFields(state, 'broadcaster', channel.broadcasterId),
    broadcaster_language: channel.language,
    game_id: channel.gameId,
    game_name: state.game(channel.gameId)?.name ?? '',
    title: channel.title,
    // The platform shows the delay only to the broadcaster themselves.
    delay: viewerId === channel.broadcasterId ? channel.delay : 0,
    tags: [...channel.tags],
    content_classification_labels: [...channel.contentClassificationLabels],
    is_branded_content: channel.isBrandedContent,
  };
}

export function followRecord(state: EmulatorState, follow: Follow): FollowRecord {
  return {
    ...userFields(state, 'user', follow.userId),
    ...userFields(state, 'broadcaster', follow.broadcasterId),
    followed_at: toRfc3339(follow.followedAt),
  };
}

/** An editor as Get Channel Editors lists it. */
export function channelEditorView(state: EmulatorState, editor: Editor) {
  return { user_id: editor.userId, user_name: state.users.get(editor.userId)?.displayName ?? '', created_at: toRfc3339(editor.createdAt) };
}

/** An editor as the simulation API answers it. */
export function editorRecord(state: EmulatorState, editor: Editor): EditorRecord {
  return { broadcaster_id: editor.broadcasterId, ...channelEditorView(state, editor) };
}
