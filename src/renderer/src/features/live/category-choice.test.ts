import { describe, expect, it } from 'vitest';
import { chooseCategory } from './category-choice';

const results = [
  { id: '509658', name: 'Just Chatting', boxArtUrl: '' },
  { id: '743', name: 'Chess', boxArtUrl: '' },
];

describe('the category on Save', () => {
  it('takes the chosen one, or a result the text names exactly', () => {
    expect(chooseCategory('Chess', { id: '743', name: 'Chess' }, [])).toEqual({ ok: true, id: '743', name: 'Chess' });
    expect(chooseCategory(' just chatting ', { id: '743', name: 'Chess' }, results)).toEqual({ ok: true, id: '509658', name: 'Just Chatting' });
  });

  it('refuses a partial or unknown entry with a reason instead of ignoring it', () => {
    expect(chooseCategory('Just Chat', { id: '743', name: 'Chess' }, results)).toEqual({ ok: false, reason: '"Just Chat" is not a category on the platform: choose one from the list.' });
    expect(chooseCategory('', { id: '743', name: 'Chess' }, results).ok).toBe(false);
    expect(chooseCategory('', { id: '', name: '' }, results)).toEqual({ ok: true, id: '', name: '' });
  });
});
