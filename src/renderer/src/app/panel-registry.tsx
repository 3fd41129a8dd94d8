/**
 * The panels of the sidebar, in order. Adding a panel is one entry here and its component in
 * src/features/<panel>/; the shell, sidebar and store need no change.
 */
import type { ReactNode } from 'react';
import { AccountPanel } from '../features/account/account-panel';
import { IngestPanel } from '../features/ingest/ingest-panel';

export interface PanelDefinition {
  /** Stable id, kept in the store's `activePanel`. */
  id: string;
  /** The sidebar button's text and accessible name. */
  title: string;
  /** Renders the panel; a function rather than a component reference so the shell stays static. */
  render: () => ReactNode;
}

export const panels: readonly PanelDefinition[] = [
  { id: 'account', title: 'Account', render: () => <AccountPanel /> },
  { id: 'ingest', title: 'Ingest', render: () => <IngestPanel /> },
];

/** The panel for an id, falling back to the first so that a stale id never shows nothing. */
export function findPanel(id: string, registry: readonly PanelDefinition[] = panels): PanelDefinition {
  const panel = registry.find((candidate) => candidate.id === id) ?? registry[0];
  if (!panel) throw new Error('The panel registry is empty.');
  return panel;
}
