import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { FakeAuth, FakeEvents } from '../../test-support/redemption-fakes';
import { CharityService } from './charity-service';

const amount = (value: number) => ({ value, decimal_places: 2, currency: 'USD' });
const campaign = { id: 'c1', charity_name: 'Direct Relief', charity_description: '', charity_logo: '', charity_website: '', current_amount: amount(1000), target_amount: amount(10000) };
const donation = (id: string, value = 500) => ({ id, campaign_id: 'c1', user_id: 'u', user_login: 'sam', user_name: 'Sam', amount: amount(value) });

function setup(answer: (path: string, query: Record<string, unknown>) => unknown, auth = new FakeAuth(true)) {
  const events = new FakeEvents();
  const api = {
    get: async <T,>(path: string, query: Record<string, unknown> = {}): Promise<T> => {
      const a = answer(path, query);
      if (a instanceof Error) throw a;
      return a as T;
    },
  };
  const broadcaster = auth.broadcaster();
  const service = new CharityService({ api, broadcaster, events, channelEvents: events.channelEvents(broadcaster), logger: silentLogger, clock: createFakeClock() });
  const announced: string[] = [];
  service.onDonation((d) => announced.push(d.id));
  return { events, auth, service, announced };
}


describe('CharityService', () => {
  it('shows the active campaign and the newest donations, pages older ones', async () => {
    const { service } = setup((path, q) =>
      path.endsWith('/campaigns') ? { data: [campaign] } : q.after ? { data: [donation('d1')], pagination: {} } : { data: [donation('d3'), donation('d2')], pagination: { cursor: 'x' } },
    );
    service.start();
    await service.idle();
    expect(service.getOverview()).toMatchObject({ state: 'active', campaign: { charityName: 'Direct Relief', currentAmount: amount(1000) }, hasMore: true });
    expect(service.getOverview().donations.map((d) => d.id)).toEqual(['d3', 'd2']);
    await service.loadMore();
    expect(service.getOverview().donations.map((d) => d.id)).toEqual(['d3', 'd2', 'd1']);
    expect(service.getOverview().hasMore).toBe(false);
  });

  it('adds a live donation on top and moves the total, once', async () => {
    const { service, events, announced } = setup((path) => (path.endsWith('/campaigns') ? { data: [campaign] } : { data: [], pagination: {} }));
    service.start();
    await service.idle();
    const event = { ...donation('d9', 250), broadcaster_user_id: '501234567', broadcaster_user_login: 'd', broadcaster_user_name: 'D', charity_name: 'Direct Relief', charity_description: '', charity_logo: '', charity_website: '' };
    events.emit('channel.charity_campaign.donate', event);
    events.emit('channel.charity_campaign.donate', event);
    expect(service.getOverview().campaign!.currentAmount).toEqual(amount(1250));
    expect(service.getOverview().donations.map((d) => d.id)).toEqual(['d9']);
    expect(service.getOverview().donations[0]!.receivedAt).not.toBeNull();
    expect(announced).toEqual(['d9']);
  });

  it('a read answered after a live donation does not take the total back: it reads again', async () => {
    let current = 1000;
    let listed = [donation('d1')];
    let hold: Promise<void> | null = null;
    const { service, events } = setup((path) => {
      if (!path.endsWith('/campaigns')) return { data: listed, pagination: {} };
      const answer = { data: [{ ...campaign, current_amount: amount(current) }] };
      // Answered as the platform was when asked, after the test lets it go.
      const gate = hold;
      return gate ? gate.then(() => answer) : answer;
    });
    service.start();
    await service.idle();
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const refreshing = service.refresh();
    hold = null;
    const event = { ...donation('d9', 250), broadcaster_user_id: '501234567', broadcaster_user_login: 'd', broadcaster_user_name: 'D', charity_name: 'Direct Relief', charity_description: '', charity_logo: '', charity_website: '' };
    events.emit('channel.charity_campaign.donate', event);
    current = 1250;
    listed = [donation('d9', 250), donation('d1')];
    expect(service.getOverview().campaign!.currentAmount).toEqual(amount(1250));
    release();
    await refreshing;
    expect(service.getOverview().campaign!.currentAmount).toEqual(amount(1250));
    expect(service.getOverview().donations.map((d) => d.id)).toEqual(['d9', 'd1']);
  });

  it('has its own words for no campaign, an ended one and a channel that is not partner or affiliate', async () => {
    let running = true;
    const a = setup((path) => (path.endsWith('/campaigns') ? { data: running ? [campaign] : [] } : { data: [] }));
    a.service.start();
    await a.service.idle();
    running = false;
    await a.service.refresh();
    expect(a.service.getOverview().state).toBe('ended');

    const b = setup((path) => (path.endsWith('/campaigns') ? { data: [] } : { data: [] }));
    b.service.start();
    await b.service.idle();
    expect(b.service.getOverview().state).toBe('none');

    const c = setup(() => new ApiError(403, 'Forbidden', 'The broadcaster is not a partner or affiliate.'));
    c.service.start();
    await c.service.idle();
    expect(c.service.getOverview().state).toBe('notEligible');

    const d = setup(() => new AppError('network_error', 'Could not reach the platform: the connection was refused.'));
    d.service.start();
    await d.service.idle();
    expect(d.service.getOverview()).toMatchObject({ state: 'error', error: 'Could not read your charity campaign: Could not reach the platform: the connection was refused.' });
  });

  it('finds donations missed during a gap and announces them', async () => {
    let page = [donation('d1')];
    const { service, events, announced } = setup((path) => (path.endsWith('/campaigns') ? { data: [campaign] } : { data: page, pagination: {} }));
    service.start();
    await service.idle();
    page = [donation('d2'), donation('d1')];
    events.gap('drop');
    await service.idle();
    expect(service.getOverview().donations.map((d) => d.id)).toEqual(['d2', 'd1']);
    expect(announced).toEqual(['d2']);
  });

  it('keeps the campaign through a re-sign-in, reads it only once the API may be called, and clears it on sign-out', async () => {
    const auth = new FakeAuth(false);
    // The app started with a sign-in that needs renewing: the account is known, the API not callable.
    auth.state = FakeAuth.with('needsSignIn');
    const reads: string[] = [];
    const { service } = setup((path) => {
      reads.push(path);
      return path.endsWith('/campaigns') ? { data: [campaign] } : { data: [donation('d1')], pagination: {} };
    }, auth);
    service.start();
    expect(reads).toEqual([]);
    auth.set(FakeAuth.signedIn());
    await vi.waitFor(() => expect(service.getOverview().state).toBe('active'));
    const readsSignedIn = reads.length;
    auth.set(FakeAuth.with('signingIn'));
    auth.set(FakeAuth.with('needsSignIn'));
    expect(service.getOverview()).toMatchObject({ state: 'active', campaign: { id: 'c1' }, donations: [{ id: 'd1' }] });
    auth.set(FakeAuth.signedIn());
    expect(reads).toHaveLength(readsSignedIn);
    auth.set(FakeAuth.with('signedOut'));
    expect(service.getOverview()).toMatchObject({ state: 'signedOut', campaign: null, donations: [] });
  });

  it('forgets everything on sign-out', async () => {
    const { service, auth } = setup((path) => (path.endsWith('/campaigns') ? { data: [campaign] } : { data: [] }));
    service.start();
    await service.idle();
    auth.set(FakeAuth.with('signedOut'));
    expect(service.getOverview()).toMatchObject({ state: 'signedOut', campaign: null, donations: [] });
    await expect(service.loadMore()).rejects.toThrow(/sign in first/);
  });
});
