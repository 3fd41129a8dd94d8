/**
 * Settings, Control API: the clients asking to pair (each with the six-digit code it shows, the
 * scopes to tick, Approve and Deny) and the paired clients (their scopes, last use, Revoke); the
 * phone deck (the network it listens on, on or off, the one-time pairing link as a QR code). See
 * docs/control-api.md.
 */
import { useState } from 'react';
import { controlScopes, type ControlApiState, type ControlScope } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { formatAge } from '../../store/queue-model';

const scopeWords: Record<ControlScope, string> = {
  read: 'See the state',
  actions: 'Press quick actions',
  moderation: 'Chat modes and Shield Mode',
  automations: 'Run automations',
  variables: 'Change variables',
};
const defaultScopes: ControlScope[] = ['read', 'actions'];

export interface ControlApiSettingsViewProps {
  state: ControlApiState;
  now: number;
  onApprove(id: string, scopes: ControlScope[]): void;
  onDeny(id: string): void;
  onRevoke(id: string): void;
  onPhone?(change: { enabled: boolean; address?: string; offAfterBroadcast?: boolean }): void;
  onPhoneLink?(): void;
}

export function ControlApiSettings() {
  const control = useSidestage((s) => s.control);
  // Last uses say their age: once a minute is enough.
  const now = useNow(60_000, Boolean(control?.clients.length));
  if (!control) return null;
  const actions = store.getState();
  return (
    <ControlApiSettingsView
      state={control}
      now={now}
      onApprove={(id, scopes) => void actions.approvePairing(id, scopes)}
      onDeny={(id) => void actions.denyPairing(id)}
      onRevoke={(id) => void actions.revokeControlClient(id)}
      onPhone={(change) => void actions.setPhoneDeck(change)}
      onPhoneLink={() => void actions.newPhoneLink()}
    />
  );
}

export function ControlApiSettingsView({ state, now, onApprove, onDeny, onRevoke, onPhone = () => {}, onPhoneLink = () => {} }: ControlApiSettingsViewProps) {
  return (
    <FormSection title="Control API" description="A Stream Deck, Companion or a script on this computer can press your quick actions, once you pair it here.">
      <p data-testid="control-api-status" className={state.status === 'failed' ? 'error-text' : undefined}>
        {state.status === 'running' ? `Listening on port ${state.port} (this computer only).` : state.status === 'starting' ? 'Starting…' : (state.error ?? 'Not listening.')}
      </p>
      <h4>Asking to pair</h4>
      {state.requests.length === 0 ? <p className="muted small">No client is asking. A client asks from its own settings; it then shows a code.</p> : null}
      <ul className="control-requests">
        {state.requests.map((request) => (
          <PairingRequest key={request.id} request={request} onApprove={onApprove} onDeny={onDeny} />
        ))}
      </ul>
      <h4>Paired</h4>
      {state.clients.length === 0 ? <p className="muted small">No client is paired.</p> : null}
      <ul className="control-clients">
        {state.clients.map((client) => (
          <li key={client.id} data-testid={`control-client-${client.id}`}>
            <strong>{client.name}</strong> <span className="muted small">{client.scopes.map((s) => scopeWords[s]).join(', ')}</span>{' '}
            <span className="muted small">{client.lastUsedAt ? `used ${formatAge(client.lastUsedAt, now)}` : 'not used yet'}</span>{' '}
            <button type="button" className="quiet" aria-label={`Revoke ${client.name}`} onClick={() => onRevoke(client.id)}>
              Revoke
            </button>
            <ActionError action={`control.revoke.${client.id}`} what="Not revoked" />
          </li>
        ))}
      </ul>
      <PhoneDeckSettings phone={state.phone} onPhone={onPhone} onPhoneLink={onPhoneLink} />
    </FormSection>
  );
}

function PhoneDeckSettings({ phone, onPhone, onPhoneLink }: { phone: ControlApiState['phone']; onPhone: NonNullable<ControlApiSettingsViewProps['onPhone']>; onPhoneLink: NonNullable<ControlApiSettingsViewProps['onPhoneLink']> }) {
  const address = phone.address ?? phone.interfaces.find((i) => !i.loopback)?.address ?? phone.interfaces[0]?.address;
  return (
    <section aria-label="Phone deck" data-testid="phone-deck">
      <h4>Phone deck</h4>
      <p className="muted small">Big buttons on a phone on the same network as this computer. Only the network you choose can reach it, and only a phone paired by its link.</p>
      <label className="small">
        Network{' '}
        <select value={address ?? ''} disabled={phone.enabled} onChange={(event) => onPhone({ enabled: false, address: event.currentTarget.value })}>
          {phone.interfaces.map((i) => (
            <option key={`${i.name}-${i.address}`} value={i.address}>
              {i.loopback ? `${i.address} (${i.name}: this computer only)` : `${i.address} (${i.name})`}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        <input type="checkbox" checked={phone.enabled} disabled={!address} onChange={(event) => onPhone({ enabled: event.currentTarget.checked, address })} /> Phone deck on
      </label>
      <label className="small">
        <input type="checkbox" checked={phone.offAfterBroadcast} onChange={(event) => onPhone({ enabled: phone.enabled, offAfterBroadcast: event.currentTarget.checked })} /> Turn it off when the broadcast ends
      </label>
      <p data-testid="phone-deck-status" className={phone.status === 'failed' ? 'error-text small' : 'small'}>
        {phone.status === 'on' ? `On at ${phone.address}:${phone.port}.` : phone.status === 'starting' ? 'Starting…' : (phone.error ?? 'Off.')}
      </p>
      {phone.status === 'on' ? (
        <button type="button" onClick={onPhoneLink}>
          {phone.link ? 'New pairing link' : 'Show a pairing link'}
        </button>
      ) : null}
      {phone.link ? (
        <figure className="phone-link">
          <img src={phone.link.qrCode} alt="QR code of the phone’s pairing link" width={200} height={200} />
          <figcaption className="small">
            Scan it with the phone’s camera; it pairs once, within five minutes. <code data-testid="phone-link">{phone.link.url}</code>
          </figcaption>
        </figure>
      ) : null}
      <ActionError action="control.phone" what="Not changed" />
      <ActionError action="control.phoneLink" what="No link" />
    </section>
  );
}

function PairingRequest({ request, onApprove, onDeny }: { request: ControlApiState['requests'][number]; onApprove: ControlApiSettingsViewProps['onApprove']; onDeny: ControlApiSettingsViewProps['onDeny'] }) {
  const [scopes, setScopes] = useState<ControlScope[]>(defaultScopes);
  const toggle = (scope: ControlScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  return (
    <li data-testid={`control-request-${request.id}`}>
      <p>
        <strong>{request.name}</strong> shows the code <code className="control-code">{request.code}</code>. Approve only if the client shows the same code.
      </p>
      <fieldset>
        <legend className="small">It may</legend>
        {controlScopes.map((scope) => (
          <label key={scope} className="small">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.currentTarget.checked)} /> {scopeWords[scope]}
          </label>
        ))}
      </fieldset>
      <button type="button" disabled={scopes.length === 0} onClick={() => onApprove(request.id, scopes)}>
        Approve {request.name}
      </button>{' '}
      <button type="button" className="quiet" onClick={() => onDeny(request.id)}>
        Deny
      </button>
      <ActionError action={`control.approve.${request.id}`} what="Not approved" />
      <ActionError action={`control.deny.${request.id}`} what="Not denied" />
    </li>
  );
}
