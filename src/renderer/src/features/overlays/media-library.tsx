import { useRef } from 'react';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { mediaKindLabels } from '../../../../shared/ipc/contract';

/** What the file chooser offers; the bytes are checked again in main, whatever the name says. */
const accepted = 'image/png,image/gif,image/jpeg,image/webp,video/webm,video/mp4,audio/mpeg,audio/ogg,audio/wav,.webm,.mp4,.mp3,.ogg,.wav';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The images, GIFs, videos and sounds alerts can use, copied into Sidestage's data folder. */
export function MediaLibrarySection() {
  const items = useSidestage((s) => s.media?.items);
  const adding = useSidestage((s) => selectAction('media.add')(s).pending);
  const input = useRef<HTMLInputElement>(null);
  const { addMedia, removeMedia } = store.getState();
  return (
    <FormSection title="Images, videos and sounds" description="PNG, GIF, JPEG or WebP images and MP3, Ogg or WAV sounds up to 5 MB each, WebM (with transparency) or MP4 videos up to 20 MB, copied into Sidestage's data folder.">
      {items && items.length > 0 ? (
        <ul className="media-list" aria-label="Images, videos and sounds">
          {items.map((item) => (
            <li key={item.id}>
              <span className="media-name">{item.name}</span>
              <span className="muted small">
                {mediaKindLabels[item.kind]} · {size(item.bytes)}
              </span>
              <button type="button" className="quiet" aria-label={`Remove ${item.name}`} onClick={() => void removeMedia(item.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No images, videos or sounds yet.</p>
      )}
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept={accepted}
        aria-label="Choose an image, a video or a sound"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void addMedia(file);
        }}
      />
      <div className="button-row">
        <button type="button" disabled={adding} onClick={() => input.current?.click()}>
          {adding ? 'Adding…' : 'Add an image, a video or a sound'}
        </button>
      </div>
      <ActionError action="media.add" what="Not added" />
    </FormSection>
  );
}
