/** Videos (see `common.ts`). */

export type VideoType = 'archive' | 'highlight' | 'upload';

export interface HelixVideo {
  id: string;
  stream_id: string | null;
  user_id: string;
  user_login: string;
  user_name: string;
  title: string;
  description: string;
  created_at: string;
  published_at: string;
  url: string;
  thumbnail_url: string;
  viewable: string;
  view_count: number;
  language: string;
  type: VideoType;
  duration: string;
  muted_segments: { duration: number; offset: number }[] | null;
}

/** A Get Videos answer. */
export interface HelixVideoPage {
  data: HelixVideo[];
  pagination: { cursor?: string };
}

export interface CreateVideoRequest {
  user_id: string;
  type: VideoType;
  title?: string;
  description?: string;
  /** Seconds, or the platform's `1h2m3s`. */
  duration?: number | string;
  view_count?: number;
  language?: string;
  published_at?: string;
  game_id?: string;
}
