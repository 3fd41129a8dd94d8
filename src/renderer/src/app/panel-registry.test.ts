import { describe, expect, it } from 'vitest';
import { findPanel, panels } from './panel-registry';

describe('panel registry', () => {
  it('lists Account then Ingest with unique ids', () => {
    // Account and Ingest first; feature panels follow in the order they were added.
    expect(panels.map((panel) => panel.title).slice(0, 2)).toEqual(['Account', 'Ingest']);
    expect(panels.map((panel) => panel.title)).toEqual(expect.arrayContaining(['Live', 'Markers', 'Chat settings']));
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
  });

  it('falls back to the first panel for an unknown id', () => {
    expect(findPanel('ingest').id).toBe('ingest');
    expect(findPanel('gone').id).toBe('account');
  });
});
