import { store, useSidestage } from '../store';
import { findPanel, panels } from './panel-registry';

export function Sidebar() {
  const active = useSidestage((state) => findPanel(state.activePanel).id);
  const { setActivePanel } = store.getState();
  return (
    <nav className="sidebar" aria-label="Panels">
      <ul>
        {panels.map((panel) => (
          <li key={panel.id}>
            <button
              type="button"
              className="nav-button"
              aria-current={panel.id === active ? 'page' : undefined}
              onClick={() => setActivePanel(panel.id)}
            >
              {panel.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
