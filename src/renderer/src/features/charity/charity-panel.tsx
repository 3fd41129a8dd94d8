import { campaignProgress, formatAmount } from '../../../../shared/domain/charity-amount';
import type { CharityOverview } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import '../channel-points.css';

/** The words for each state that has no campaign to show. */
export function charityStateWords(state: CharityOverview['state']): string | null {
  switch (state) {
    case 'none':
      return 'No charity campaign is running on your channel. Start one in the creator dashboard; it shows here as soon as it begins.';
    case 'ended':
      return 'Your charity campaign has ended. Donations are no longer available from the platform once a campaign ends.';
    case 'notEligible':
      return 'Charity campaigns are for partners and affiliates: this channel is neither, so the platform shows no campaign.';
    case 'signedOut':
      return 'Sign in to see your charity campaign.';
    case 'loading':
      return 'Loading your charity campaign…';
    default:
      return null;
  }
}

export function CharityPanel() {
  const overview = useSidestage((s) => s.charity);
  return (
    <section className="panel" aria-labelledby="charity-heading">
      <h2 id="charity-heading">Charity</h2>
      <ChannelGate signedOut={<p>{charityStateWords('signedOut')}</p>}>
        {overview ? <CharityBody overview={overview} /> : <p className="muted">Loading…</p>}
      </ChannelGate>
      <ActionError action="charity.load" what="Could not load the charity campaign" />
    </section>
  );
}

function CharityBody({ overview }: { overview: CharityOverview }) {
  const refreshing = useSidestage((s) => selectAction('charity.refresh')(s).pending);
  const loadingMore = useSidestage((s) => selectAction('charity.loadMore')(s).pending);
  const { refreshCharity, loadMoreDonations } = store.getState();
  const words = charityStateWords(overview.state);
  const campaign = overview.campaign;
  const progress = campaign ? campaignProgress(campaign.currentAmount, campaign.targetAmount) : null;
  const raised = campaign ? formatAmount(campaign.currentAmount) : '';
  return (
    <div className="stack">
      <div className="button-row">
        <button type="button" disabled={refreshing} onClick={() => void refreshCharity()}>
          Refresh
        </button>
      </div>
      <ActionError action="charity.refresh" what="Could not refresh the campaign" />
      {overview.error ? <p className="error-text">{overview.error}</p> : null}
      {words ? <p data-testid="charity-state">{words}</p> : null}
      {campaign && overview.state === 'active' ? (
        <div className="stack">
          <h3>{campaign.charityName}</h3>
          {campaign.charityDescription ? <p className="muted small">{campaign.charityDescription}</p> : null}
          <p data-testid="charity-raised">
            <strong>{raised}</strong> raised{campaign.targetAmount ? ` of ${formatAmount(campaign.targetAmount)}` : ''}
            {progress ? ` (${Math.floor(progress.ratio * 100)}%)` : ''}
          </p>
          {progress ? (
            <progress
              className="charity-progress"
              max={1}
              value={progress.bar}
              aria-label="Campaign progress"
              aria-valuetext={`${raised} of ${formatAmount(campaign.targetAmount!)}`}
            />
          ) : null}
          <h3>Donations</h3>
          {overview.donations.length === 0 ? <p className="muted">No donations yet.</p> : null}
          <ul className="donation-list" aria-label="Donations, newest first">
            {overview.donations.map((d) => (
              <li key={d.id} data-donation-id={d.id}>
                <strong>{d.userName}</strong> donated {formatAmount(d.amount)}
                {d.receivedAt ? <span className="muted small"> · {new Date(d.receivedAt).toLocaleTimeString()}</span> : null}
              </li>
            ))}
          </ul>
          {overview.hasMore ? (
            <div className="button-row">
              <button type="button" disabled={loadingMore} onClick={() => void loadMoreDonations()}>
                Load older donations
              </button>
            </div>
          ) : null}
          <ActionError action="charity.loadMore" what="Could not load older donations" />
        </div>
      ) : null}
    </div>
  );
}
