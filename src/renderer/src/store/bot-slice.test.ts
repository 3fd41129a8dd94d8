import { describe, expect, it } from 'vitest';
import type { BotAccountState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { selectAction } from './selectors';
import { botSignedOut, deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const botSignedIn: BotAccountState = {
  ...botSignedOut,
  status: 'signedIn',
  account: { id: '701234567', login: 'sidestage_bot', displayName: 'Sidestage_Bot', broadcasterType: '', profileImageUrl: '' },
  scopes: ['user:bot', 'user:read:chat', 'user:write:chat'],
};

function setup() {
  const fakes = fakeDeps();
  const store = createSidestageStore(fakes.deps);
  startMirroring(store, fakes.deps);
  return { ...fakes, store };
}

describe('the bot account slice', () => {
  it('reads the bot account at start, follows bot:changed, and reads it again on resync', async () => {
    const { store, bridge, emit, connection } = setup();
    await flush();
    expect(store.getState().bot).toEqual(botSignedOut);
    emit('bot:changed', botSignedIn);
    expect(store.getState().bot?.account?.login).toBe('sidestage_bot');
    // The broadcaster's state is its own: the bot's event does not touch it.
    expect(store.getState().auth?.status).toBe('signedOut');
    bridge.bot.getState.mockResolvedValue(ok(botSignedOut));
    connection.resync();
    await flush();
    expect(bridge.bot.getState).toHaveBeenCalledTimes(2);
    expect(store.getState().bot?.status).toBe('signedOut');
  });

  it('signs the bot in (opening the page where main cannot) and out through bot:*, never auth:*', async () => {
    const { store, bridge, openUrl } = setup();
    await flush();
    const pending: BotAccountState = {
      ...botSignedOut,
      status: 'signingIn',
      pending: { flow: 'loopback', authorizeUrl: 'http://127.0.0.1:5000/oauth2/authorize?client_id=x', openedBy: 'renderer', expiresAt: '2030-01-01T10:10:00Z' },
    };
    bridge.bot.signIn.mockResolvedValueOnce(ok(pending));
    await store.getState().signInBot('loopback');
    expect(bridge.bot.signIn).toHaveBeenCalledWith({ flow: 'loopback' });
    expect(openUrl).toHaveBeenCalledWith('http://127.0.0.1:5000/oauth2/authorize?client_id=x');
    expect(bridge.auth.signIn).not.toHaveBeenCalled();
    bridge.bot.signOut.mockResolvedValueOnce(fail({ code: 'network_error', message: 'The platform could not be reached.' }));
    await store.getState().signOutBot();
    expect(selectAction('bot.signOut')(store.getState()).error).toBe('The platform could not be reached.');
    expect(bridge.auth.signOut).not.toHaveBeenCalled();
  });

  it('shows no answer older than a bot:changed event', async () => {
    const { store, bridge, emit } = setup();
    await flush();
    const late = deferred<ReturnType<typeof ok<BotAccountState>>>();
    bridge.bot.cancelSignIn.mockReturnValueOnce(late.promise);
    const cancelling = store.getState().cancelBotSignIn();
    emit('bot:changed', botSignedIn);
    late.resolve(ok(botSignedOut));
    await cancelling;
    expect(store.getState().bot?.status).toBe('signedIn');
  });
});
