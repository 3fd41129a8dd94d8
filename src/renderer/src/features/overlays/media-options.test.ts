import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../../shared/ipc/contract';
import { mediaOptions } from './media-options';

const item = (id: string, kind: MediaItem['kind']): MediaItem => ({ id, name: `${id}.file`, kind, contentType: kind === 'image' ? 'image/png' : 'audio/wav', bytes: 1 });

describe('mediaOptions', () => {
  it('lists the items of one slot after the empty choice (a picture: images and videos), and says when the chosen one was removed', () => {
    const items = [item('a', 'image'), item('b', 'sound'), item('c', 'image'), item('v', 'video')];
    expect(mediaOptions(items, 'visual', null)).toEqual([
      { value: '', label: 'None' },
      { value: 'a', label: 'a.file' },
      { value: 'c', label: 'c.file' },
      { value: 'v', label: 'v.file' },
    ]);
    expect(mediaOptions(items, 'sound', 'gone', 'Choose…')).toEqual([
      { value: '', label: 'Choose…' },
      { value: 'b', label: 'b.file' },
      { value: 'gone', label: '(removed from the library)' },
    ]);
  });
});
