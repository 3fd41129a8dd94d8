import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../../shared/ipc/contract';
import { ActivityList } from './activity-list';

const items: ActivityItem[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `e${i}`,
  kind: i % 10 === 0 ? 'raid' : 'cheer',
  at: '2030-01-01T10:00:00Z',
  who: `Viewer ${i}`,
  whoId: String(600_000_000 + i),
  text: `cheered ${i} bits`,
  amount: i,
}));

describe('ActivityList', () => {
  it('puts only the rows in view in the DOM, whatever the number of items', () => {
    const html = renderToString(<ActivityList items={items} shoutoutPending={false} onShoutout={() => {}} />);
    const rows = html.match(/<li /g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    // The scroll height is still that of all 10,000 rows, so the scrollbar tells the truth.
    expect(html).toContain('height:560000px');
    expect(html).toContain('aria-setsize="10000"');
    // The newest (first) rows are the ones shown; a raid among them has its shoutout, named.
    expect(html).toContain('Viewer 0');
    expect(html).toContain('aria-label="Shoutout to Viewer 0"');
    expect(html).not.toContain('Viewer 9999');
  });
});
