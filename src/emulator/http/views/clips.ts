/** Clips in the current API's shape, and the URLs of the emulator's pages that stand in for them. */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Clip } from '../../domain/stores/clips';
import type { ClipView } from './wire/engagement';

export function clipEditUrl(state: EmulatorState, id: string): string {
  return `${state.baseUrl}/clips/${encodeURIComponent(id)}/edit`;
}

export function clipView(state: EmulatorState, clip: Clip): ClipView {
  const broadcaster = state.users.get(clip.broadcasterId);
  const creator = state.users.get(clip.creatorId);
  const id = encodeURIComponent(clip.id);
  return {
    id: clip.id,
    url: `${state.baseUrl}/clips/${id}`,
    embed_url: `${state.baseUrl}/clips/${id}?embed=true`,
    broadcaster_id: clip.broadcasterId,
    broadcaster_name: broadcaster?.displayName ?? '',
    creator_id: clip.creatorId,
    creator_name: creator?.displayName ?? '',
    video_id: clip.videoId,
    game_id: clip.gameId,
    language: clip.language,
    title: clip.title,
    view_count: clip.viewCount,
    created_at: toRfc3339(clip.createdAt),
    thumbnail_url: `${state.baseUrl}/static/previews/live_user_${broadcaster?.login ?? clip.broadcasterId}-480x272.svg`,
    duration: clip.duration,
    vod_offset: clip.vodOffset,
    is_featured: clip.isFeatured,
  };
}
