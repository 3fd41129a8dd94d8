import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ControlApiState } from '../../../../shared/ipc/contract';
import { ControlApiSettingsView } from './control-api-settings';

const now = Date.UTC(2026, 0, 1, 12);
const state = (over: Partial<ControlApiState> = {}): ControlApiState => ({ status: 'running', port: 41234, origin: 'http://127.0.0.1:41234', error: null, requests: [], clients: [], ...over });
const noop = () => {};
const view = (s: ControlApiState) => renderToStaticMarkup(<ControlApiSettingsView state={s} now={now} onApprove={noop} onDeny={noop} onRevoke={noop} />);

describe('Settings: control API', () => {
  it('says where it listens, or why it does not', () => {
    expect(view(state())).toContain('Listening on port 41234 (this computer only).');
    expect(view(state({ status: 'failed', error: 'Port 41234 is used by another program.' }))).toContain('Port 41234 is used by another program.');
  });

  it('shows a pairing request with its code, the scopes to tick (read and actions by default), Approve and Deny', () => {
    const html = view(state({ requests: [{ id: 'r1', name: 'Stream Deck', code: '048213', requestedAt: new Date(now).toISOString(), expiresAt: new Date(now + 120_000).toISOString() }] }));
    expect(html).toContain('<strong>Stream Deck</strong> shows the code <code class="control-code">048213</code>');
    expect(html).toMatch(/checked=""[^>]*\/> See the state/);
    expect(html).toMatch(/checked=""[^>]*\/> Press quick actions/);
    expect(html).not.toMatch(/checked=""[^>]*\/> Chat modes and Shield Mode/);
    expect(html).toContain('Approve Stream Deck');
    expect(html).toContain('Deny');
  });

  it('lists paired clients with their scopes, last use and Revoke, and never a token', () => {
    const html = view(state({ clients: [{ id: 'c1', name: 'Phone', scopes: ['read', 'moderation'], pairedAt: new Date(now - 86_400_000).toISOString(), lastUsedAt: new Date(now - 120_000).toISOString() }] }));
    expect(html).toContain('<strong>Phone</strong>');
    expect(html).toContain('See the state, Chat modes and Shield Mode');
    expect(html).toContain('used 2 min ago');
    expect(html).toContain('aria-label="Revoke Phone"');
  });
});
