// The design tokens and the shared styles first: each feature's own stylesheet, imported by its
// component, comes after them and builds on them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { panels } from './app/panel-registry';
import { rememberPanel, sessionPanelStorage } from './app/panel-memory';
import { applyTheme, localThemeStorage } from './app/theme';
import { startStore, store } from './store';

// Before the first render: a reload shows the panel in use at once, not the default first.
rememberPanel(
  store,
  sessionPanelStorage(),
  panels.map((panel) => panel.id),
);
applyTheme(store, document.documentElement, localThemeStorage());
// Loads app info and the account state, and follows main's events from here on.
startStore();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
