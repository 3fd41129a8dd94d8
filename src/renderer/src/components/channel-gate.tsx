import type { ReactNode } from 'react';
import { store, useSidestage } from '../store';
import { selectCanCallApi, selectCurrentBroadcaster } from '../store/selectors';
import { Banner } from './banner';

interface ChannelGateProps {
  /** What the panel says while nobody is signed in. */
  signedOut: ReactNode;
  children: ReactNode;
}

/**
 * A panel of the broadcaster's channel, by main's one account rule (`selectCurrentBroadcaster`):
 * its body while an account is current, `signedOut` while nobody is. While the sign-in is renewed
 * the body stays as it was, with a word that nothing is read or changed until the sign-in is back.
 */
export function ChannelGate({ signedOut, children }: ChannelGateProps) {
  const broadcaster = useSidestage(selectCurrentBroadcaster);
  const canCallApi = useSidestage(selectCanCallApi);
  if (!broadcaster) return <>{signedOut}</>;
  return (
    <>
      {canCallApi ? null : (
        <Banner tone="warning" title="Not signed in right now">
          <p>
            {broadcaster.displayName}’s channel is shown as it was: nothing is read or changed until the sign-in is back.{' '}
            <button type="button" onClick={() => store.getState().setActivePanel('account')}>
              Go to Account
            </button>
          </p>
        </Banner>
      )}
      {children}
    </>
  );
}
