import { SimulateViewersSwitch } from '../features/demo/simulate-viewers-switch';
import { ShieldModeBadge } from '../features/moderation/shield-mode-control';
import { useSidestage } from '../store';

export function Header() {
  const version = useSidestage((state) => state.appInfo?.version ?? null);
  return (
    <header className="header">
      <h1 className="brand">Sidestage</h1>
      {version ? <span className="muted small">v{version}</span> : null}
      <ShieldModeBadge />
      <SimulateViewersSwitch />
    </header>
  );
}
