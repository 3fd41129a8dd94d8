/**
 * The panels of the sidebar, in order. Adding a panel is one entry here and its component in
 * src/features/<panel>/; the shell, sidebar and store need no change.
 */
import type { ReactNode } from 'react';
import { QueuePanel } from '../features/queue/queue-panel';
import { CharityPanel } from '../features/charity/charity-panel';
import { RewardsPanel } from '../features/rewards/rewards-panel';
import { AccountPanel } from '../features/account/account-panel';
import { IngestPanel } from '../features/ingest/ingest-panel';
import { LivePanel } from '../features/live/live-panel';
import { MarkersPanel } from '../features/markers/markers-panel';
import { ChatSettingsPanel } from '../features/chat-settings/chat-settings-panel';
import { ObsPanel } from '../features/obs/obs-panel';
import { GoLivePanel } from '../features/go-live/go-live-panel';
import { SettingsPanel } from '../features/settings/settings-panel';
import { AutomationsPanel } from '../features/automations/automations-panel';
import { OverlaysPanel } from '../features/overlays/overlays-panel';
import { BroadcastsPanel } from '../features/broadcasts/broadcasts-panel';

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
  { id: 'obs', title: 'OBS', render: () => <ObsPanel /> },
  { id: 'go-live', title: 'Go live', render: () => <GoLivePanel /> },
  { id: 'live', title: 'Live', render: () => <LivePanel /> },
  { id: 'markers', title: 'Markers', render: () => <MarkersPanel /> },
  { id: 'broadcasts', title: 'Broadcasts', render: () => <BroadcastsPanel /> },
  { id: 'chat-settings', title: 'Chat settings', render: () => <ChatSettingsPanel /> },
  { id: 'queue', title: 'Queue', render: () => <QueuePanel /> },
  { id: 'rewards', title: 'Rewards', render: () => <RewardsPanel /> },
  { id: 'charity', title: 'Charity', render: () => <CharityPanel /> },
  { id: 'overlays', title: 'Overlays', render: () => <OverlaysPanel /> },
  { id: 'automations', title: 'Automations', render: () => <AutomationsPanel /> },
  { id: 'settings', title: 'Settings', render: () => <SettingsPanel /> },
];

/** The panel for an id, falling back to the first so that a stale id never shows nothing. */
export function findPanel(id: string, registry: readonly PanelDefinition[] = panels): PanelDefinition {
  const panel = registry.find((candidate) => candidate.id === id) ?? registry[0];
  if (!panel) throw new Error('The panel registry is empty.');
  return panel;
}
