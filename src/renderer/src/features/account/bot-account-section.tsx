/**
 * The bot account in the Account panel: a second sign-in (the same two ways as the broadcaster's),
 * the account, what it may do, how its lines show, and its own sign-out. Signing it out leaves the
 * broadcaster signed in, and the other way round.
 */
import type { BotAccountState } from '../../../../shared/ipc/contract';
import { botScopes, type BotScope } from '../../../../shared/domain/scopes';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { AccountSummary, SigningIn } from './sign-in-parts';

export function BotAccountSection({ broadcasterId }: { broadcasterId: string }) {
  const bot = useSidestage((state) => state.bot);
  return (
    <section className="stack bot-account" aria-labelledby="bot-account-heading">
      <h3 id="bot-account-heading">Bot account</h3>
      <BotBody bot={bot} broadcasterId={broadcasterId} />
    </section>
  );
}

function BotBody({ bot, broadcasterId }: { bot: BotAccountState | null; broadcasterId: string }) {
  if (!bot) {
    return (
      <>
        <p className="muted">Loading the bot account…</p>
        <ActionError action="bot.load" what="Could not read the bot account" />
      </>
    );
  }
  switch (bot.status) {
    case 'signedOut':
      return <BotSignedOut bot={bot} />;
    case 'signingIn':
      return <SigningIn pending={bot.pending} bot />;
    case 'signedIn':
      return <BotSignedIn bot={bot} broadcasterId={broadcasterId} />;
    case 'needsSignIn':
      return (
        <>
          <AccountSummary account={bot.account} />
          <div className="action-error" role="alert">
            <p>
              <strong>Sign the bot in again.</strong> {bot.error ?? 'Its sign-in is no longer valid.'} Until then, your own account speaks.
            </p>
          </div>
          <BotSignInButtons again />
          <BotSignOutButton />
        </>
      );
  }
}

/** How the bot's lines show in chat, in the broadcaster's words. */
function HowItSpeaks({ bot }: { bot: BotAccountState }) {
  return bot.speaksWithBadge ? (
    <p className="small">
      Its lines wear the chat-bot badge. It may speak in your chat because you allowed <code>channel:bot</code> when you signed in, or
      because it is one of your moderators.
    </p>
  ) : (
    <p className="small">
      This app has no client secret, so the bot speaks with its own sign-in: its lines come from the bot account, without the chat-bot badge.
    </p>
  );
}

function BotSignInButtons({ again }: { again?: boolean }) {
  const { pending } = useSidestage(selectAction('bot.signIn'));
  const { signInBot } = store.getState();
  return (
    <>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void signInBot('loopback')}>
          {again ? 'Sign the bot in again' : 'Sign in a bot account'}
        </button>
        <button type="button" disabled={pending} onClick={() => void signInBot('device')}>
          Bot sign-in with a code
        </button>
      </div>
      <ActionError action="bot.signIn" what="Could not start signing the bot in" />
    </>
  );
}

function BotSignOutButton() {
  const { pending } = useSidestage(selectAction('bot.signOut'));
  return (
    <>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void store.getState().signOutBot()}>
          Sign the bot out
        </button>
      </div>
      <ActionError action="bot.signOut" what="Could not sign the bot out" />
    </>
  );
}

function BotSignedOut({ bot }: { bot: BotAccountState }) {
  return (
    <>
      <p>
        A second account can speak for Sidestage in your chat (automations’ replies, the starter pack), so that viewers can tell you from the
        machine. Without one, your own account speaks.
      </p>
      {bot.error ? (
        <p className="error-text" role="alert">
          {bot.error}
        </p>
      ) : null}
      <BotSignInButtons />
      <p className="muted small">On the sign-in page, choose the bot’s account, not yours.</p>
      <HowItSpeaks bot={bot} />
    </>
  );
}

function BotSignedIn({ bot, broadcasterId }: { bot: BotAccountState; broadcasterId: string }) {
  const { scopes, missingScopes } = bot;
  return (
    <>
      <AccountSummary account={bot.account} />
      {bot.account?.id === broadcasterId ? (
        <Banner tone="warning" title="This is your own account">
          <p>Lines sent as the bot come from you, without the chat-bot badge. Sign the bot out and sign in a separate account.</p>
        </Banner>
      ) : null}
      <HowItSpeaks bot={bot} />
      {bot.lastValidatedAt ? <p className="muted small">Bot sign-in last checked at {formatClockTime(bot.lastValidatedAt)}.</p> : null}
      {missingScopes.length > 0 ? (
        <Banner tone="warning" title="The bot is missing permissions">
          <p>Sign the bot in again and allow them; until then, your own account speaks.</p>
          <ul aria-label="Bot's missing scopes" className="scope-list">
            {missingScopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
          <BotSignInButtons again />
        </Banner>
      ) : null}
      <details className="granted-scopes">
        <summary id="bot-scopes-heading">What the bot allowed Sidestage to do ({scopes.length})</summary>
        <ul aria-labelledby="bot-scopes-heading" className="scope-list">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
              {scope in botScopes ? <span className="muted small"> {botScopes[scope as BotScope]}</span> : null}
            </li>
          ))}
        </ul>
      </details>
      <BotSignOutButton />
    </>
  );
}
