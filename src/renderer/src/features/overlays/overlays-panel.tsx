import type { WidgetId } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { useSidestage } from '../../store';
import { AlertQueueControls } from './alert-queue-controls';
import { AlertSettingsSection } from './alert-settings';
import { AddGoal, GoalSettings } from './goal-settings';
import { MediaLibrarySection } from './media-library';
import { ChatOverlayOptionsForm } from './chat-overlay-options';
import { OverlayCard, RedemptionPick } from './overlay-card';
import { OverlayServerSettings } from './overlay-server-settings';
import { SpeechSettingsSection } from './speech-settings';
import { WidgetSettings } from './widget-settings';
import './overlays.css';

/**
 * Overlays for OBS browser sources: the alerts now (showing, waiting, pause, skip, replay, test),
 * each overlay with its URL, Add to OBS, a preview and its settings, the media library and the server.
 */
export function OverlaysPanel() {
  const overlays = useSidestage((s) => s.overlays);
  return (
    <section className="panel overlays-panel" aria-labelledby="overlays-heading">
      <h2 id="overlays-heading">Overlays</h2>
      <p className="muted small">
        What viewers see on your stream: add each overlay to OBS as a browser source (1920×1080). Nothing goes through the cloud: Sidestage serves them on your computer.
      </p>
      <ActionError action="overlays.load" what="Could not load the overlays" />
      {!overlays ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          {overlays.server.status === 'failed' ? (
            <p className="error-text" role="alert">
              {overlays.server.error}
            </p>
          ) : null}
          <FormSection title="Alerts now" description="One at a time, with a gap; they wait during an ad break.">
            <AlertQueueControls />
          </FormSection>
          <FormSection title="Your overlays">
            <div className="overlay-cards">
              {overlays.overlays.map((overlay) => {
                const goal = overlay.kind === 'goal' ? overlays.goals.find((g) => `goal/${g.id}` === overlay.key) : undefined;
                return (
                  <OverlayCard key={overlay.key} overlay={overlay}>
                    {goal ? <GoalSettings goal={goal} /> : null}
                    {overlay.kind === 'redemption' ? <RedemptionPick /> : null}
                    {overlay.kind === 'chat' ? <ChatOverlayOptionsForm /> : null}
                    {overlay.kind === 'widget' ? <WidgetSettings widget={overlay.key.slice('widget/'.length) as WidgetId} /> : null}
                  </OverlayCard>
                );
              })}
            </div>
            <AddGoal />
          </FormSection>
          <AlertSettingsSection alerts={overlays.alerts} />
          <SpeechSettingsSection />
          <MediaLibrarySection />
          <OverlayServerSettings />
        </>
      )}
    </section>
  );
}
