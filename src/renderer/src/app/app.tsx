import { useSidestage } from '../store';
import { ActionError } from '../components/action-error';
import { Header } from './header';
import { findPanel } from './panel-registry';
import { Sidebar } from './sidebar';
import { StatusBar } from './status-bar';
import { Toasts } from '../components/toasts';
import { DataRecoveryBanners } from '../components/data-recovery-banners';
import './shell.css';

export function App() {
  const panel = useSidestage((state) => findPanel(state.activePanel));
  return (
    <div className="app">
      <Header />
      <Sidebar />
      <main className="content">
        <ActionError action="app.load" what="Could not reach Sidestage" />
        <DataRecoveryBanners />
        {panel.render()}
      </main>
      <StatusBar />
      <Toasts />
    </div>
  );
}
