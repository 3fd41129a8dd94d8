import { silentLogger } from '../logger';
import { describe, expect, it, vi } from 'vitest';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { MemorySettingsStore } from '../settings/settings-store';
import { EngagementService } from './engagement-service';

const pollEvent = (votes?: number[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  title: 'Q',
  choices: [
    { id: 'a', title: 'A', ...(votes ? { votes: votes[0] } : {}) },
    { id: 'b', title: 'B', ...(votes ? { votes: votes[1] } : {}) },
  ],
  started_at: '2030-01-01T10:00:00Z',
  ends_at: '2030-01-01T10:01:00Z',
  ...extra,
});

function setup() {
  const request = vi.fn(async (_r: unknown) => ({ status: 200, data: { data: [] as unknown[] } }));
  const { auth, broadcaster } = fakeBroadcaster();
  // Events in the platform's shapes, read by the real channel-event stream.
  const { source: events, stream } = fakeChannelEvents(broadcaster);
  const settings = new MemorySettingsStore();
  const service = new EngagementService({ api: { request: request as never }, broadcaster, settings, logger: silentLogger, channelEvents: stream });
  service.start();
  return { service, events, request, settings, auth };
}

describe('EngagementService', () => {
  it('asks for the poll and prediction events', () => {
    const { events } = setup();
    expect(events.heldTypes()).toEqual([
      'channel.poll.begin',
      'channel.poll.progress',
      'channel.poll.end',
      'channel.prediction.begin',
      'channel.prediction.progress',
      'channel.prediction.lock',
      'channel.prediction.end',
    ]);
  });

  it('saves templates within the platform’s limits and says which limit a bad one breaks', () => {
    const { service, settings } = setup();
    expect(() => service.saveTemplate({ id: 'x', kind: 'poll', title: 'Q', choices: ['only one'], durationSeconds: 60 })).toThrow('A poll has 2 to 5 choices.');
    expect(() => service.saveTemplate({ id: 'x', kind: 'prediction', title: 'Q', choices: ['a', 'b'], durationSeconds: 20 })).toThrow('A prediction lasts 30 s to 30 min.');
    expect(() => service.saveTemplate({ id: 'x', kind: 'poll', title: 'T'.repeat(61), choices: ['a', 'b'], durationSeconds: 60 })).toThrow("A poll's title has at most 60 characters.");
    service.saveTemplate({ id: 'x', kind: 'poll', title: 'Q', choices: ['a', 'b'], durationSeconds: 60 });
    service.saveTemplate({ id: 'x', kind: 'poll', title: 'Q2', choices: ['a', 'b'], durationSeconds: 60 });
    expect(settings.get('engagement.templates').filter((t) => t.id === 'x')).toMatchObject([{ title: 'Q2' }]);
    service.deleteTemplate('x');
    expect(() => service.deleteTemplate('x')).toThrow('That template no longer exists.');
  });

  it('follows a poll through its events; the begin event keeps known votes and a late progress never reopens an ended poll', () => {
    const { service, events } = setup();
    events.fire('channel.poll.progress', pollEvent([2, 1]));
    events.fire('channel.poll.begin', pollEvent());
    expect(service.getState().poll!.choices.map((c) => c.votes)).toEqual([2, 1]);
    events.fire('channel.poll.end', pollEvent([3, 1], { status: 'completed', ended_at: '2030-01-01T10:01:00Z' }));
    events.fire('channel.poll.progress', pollEvent([2, 2]));
    expect(service.getState().poll).toMatchObject({ status: 'completed', endsAt: '2030-01-01T10:01:00Z' });
    expect(service.getState().poll!.choices.map((c) => c.votes)).toEqual([3, 1]);
    events.fire('channel.poll.progress', { id: 'broken' });
    expect(service.getState().poll!.id).toBe('p1');
  });

  it('a prediction goes active, locked, resolved, and not back', () => {
    const { service, events } = setup();
    const base = { id: 'r1', title: 'Win?', outcomes: [{ id: 'y', title: 'Yes', users: 1, channel_points: 50 }, { id: 'n', title: 'No' }], started_at: '2030-01-01T10:00:00Z', locks_at: '2030-01-01T10:02:00Z' };
    events.fire('channel.prediction.progress', base);
    events.fire('channel.prediction.lock', { ...base, locked_at: '2030-01-01T10:01:00Z' });
    events.fire('channel.prediction.end', { ...base, status: 'resolved', winning_outcome_id: 'y' });
    events.fire('channel.prediction.progress', base);
    expect(service.getState().prediction).toMatchObject({ status: 'resolved', winningOutcomeId: 'y', outcomes: [{ users: 1, channelPoints: 50 }, { users: 0, channelPoints: 0 }] });
  });

  it('a read that an account change overtook is dropped, and the account’s poll is forgotten', async () => {
    const { service, request, auth, events } = setup();
    const answers: ((value: unknown) => void)[] = [];
    request.mockImplementation(() => new Promise((resolve) => answers.push(resolve)) as never);
    const reading = service.refresh();
    events.fire('channel.poll.begin', pollEvent());
    auth.set({ ...auth.getState(), account: { ...auth.getState().account!, id: '99' } });
    expect(service.getState().poll).toBeNull();
    // Every read answers with the old account's poll: the first (older) read's must not show.
    for (const answer of answers.splice(0, 2)) answer({ status: 200, data: { data: [{ id: 'old', title: 'Old', choices: [], status: 'ACTIVE', duration: 60, started_at: '2030-01-01T09:00:00Z' }] } });
    await reading.catch(() => {});
    expect(service.getState().poll).toBeNull();
    for (const answer of answers) answer({ status: 200, data: { data: [] } });
  });

  it('refuses actions on nothing, and when signed out', async () => {
    const { service, auth } = setup();
    await expect(service.endPoll()).rejects.toThrow('No poll is running.');
    await expect(service.lockPrediction()).rejects.toThrow('No prediction is taking predictions.');
    auth.set({ ...auth.getState(), status: 'signedOut', account: null });
    await expect(service.startFromTemplate('starter-poll')).rejects.toMatchObject({ code: 'not_signed_in' });
  });
});
