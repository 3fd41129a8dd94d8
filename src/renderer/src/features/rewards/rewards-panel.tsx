import { useMemo, useState } from 'react';
import type { CustomReward } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { ConfirmDelete } from '../../components/confirm-delete';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { deleteWarning, draftOf, draftProblems, emptyDraft, inputOf, rewardAvailability, type RewardDraft } from './reward-form-model';
import { useNow } from '../../lib/use-now';
import { RewardFormView } from './reward-form';
import '../channel-points.css';
import './rewards.css';

const readOnlyReason = 'Read-only: created outside Sidestage. The platform lets only the app that created a reward change it or its redemptions.';

export function RewardsPanel() {
  return (
    <section className="panel" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">Rewards</h2>
      <ChannelGate signedOut={<p>Sign in to manage your channel-point rewards.</p>}>
        <RewardsBody />
      </ChannelGate>
    </section>
  );
}

function RewardsBody() {
  const overview = useSidestage((s) => s.rewards);
  const adoptNote = useSidestage((s) => s.adoptNote);
  const [editing, setEditing] = useState<CustomReward | 'new' | null>(null);
  const { loadRewards, dismissAdoptNote } = store.getState();
  if (!overview) return <ActionError action="rewards.load" what="Could not load the rewards" />;
  return (
    <div className="stack">
      <div className="button-row">
        <button type="button" className="primary" onClick={() => setEditing('new')} disabled={editing !== null}>
          New reward
        </button>
        <button type="button" onClick={() => void loadRewards()}>
          Refresh
        </button>
      </div>
      <ActionError action="rewards.load" what="Could not load the rewards" />
      <ActionError action="rewards.toggle" what="Could not change the reward" />
      <ActionError action="rewards.delete" what="Could not delete the reward" />
      <ActionError action="rewards.adopt" what="Could not adopt the reward" />
      {adoptNote ? (
        <Banner tone="info" title="Adopted" onDismiss={dismissAdoptNote}>
          <p>{adoptNote}</p>
        </Banner>
      ) : null}
      {editing ? <RewardForm reward={editing === 'new' ? null : editing} all={overview.rewards} onDone={() => setEditing(null)} /> : null}
      <ul className="reward-list" aria-label="Rewards">
        {overview.rewards.map((r) => (
          <RewardItem key={r.id} reward={r} onEdit={() => setEditing(r)} />
        ))}
      </ul>
    </div>
  );
}

function RewardItem({ reward: r, onEdit }: { reward: CustomReward; onEdit(): void }) {
  const pending = useSidestage((s) => s.queue?.items.filter((x) => x.rewardId === r.id).length ?? 0);
  const [confirming, setConfirming] = useState(false);
  // Ticks while a cooldown may be running; the platform marks such a reward "not in stock".
  const now = useNow(1000, r.cooldownExpiresAt !== null || !r.isInStock);
  const availability = rewardAvailability(r, now);
  const { toggleReward, deleteReward, adoptReward } = store.getState();
  return (
    <li data-reward-id={r.id} aria-label={r.title}>
      <div>
        <span className="reward-swatch" style={{ background: r.backgroundColor }} aria-hidden="true" />
        <strong>{r.title}</strong> <span className="muted small">{r.cost.toLocaleString()} points</span>
        {!r.isEnabled ? <span className="badge"> disabled</span> : null}
        {r.isPaused ? <span className="badge"> paused</span> : null}
        {availability ? (
          <span className="badge" data-testid="reward-availability">
            {' '}
            {availability}
          </span>
        ) : null}
      </div>
      {r.prompt ? <p className="small muted">{r.prompt}</p> : null}
      {r.manageable ? (
        <div className="button-row">
          <button type="button" onClick={onEdit} aria-label={`Edit ${r.title}`}>
            Edit
          </button>
          <button type="button" onClick={() => void toggleReward(r.id, { isPaused: !r.isPaused })} aria-label={`${r.isPaused ? 'Resume' : 'Pause'} ${r.title}`}>
            {r.isPaused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" onClick={() => void toggleReward(r.id, { isEnabled: !r.isEnabled })} aria-label={`${r.isEnabled ? 'Disable' : 'Enable'} ${r.title}`}>
            {r.isEnabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" className="danger quiet" onClick={() => setConfirming(true)} aria-label={`Delete ${r.title}`}>
            Delete
          </button>
        </div>
      ) : (
        <div className="button-row">
          <span className="small muted">{readOnlyReason}</span>
          <button type="button" onClick={() => void adoptReward(r.id)} aria-label={`Adopt ${r.title}`}>
            Adopt
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmDelete
          name={r.title}
          onDelete={() => {
            setConfirming(false);
            void deleteReward(r.id);
          }}
          onKeep={() => setConfirming(false)}
        >
          {deleteWarning(r.title, pending)}
        </ConfirmDelete>
      ) : null}
    </li>
  );
}

function RewardForm({ reward, all, onDone }: { reward: CustomReward | null; all: CustomReward[]; onDone(): void }) {
  const [draft, setDraft] = useState<RewardDraft>(() => (reward ? draftOf(reward) : emptyDraft));
  const [tried, setTried] = useState(false);
  const saving = useSidestage((s) => selectAction('rewards.save')(s).pending);
  const others = useMemo(() => all.filter((r) => r.id !== reward?.id).map((r) => r.title), [all, reward]);
  const problems = draftProblems(draft, others, reward ? null : all.length);
  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    if (await store.getState().saveReward(reward?.id ?? null, inputOf(draft))) onDone();
  };
  return (
    <RewardFormView
      name={reward ? `Edit ${reward.title}` : 'New reward'}
      draft={draft}
      onField={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
      problems={problems}
      tried={tried}
      saving={saving}
      submitLabel={reward ? 'Save' : 'Create reward'}
      onSubmit={() => void submit()}
      onCancel={onDone}
      footer={<ActionError action="rewards.save" what="Could not save the reward" />}
    />
  );
}
