import { useEffect, useId, useState } from 'react';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { LiveStatus } from '../../components/live-status';
import { Select } from '../../components/select';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { autoModLevels } from './moderation-format';
import './moderation.css';

const levelOptions = [
  ...autoModLevels.map((l) => ({ value: String(l.level), label: l.label })),
  // Set category by category elsewhere: shown as such until a level is chosen here.
  { value: 'custom', label: 'Set category by category' },
];

/**
 * Chat settings' AutoMod level and blocked terms: the platform holds or stops what they catch.
 * Main reads them only when first needed: this section asks when it shows them unread.
 */
export function ChatRulesSettings() {
  const rules = useSidestage((s) => s.chatRules);
  const unread = useSidestage((s) => s.auth?.status === 'signedIn' && !!s.chatRules && s.chatRules.autoMod === null && s.chatRules.blockedTerms === null && s.chatRules.error === null);
  useEffect(() => {
    if (unread) void store.getState().refreshChatRules();
  }, [unread]);
  const settingLevel = useSidestage((s) => selectAction('chatRules.setLevel')(s).pending);
  const adding = useSidestage((s) => selectAction('chatRules.addTerm')(s).pending);
  const removing = useSidestage((s) => selectAction('chatRules.removeTerm')(s).pending);
  const [term, setTerm] = useState('');
  const termId = useId();
  if (!rules?.autoMod || !rules.blockedTerms) {
    return (
      <FormSection title="AutoMod and blocked terms">
        <p className="muted">{rules?.error ?? 'Reading AutoMod and blocked terms…'}</p>
        <ActionError action="chatRules.load" what="Could not read AutoMod and blocked terms" />
        {rules?.error ? (
          <div className="button-row">
            <button type="button" onClick={() => void store.getState().refreshChatRules()}>
              Read again
            </button>
          </div>
        ) : null}
      </FormSection>
    );
  }
  const level = rules.autoMod.overallLevel;
  const terms = rules.blockedTerms;
  return (
    <>
      <FormSection title="AutoMod" description="AutoMod holds messages it finds risky for you to allow or deny on the Live view, beside chat.">
        <Select
          label="AutoMod level"
          value={level === null ? 'custom' : String(level)}
          options={level === null ? levelOptions : levelOptions.slice(0, -1)}
          disabled={settingLevel}
          onChange={(chosen) => {
            if (chosen !== 'custom') void store.getState().setAutoModLevel(Number(chosen));
          }}
        />
        <LiveStatus>{settingLevel ? 'Saving…' : ''}</LiveStatus>
        <ActionError action="chatRules.setLevel" what="AutoMod level not changed" />
      </FormSection>
      <FormSection title="Blocked terms" description="A message with a blocked term never reaches your chat. Moderators are not affected.">
        <form
          className="button-row"
          onSubmit={(e) => {
            e.preventDefault();
            const text = term.trim();
            if (text.length < 2) return;
            void store
              .getState()
              .addBlockedTerm(text)
              .then((added) => added && setTerm(''));
          }}
        >
          <label htmlFor={termId} className="visually-hidden">
            Term to block
          </label>
          <input id={termId} type="text" minLength={2} maxLength={500} placeholder="A word or phrase to block" value={term} onChange={(e) => setTerm(e.target.value)} />
          <button type="submit" disabled={adding || term.trim().length < 2}>
            Block term
          </button>
        </form>
        <ActionError action="chatRules.addTerm" what="Term not blocked" />
        {terms.length === 0 ? (
          <p className="muted small">No blocked terms.</p>
        ) : (
          <ul className="blocked-terms" aria-label="Blocked terms">
            {terms.map((t) => (
              <li key={t.id}>
                <span>{t.text}</span>
                <button type="button" className="quiet" aria-label={`Unblock ${t.text}`} disabled={removing} onClick={() => void store.getState().removeBlockedTerm(t.id)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <ActionError action="chatRules.removeTerm" what="Term not unblocked" />
      </FormSection>
    </>
  );
}
