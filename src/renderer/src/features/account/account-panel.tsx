import { useState } from 'react';
import type { AuthState } from '../../../../shared/ipc/contract';
import { BotAccountSection } from './bot-account-section';
import { AccountSummary, SigningIn } from './sign-in-parts';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { FirstRun } from './first-run';
import { formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { selectAction, selectTokenStorageWarning } from '../../store/selectors';
import './account.css';

export function AccountPanel() {
  const auth = useSidestage((state) => state.auth);
  const storageWarning = useSidestage(selectTokenStorageWarning);

  return (
    <section className="panel" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      {storageWarning ? (
        <Banner tone="warning" title="Sign-in not stored securely">
          {storageWarning}
        </Banner>
      ) : null}
      <AccountBody auth={auth} />
      {auth?.account ? <BotAccountSection broadcasterId={auth.account.id} /> : null}
      <PlatformChoice />
    </section>
  );
}

/**
 * Demo or the real platform: a client ID of the user's own app registration, used from the next
 * start. The client secret is never asked for here; it comes only from SIDESTAGE_CLIENT_SECRET.
 */
function PlatformChoice() {
  const info = useSidestage((state) => state.appInfo);
  const { pending } = useSidestage(selectAction('app.setPlatform'));
  const [draft, setDraft] = useState('');
  if (!info) return null;
  const problem = draft && !/^[a-z0-9]{30}$/.test(draft) ? 'A client ID is 30 lower-case letters and digits.' : null;
  const { setPlatform } = store.getState();
  return (
    <section className="stack platform-choice" aria-labelledby="platform-heading">
      <h3 id="platform-heading">Platform</h3>
      <p>
        Running: <strong>{info.platformLabel}</strong>
        {info.savedClientId ? (
          <>
            {' '}
            · saved client ID <code>{info.savedClientId}</code>
          </>
        ) : null}
      </p>
      {info.clientIdFromEnvironment ? <p className="muted">Sidestage was started with a client ID of its own: that one is used, whatever is saved here.</p> : null}
      {info.demoForced ? <p className="muted">Sidestage was started in demo mode on purpose: the practice channel runs, whatever is saved here.</p> : null}
      {info.restartRequired ? (
        <p role="status">Saved. Restart Sidestage to switch {info.savedClientId ? 'to your app' : 'back to the demo'}.</p>
      ) : null}
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem && draft) void setPlatform(draft).then(() => setDraft(''));
        }}
      >
        <label>
          Client ID of your app
          <input value={draft} onChange={(event) => setDraft(event.target.value.trim())} autoComplete="off" spellCheck={false} aria-invalid={Boolean(problem)} />
        </label>
        <button type="submit" disabled={pending || !draft || Boolean(problem)}>
          Use this client ID
        </button>
        {info.savedClientId ? (
          <button type="button" disabled={pending} onClick={() => void setPlatform(null)}>
            Use the demo
          </button>
        ) : null}
      </form>
      {problem ? <p role="alert">{problem}</p> : null}
      <p className="muted small">
        Register your application in the platform’s developer console with the OAuth redirect URL{' '}
        <code>http://localhost:17563/callback</code> and the client type “Public”: Sidestage never asks for a client secret.
      </p>
      <ActionError action="app.setPlatform" what="Could not save the platform" />
    </section>
  );
}

function AccountBody({ auth }: { auth: AuthState | null }) {
  if (!auth) {
    return (
      <>
        <p className="muted">Loading account…</p>
        <ActionError action="auth.load" what="Could not read the account state" />
      </>
    );
  }
  switch (auth.status) {
    case 'signedOut':
      return <SignedOut error={auth.error} />;
    case 'signingIn':
      return <SigningIn pending={auth.pending} />;
    case 'signedIn':
      return <SignedIn auth={auth} />;
    case 'needsSignIn':
      return <NeedsSignIn auth={auth} />;
  }
}

/** "Sign in" and "Sign in with a code"; the wording of the first changes for a renewed sign-in. */
function SignInButtons({ again }: { again?: boolean }) {
  const { pending } = useSidestage(selectAction('auth.signIn'));
  const { signIn } = store.getState();
  return (
    <>
      <div className="button-row">
        <button type="button" className="primary" disabled={pending} onClick={() => void signIn('loopback')}>
          {again ? 'Sign in again' : 'Sign in'}
        </button>
        <button type="button" disabled={pending} onClick={() => void signIn('device')}>
          Sign in with a code
        </button>
      </div>
      <ActionError action="auth.signIn" what="Could not start signing in" />
    </>
  );
}

function SignedOut({ error }: { error: string | null }) {
  return (
    <div className="stack">
      <FirstRun />
      <p>Sign in with your broadcaster account so that Sidestage can read your channel and stream settings.</p>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <SignInButtons />
      <p className="muted small">
        “Sign in” opens the sign-in page in your browser. “Sign in with a code” shows a code to enter on any device.
      </p>
    </div>
  );
}

function SignOutButton() {
  const { pending } = useSidestage(selectAction('auth.signOut'));
  return (
    <>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void store.getState().signOut()}>
          Sign out
        </button>
      </div>
      <ActionError action="auth.signOut" what="Could not sign out" />
    </>
  );
}

function SignedIn({ auth }: { auth: AuthState }) {
  const { scopes, missingScopes } = auth;
  return (
    <div className="stack">
      <AccountSummary account={auth.account} />
      {auth.lastValidatedAt ? (
        <p className="muted small">Sign-in last checked at {formatClockTime(auth.lastValidatedAt)}.</p>
      ) : null}
      {missingScopes.length > 0 ? (
        <Banner tone="warning" title="Some permissions are missing">
          <p>Sign in again and allow them; until then, the features that need them will not work.</p>
          <ul aria-label="Missing scopes" className="scope-list">
            {missingScopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
          <SignInButtons again />
        </Banner>
      ) : null}
      <details className="granted-scopes">
        <summary id="granted-scopes-heading">What you allowed Sidestage to do ({scopes.length})</summary>
        {scopes.length > 0 ? (
          <ul aria-labelledby="granted-scopes-heading" className="scope-list">
            {scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing yet.</p>
        )}
      </details>
      <SignOutButton />
    </div>
  );
}

function NeedsSignIn({ auth }: { auth: AuthState }) {
  return (
    <div className="stack">
      <AccountSummary account={auth.account} />
      <div className="action-error" role="alert">
        <p>
          <strong>Sign in again.</strong> {auth.error ?? 'Your sign-in is no longer valid.'}
        </p>
      </div>
      <SignInButtons again />
      <SignOutButton />
    </div>
  );
}
