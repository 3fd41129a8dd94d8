import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ControlApiState } from '../../../../shared/ipc/contract';
import { ControlApiSettingsView } from './control-api-settings';

const now = Date.UTC(2026, 0, 1, 12);
const phoneOff: ControlApiState['phone'] = {
  enabled: false,
  status: 'off',
  error: null,
  address: null,
  port: null,
  offAfterBroadcast: true,
  interfaces: [
    { name: 'lo', address: '127.0.0.1', loopback: true },
    { name: 'wlan0', address: '192.168.1.20', loopback: false },
  ],
  link: null,
};
const state = (over: Partial<ControlApiState> = {}): ControlApiState => ({ status: 'running', port: 41234, origin: 'http://127.0.0.1:41234', error: null, requests: [], clients: [], phone: phoneOff, ...over });
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

  it('the phone deck: off by default on the local network, its pairing link as a QR code once on', () => {
    const off = view(state());
    expect(off).toContain('Phone deck');
    expect(off).toMatch(/<option value="192\.168\.1\.20" selected="">192\.168\.1\.20 \(wlan0\)<\/option>/);
    expect(off).toContain('127.0.0.1 (lo: this computer only)');
    expect(off).toContain('Off.');
    expect(off).not.toContain('pairing link');
    const on = view(state({ phone: { ...phoneOff, enabled: true, status: 'on', address: '192.168.1.20', port: 50123, link: { url: 'http://192.168.1.20:50123/phone#pair=abcdefghijkl', qrCode: 'data:image/svg+xml;base64,PHN2Zz4=', expiresAt: '2026-01-01T12:05:00.000Z' } } }));
    expect(on).toContain('On at 192.168.1.20:50123.');
    expect(on).toContain('src="data:image/svg+xml;base64,PHN2Zz4="');
    expect(on).toContain('http://192.168.1.20:50123/phone#pair=abcdefghijkl');
    expect(on).toContain('New pairing link');
    expect(view(state({ phone: { ...phoneOff, status: 'failed', error: 'The address 10.0.0.5 is not this computer’s any more.' } }))).toContain('not this computer’s any more');
  });
});
