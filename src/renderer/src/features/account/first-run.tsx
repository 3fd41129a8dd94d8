import { useSidestage } from '../../store';

/**
 * The guided start, shown while nobody is signed in: what the demo is, how to use your own
 * channel instead, and the one button to press. In the broadcaster's words, no plumbing.
 */
export function FirstRun() {
  const mode = useSidestage((state) => state.appInfo?.mode ?? null);
  const simulation = useSidestage((state) => state.simulation?.available === true);
  return (
    <section className="first-run" aria-labelledby="first-run-heading">
      <h3 id="first-run-heading">Getting started</h3>
      <ol className="first-run-steps">
        {mode === 'demo' ? (
          <li>
            <strong>Try it on the practice channel.</strong> This copy of Sidestage runs with a practice channel of its own:
            nothing you do reaches your real channel or your viewers.
            {simulation ? (
              <>
                {' '}
                <em>Simulate viewers</em> (at the top) makes the practice channel go live and sends pretend viewers who chat,
                follow, subscribe, cheer, redeem rewards, donate, now and then raid, and vote on your polls and predictions,
                so you can watch every panel at work.
              </>
            ) : null}
          </li>
        ) : null}
        {mode === 'platform' ? (
          <li>
            <strong>Your own channel.</strong> Sidestage is set up with your application from the platform’s developer
            console (see <em>Platform</em> below).
          </li>
        ) : (
          <li>
            <strong>Or use your own channel.</strong> In the platform’s developer console, register an application: any
            name, the OAuth redirect URL <code>http://localhost:17563/callback</code>, category “Broadcaster suite”, client
            type “Public”. Paste its Client ID under <em>Platform</em> below and restart Sidestage.
          </li>
        )}
        <li>
          <strong>Sign in.</strong> Your browser asks you to allow Sidestage to read your channel, your stream key and
          your redemptions, and to place markers and change chat settings for you. You can sign out at any time.
        </li>
      </ol>
    </section>
  );
}
