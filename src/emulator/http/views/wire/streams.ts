/** Live streams (see `common.ts`). */

export interface HelixStream {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  game_id: string;
  game_name: string;
  type: 'live' | '';
  title: string;
  viewer_count: number;
  started_at: string;
  language: string;
  thumbnail_url: string;
  tag_ids: string[];
  tags: string[];
  is_mature: boolean;
}

export interface StreamOnlineRequest {
  title?: string;
  game_id?: string;
  viewer_count?: number;
  vod?: boolean;
  language?: string;
  is_mature?: boolean;
  kind?: 'live' | 'premiere' | 'rerun';
}
