import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { channelEvent, ScriptedApi, user } from '../../test-support/moderation-fakes';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import type { EventsGap } from '../events/events-service';
import { silentLogger } from '../logger';
import { BannedAccountsService } from './banned-accounts-service';

const helix = (id: string, createdAt: string, expiresAt = '') => ({
  user_id: id,
  user_login: `viewer${id}`,
  user_name: `Viewer${id}`,
  expires_at: expiresAt,
  created_at: createdAt,
  reason: `reason ${id}`,
  moderator_id: '7',
  moderator_login: 'modmia',
  moderator_name: 'ModMia',
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function setup(banned = [helix('1', '2030-01-01T10:00:00Z'), helix('2', '2030-01-01T10:05:00Z', '2030-01-01T10:15:00Z')]) {
  const api = new ScriptedApi()
    .answer('GET /helix/moderation/banned', { data: banned })
    .answer('GET /helix/users', (req: ApiRequest) => ({ data: req.query!.login === 'lurkingluna' ? [{ id: '5', login: 'lurkingluna', display_name: 'LurkingLuna' }] : [] }))
    .answer('DELETE /helix/moderation/bans', undefined);
  const { broadcaster } = fakeBroadcaster();
  const { stream } = fakeChannelEvents(broadcaster);
  const gaps = new Emitter<EventsGap>();
  const service = new BannedAccountsService({ api, broadcaster, channelEvents: stream, gaps: { onGap: (l) => gaps.on(l) }, logger: silentLogger });
  service.start();
  return { api, stream, gaps, service };
}

describe('BannedAccountsService', () => {
  it('reads Get Banned Users at sign-in: newest first, with reason, moderator and a timeout’s end', async () => {
    const { api, service } = setup();
    await settle();
    expect(api.to('GET /helix/moderation/banned')[0]!.query).toMatchObject({ broadcaster_id: '42', first: 100 });
    const { loaded, accounts } = service.getState();
    expect(loaded).toBe(true);
    expect(accounts.map((a) => [a.user.name, a.moderator?.name, a.reason, a.expiresAt])).toEqual([
      ['Viewer2', 'ModMia', 'reason 2', '2030-01-01T10:15:00Z'],
      ['Viewer1', 'ModMia', 'reason 1', null],
    ]);
  });

  it('follows bans and unbans from the channel events, by anyone', async () => {
    const { stream, service } = setup();
    await settle();
    stream.publish(channelEvent('ban', { user: user('9', 'PixelPal'), moderator: user('8', 'OtherMod'), reason: 'spam', endsAt: null }));
    expect(service.getState().accounts[0]).toMatchObject({ user: { name: 'PixelPal' }, moderator: { name: 'OtherMod' }, reason: 'spam' });
    stream.publish(channelEvent('unban', { user: user('1', 'Viewer1'), moderator: user('8', 'OtherMod') }));
    expect(service.getState().accounts.map((a) => a.user.id)).toEqual(['9', '2']);
  });

  it('unbans by name: a listed account at once, another looked up with Get Users; an unknown name is refused in words', async () => {
    const { api, service } = setup();
    await settle();
    await expect(service.unbanByName('viewer1')).resolves.toEqual({ message: 'Viewer1 is unbanned and may chat again.' });
    expect(api.to('GET /helix/users')).toHaveLength(0);
    expect(api.to('DELETE /helix/moderation/bans')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42', user_id: '1' });
    expect(service.getState().accounts.map((a) => a.user.id)).toEqual(['2']);
    await expect(service.unbanByName('LurkingLuna')).resolves.toEqual({ message: 'LurkingLuna is unbanned and may chat again.' });
    expect(api.to('GET /helix/users')[0]!.query).toEqual({ login: 'lurkingluna' });
    await expect(service.unbanByName('nobody_here')).rejects.toThrow('Not unbanned: no account is named “nobody_here”.');
  });

  it('a refused unban says why and leaves the account listed', async () => {
    const { api, service } = setup();
    await settle();
    api.answer('DELETE /helix/moderation/bans', () => {
      throw new ApiError(400, 'Bad Request', 'The user specified in the user_id field is not banned.');
    });
    await expect(service.unbanByName('viewer2')).rejects.toThrow('Not unbanned: The user specified in the user_id field is not banned.');
    expect(service.getState().accounts.find((a) => a.user.id === '2')).toMatchObject({ pending: false });
  });

  it('reads again after an EventSub gap', async () => {
    const { api, gaps } = setup();
    await settle();
    gaps.fire({} as EventsGap);
    await settle();
    expect(api.to('GET /helix/moderation/banned')).toHaveLength(2);
  });
});
