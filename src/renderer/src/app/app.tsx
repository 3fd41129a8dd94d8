import { useLayoutEffect, useRef } from 'react';
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
  // Every panel opens at its top: the one scroll box is shared, and a panel left scrolled down
  // (the Live view's chat, a long form) would otherwise open the next one in its middle.
  const content = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (content.current) content.current.scrollTop = 0;
  }, [panel.id]);
  return (
    <div className="app">
      <Header />
      <Sidebar />
      <main className="content" ref={content}>
        <ActionError action="app.load" what="Could not reach Sidestage" />
        <DataRecoveryBanners />
        {panel.render()}
      </main>
      <StatusBar />
      <Toasts />
    </div>
  );
}
