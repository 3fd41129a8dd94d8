import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { ingestSourceNote, selectAction, selectIsProbing } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { IngestOptions } from './ingest-options';
import { ServerTable } from './server-table';
import { StreamUrl } from './stream-url';
import { SendToObs } from '../obs/send-to-obs';

export function IngestPanel() {
  return (
    <section className="panel" aria-labelledby="ingest-heading">
      <h2 id="ingest-heading">Ingest</h2>
      <ChannelGate signedOut={<SignInPrompt />}>
        <IngestBody />
      </ChannelGate>
    </section>
  );
}

function SignInPrompt() {
  return (
    <div className="stack">
      <p>Sign in to choose an ingest server and copy your stream settings into the encoder.</p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => store.getState().setActivePanel('account')}>
          Go to Account
        </button>
      </div>
    </div>
  );
}

function IngestBody() {
  const overview = useSidestage((state) => state.ingest);
  const loading = useSidestage((state) => selectAction('ingest.load')(state).pending);

  if (!overview) {
    return (
      <>
        <p className="muted">{loading ? 'Loading ingest servers…' : 'No ingest servers loaded.'}</p>
        <ActionError action="ingest.load" what="Could not load the ingest servers" />
      </>
    );
  }

  const sourceNote = ingestSourceNote(overview);
  return (
    <div className="stack">
      <Toolbar />
      {sourceNote ? <Banner tone="info">{sourceNote}</Banner> : null}
      <ActionError action="ingest.load" what="Could not load the ingest servers" />
      <ServerTable />
      <IngestOptions />
      <StreamUrl />
      <SendToObs />
    </div>
  );
}

function Toolbar() {
  const probing = useSidestage(selectIsProbing);
  const refreshing = useSidestage((state) => selectAction('ingest.refresh')(state).pending);
  const { probeIngest, refreshIngest } = store.getState();
  return (
    <>
      <div className="button-row">
        <button type="button" className="primary" disabled={probing} onClick={() => void probeIngest()}>
          Measure latency
        </button>
        <button type="button" disabled={refreshing} onClick={() => void refreshIngest()}>
          Refresh list
        </button>
        {probing ? <progress className="inline-progress" aria-label="Measuring latency" /> : null}
      </div>
      <LiveStatus>{probing ? 'Measuring latency…' : refreshing ? 'Refreshing the list…' : ''}</LiveStatus>
      <ActionError action="ingest.probe" what="Could not measure latency" />
      <ActionError action="ingest.refresh" what="Could not refresh the list" />
    </>
  );
}
