/** Stream markers in the current API's shape (spec 4.11). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Marker } from '../../domain/stores/markers';
import { videoUrl } from './videos';

/** `0h4m06s`: the offset in a marker's URL. */
export function markerOffset(positionSeconds: number): string {
  const h = Math.floor(positionSeconds / 3600);
  const m = Math.floor((positionSeconds % 3600) / 60);
  const s = positionSeconds % 60;
  return `${h}h${m}m${String(s).padStart(2, '0')}s`;
}

export function helixMarker(state: EmulatorState, marker: Marker) {
  return {
    id: marker.id,
    created_at: toRfc3339(marker.createdAt),
    description: marker.description,
    position_seconds: marker.positionSeconds,
    URL: `${videoUrl(state, marker.videoId)}?t=${markerOffset(marker.positionSeconds)}`,
  };
}
