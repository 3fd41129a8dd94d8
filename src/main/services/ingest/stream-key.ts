/**
 * The current broadcaster's stream key (GET /helix/streams/key) for the `IngestService`, and the
 * rule that a different account (or none) drops the key read for the last one.
 */
import type { Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import type { CurrentBroadcaster } from '../common/current-broadcaster';

export function streamKeyReader(api: Pick<ApiClient, 'get'>, broadcaster: Pick<CurrentBroadcaster, 'id' | 'canCallApi'>): () => Promise<string> {
  return async () => {
    const { id, canCallApi } = broadcaster;
    if (!id || !canCallApi) throw new AppError('not_signed_in', 'Sign in to read your stream key.');
    const data = await api.get<{ data: { stream_key: string }[] }>('/helix/streams/key', { broadcaster_id: id });
    const key = data.data[0]?.stream_key;
    if (!key) throw new AppError('unavailable', 'The platform returned no stream key.');
    return key;
  };
}

/** Drops the cached key when the broadcaster changes; a renewed sign-in of the same account keeps it. */
export function resetStreamKeyOnAccountChange(ingest: { resetStreamKey(): Promise<unknown> }, broadcaster: Pick<CurrentBroadcaster, 'onChange'>): Disposer {
  return broadcaster.onChange((change) => {
    // A failed re-read shows in the overview (the key's error, the directory's); nothing to add here.
    if (change.id !== change.previousId) ingest.resetStreamKey().catch(() => {});
  });
}
