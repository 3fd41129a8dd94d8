import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { DraftInput, wholeNumberProblem } from './draft-input';

/** The overlay server's port (kept across restarts) and reduced motion: shown in Overlays and in Settings. */
export function OverlayServerSettings() {
  const overlays = useSidestage((s) => s.overlays);
  const pending = useSidestage((s) => selectAction('overlays.port')(s).pending);
  if (!overlays) return null;
  const { server } = overlays;
  return (
    <FormSection title="Overlay server" description="OBS loads overlays from this port on your computer; it stays the same from one start to the next, so your browser sources keep working.">
      <p data-testid="overlay-server-status" className={server.status === 'failed' ? 'error-text' : undefined}>
        {server.status === 'running' ? `Serving overlays on port ${server.port}.` : server.status === 'starting' ? 'Starting…' : (server.error ?? 'Not serving overlays.')}
      </p>
      {server.status === 'running' && server.error ? <p className="error-text small">{server.error}</p> : null}
      {!server.pagesBuilt ? <p className="error-text small">This build has no overlay pages: run npm run build.</p> : null}
      <label className="field overlay-port">
        <span className="field-label">Port</span>
        <DraftInput
          type="number"
          min={1024}
          max={65535}
          disabled={pending}
          saved={server.port ? String(server.port) : ''}
          problem={wholeNumberProblem(1024, 65_535)}
          onCommit={(draft) => void store.getState().setOverlayPort(Number(draft))}
        />
      </label>
      <p className="muted small">A new port (saved when you leave the field) changes every overlay’s URL: add them to OBS again afterwards.</p>
      <ActionError action="overlays.port" what="The port was not changed" />
      <Switch checked={overlays.reducedMotion} onChange={(on) => void store.getState().setOverlaysReducedMotion(on)}>
        Reduced motion on overlays
      </Switch>
      <ActionError action="overlays.reducedMotion" what="Not saved" />
    </FormSection>
  );
}
