import { formatClockTime } from '../../lib/format';
import { useSidestage } from '../../store/index';
import type { TileFormProps } from '../../components/tiles/tile-model';

/** The clip tile's sheet: the clips made since the start, each with its edit link once the platform lists it. */
export function ClipForm(_props: TileFormProps) {
  const recent = useSidestage((state) => state.clips?.recent) ?? [];
  if (recent.length === 0) return <p className="muted">No clip yet. K (or the tile) makes one of the last seconds while you are live.</p>;
  return (
    <ul className="quick-action-list" aria-label="Recent clips">
      {recent.map((clip, i) => (
        <li key={clip.requestId}>
          <span>
            Clip of {formatClockTime(clip.pressedAt)}: <span className="muted">{describeClip(clip.status, clip.error)}</span>
          </span>
          {clip.editUrl ? (
            <a href={clip.editUrl} target="_blank" rel="noreferrer noopener" data-testid={i === 0 ? 'clip-edit-link' : undefined}>
              Edit the clip
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function describeClip(status: string, error: string | null): string {
  switch (status) {
    case 'creating':
      return 'Creating the clip…';
    case 'processing':
      return 'Clip created: the platform is processing it.';
    case 'ready':
      return 'Clip ready.';
    default:
      return `Clip failed: ${error ?? 'unknown reason'}`;
  }
}
