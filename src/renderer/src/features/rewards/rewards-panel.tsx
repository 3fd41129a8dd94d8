import { useMemo, useState, type FormEvent } from 'react';
import type { CustomReward } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { ColorInput } from '../../components/color-input';
import { DurationInput } from '../../components/duration-input';
import { FormSection } from '../../components/form-section';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction, selectIsSignedIn } from '../../store/selectors';
import { deleteWarning, draftOf, draftProblems, emptyDraft, inputOf, rewardAvailability, type RewardDraft } from './reward-form-model';
import { useNow } from '../../lib/use-now';
import '../channel-points.css';
import './rewards.css';

const readOnlyReason = 'Read-only: created outside Sidestage. The platform lets only the app that created a reward change it or its redemptions.';

export function RewardsPanel() {
  const signedIn = useSidestage(selectIsSignedIn);
  return (
    <section className="panel" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">Rewards</h2>
      {signedIn ? <RewardsBody /> : <p>Sign in to manage your channel-point rewards.</p>}
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
        <Banner tone="info" title="Adopted">
          <p>{adoptNote}</p>
          <button type="button" className="quiet" onClick={dismissAdoptNote}>
            Got it
          </button>
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
        <div className="action-error" role="alertdialog" aria-label={`Delete ${r.title}?`}>
          <p>{deleteWarning(r.title, pending)}</p>
          <div className="button-row">
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(false);
                void deleteReward(r.id);
              }}
            >
              Delete
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
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
  const field = <K extends keyof RewardDraft>(key: K) => (value: RewardDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length) return;
    if (await store.getState().saveReward(reward?.id ?? null, inputOf(draft))) onDone();
  };
  const show = (key: keyof typeof problems) => (tried || key === 'title' || key === 'prompt') && problems[key] ? <span className="error-text field-error small" id={`reward-${key}-error`}>{problems[key]}</span> : null;
  const described = (key: keyof typeof problems) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `reward-${key}-error` } : {});
  return (
    <form className="stack options" onSubmit={(e) => void submit(e)} aria-label={reward ? `Edit ${reward.title}` : 'New reward'} noValidate>
      <div className="reward-form">
        <div className="field">
          <label htmlFor="reward-title" className="field-label">
            Title
          </label>
          <input id="reward-title" type="text" value={draft.title} maxLength={60} onChange={(e) => field('title')(e.target.value)} {...described('title')} />
          {show('title')}
        </div>
        <div className="field">
          <label htmlFor="reward-cost" className="field-label">
            Cost (points)
          </label>
          <input id="reward-cost" type="number" min={1} step={1} value={draft.cost} onChange={(e) => field('cost')(e.target.value)} {...described('cost')} />
          {show('cost')}
        </div>
        <div className="field">
          <label htmlFor="reward-prompt" className="field-label">
            Prompt
          </label>
          <textarea id="reward-prompt" value={draft.prompt} rows={2} onChange={(e) => field('prompt')(e.target.value)} {...described('prompt')} />
          {show('prompt')}
        </div>
        {/* Upper case, as the form has always sent it (the picker answers in lower case). */}
        <ColorInput label="Background colour" value={draft.backgroundColor} onChange={(value) => field('backgroundColor')(value.toUpperCase())} />
        {show('backgroundColor')}
        <FormSection title="Options">
          <Switch checked={draft.isEnabled} onChange={field('isEnabled')}>
            Enabled (visible to viewers)
          </Switch>
          <Switch checked={draft.isUserInputRequired} onChange={field('isUserInputRequired')}>
            Viewer must type a message
          </Switch>
          <Switch checked={draft.skipQueue} onChange={field('skipQueue')}>
            Skip the queue (redemptions are fulfilled at once)
          </Switch>
        </FormSection>
        <FormSection title="Limits">
          <div className="reward-limit">
            <Switch checked={draft.maxPerStreamEnabled} onChange={field('maxPerStreamEnabled')}>
              Limit per stream
            </Switch>
            <input type="number" min={1} aria-label="Redemptions per stream" disabled={!draft.maxPerStreamEnabled} value={draft.maxPerStream} onChange={(e) => field('maxPerStream')(e.target.value)} {...described('maxPerStream')} />
            {show('maxPerStream')}
          </div>
          <div className="reward-limit">
            <Switch checked={draft.maxPerUserEnabled} onChange={field('maxPerUserEnabled')}>
              Limit per viewer per stream
            </Switch>
            <input type="number" min={1} aria-label="Redemptions per viewer per stream" disabled={!draft.maxPerUserEnabled} value={draft.maxPerUser} onChange={(e) => field('maxPerUser')(e.target.value)} {...described('maxPerUserPerStream')} />
            {show('maxPerUserPerStream')}
          </div>
          <div className="reward-limit">
            <Switch checked={draft.cooldownEnabled} onChange={field('cooldownEnabled')}>
              Cooldown
            </Switch>
            {/* Minutes, as the platform's own pages ask; the model sends seconds (reward-form-model). */}
            <DurationInput
              label="Cooldown in minutes"
              labelHidden
              unit="minutes"
              min={1}
              step="any"
              disabled={!draft.cooldownEnabled}
              value={draft.cooldownMinutes}
              onChange={field('cooldownMinutes')}
              error={tried ? (problems.globalCooldown ?? null) : null}
            />
          </div>
        </FormSection>
      </div>
      {problems.count ? <p className="error-text">{problems.count}</p> : null}
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {reward ? 'Save' : 'Create reward'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ActionError action="rewards.save" what="Could not save the reward" />
    </form>
  );
}
