import { useState } from 'react';

/** Profile picture, or the name's initial when there is none or it fails to load. */
export function Avatar({ url, name }: { url: string; name: string }) {
  // Remembers which URL failed, so that a new picture URL gets its own try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <span className="avatar avatar-initial" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img className="avatar" src={url} alt={`Profile picture of ${name}`} width={64} height={64} onError={() => setFailedUrl(url)} />
  );
}
