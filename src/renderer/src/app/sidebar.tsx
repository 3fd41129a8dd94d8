import { store, useSidestage } from '../store';
import { findPanel, panels } from './panel-registry';

/**
 * The panels. Wide: a sidebar. Under 600 px (an OBS dock) the stylesheet turns the same list into
 * a compact strip of tabs that wraps, so every panel stays one press away and nothing scrolls sideways.
 */
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
