/** Parts of a sign-in the broadcaster's and the bot account's share: one under way, and who is signed in. */
import type { Account, PendingSignIn } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Avatar } from '../../components/avatar';
import { formatBroadcasterType, formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/** A sign-in under way (the broadcaster's, or with `bot` the bot account's): where to finish it, and Cancel. */
export function SigningIn({ pending, bot }: { pending: PendingSignIn | null; bot?: boolean }) {
  const cancelAction = bot ? 'bot.cancelSignIn' : 'auth.cancelSignIn';
  const { pending: cancelling } = useSidestage(selectAction(cancelAction));
  const cancel = (
    <>
      <div className="button-row">
        <button type="button" disabled={cancelling} onClick={() => void (bot ? store.getState().cancelBotSignIn() : store.getState().cancelSignIn())}>
          Cancel
        </button>
      </div>
      <ActionError action={cancelAction} what="Could not cancel signing in" />
    </>
  );

  if (!pending) {
    return (
      <div className="stack">
        <p role="status">Starting sign-in…</p>
        {cancel}
      </div>
    );
  }

  if (pending.flow === 'loopback') {
    return (
      <div className="stack">
        <p role="status">Finish signing in on the sign-in page in your browser.</p>
        <p>
          <a href={pending.authorizeUrl} target="_blank" rel="noopener noreferrer">
            Open the sign-in page
          </a>
        </p>
        <p className="muted small">This request expires at {formatClockTime(pending.expiresAt)}.</p>
        {cancel}
      </div>
    );
  }

  return (
    <div className="stack">
      <p role="status">Enter this code on the verification page:</p>
      <p className="user-code">
        {pending.userCode}
      </p>
      <p>
        <a href={pending.verificationUri} target="_blank" rel="noopener noreferrer">
          Open the verification page
        </a>{' '}
        <span className="muted small">({pending.verificationUri})</span>
      </p>
      <p className="muted small">The code expires at {formatClockTime(pending.expiresAt)}.</p>
      {cancel}
    </div>
  );
}

export function AccountSummary({ account }: { account: Account | null }) {
  if (!account) return null;
  return (
    <div className="profile">
      <Avatar url={account.profileImageUrl} name={account.displayName} />
      <div>
        <p className="profile-name">{account.displayName}</p>
        <p className="muted">@{account.login}</p>
        <p className="small">{formatBroadcasterType(account.broadcasterType)}</p>
      </div>
    </div>
  );
}
