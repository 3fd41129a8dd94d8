/**
 * The mod log, banned accounts and the card's suspicious-user status in the whole main process
 * against the emulator (demo mode): another moderator bans a viewer and deletes a line on the
 * website (the simulation API); both are logged with the moderator's name, the banned account is
 * listed and unbanned by name; the card monitors and lifts a chatter; none of it reads the chat
 * rules at sign-in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BannedAccountsState, ChatRulesState, ChatUserCard, ModLogState } from '../../shared/ipc/contract';
import { DEMO_MODERATOR_ID } from '../../emulator/seed-community';
import { startDemoSidestage, type DemoSidestage } from '../test-support/demo-sidestage';
import { waitUntil } from '../test-support/wait-until';

const PIXELPAL = '612345001';
const LUNA = '612345004';

let demo: DemoSidestage;
beforeAll(async () => {
  demo = await startDemoSidestage({ name: 'mod-log' });
  await demo.signIn();
}, 30_000);
afterAll(async () => {
  await demo?.dispose();
});

const subscribed = (types: string[]) =>
  waitUntil(
    async () => {
      const { subscriptions } = await demo.sim.eventSubSubscriptions();
      return types.every((type) => subscriptions.some((s) => s.type === type && s.status === 'enabled'));
    },
    15_000,
    'the EventSub subscriptions',
    50,
  );

it("another moderator's ban and deleted line are logged with their name; the banned account is listed and unbanned by name", async () => {
  const { sim, broadcasterId } = demo;
  await subscribed(['channel.moderate', 'channel.ban', 'channel.unban', 'channel.chat.message']);
  await waitUntil(async () => (await demo.call<BannedAccountsState>('bannedAccounts:getState')).loaded, 15_000, 'the banned accounts read', 50);

  const line = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: LUNA, text: 'a line to delete' });
  await sim.deleteChatMessage({ broadcaster_id: broadcasterId, message_id: line.message_id, moderator_id: DEMO_MODERATOR_ID });
  await sim.ban({ broadcaster_id: broadcasterId, user_id: PIXELPAL, moderator_id: DEMO_MODERATOR_ID, reason: 'spam links' });

  await waitUntil(async () => (await demo.call<ModLogState>('modLog:getState')).entries.length >= 2, 15_000, 'both actions in the mod log', 50);
  const { entries } = await demo.call<ModLogState>('modLog:getState');
  expect(entries.map((e) => [e.action, e.moderator.name, e.user?.name])).toEqual([
    ['ban', 'ModMallory', 'PixelPal'],
    ['delete', 'ModMallory', 'LurkingLuna'],
  ]);
  expect(entries[0]!.reason).toBe('spam links');
  expect(entries[1]!.messageText).toBe('a line to delete');

  await waitUntil(async () => (await demo.call<BannedAccountsState>('bannedAccounts:getState')).accounts.some((a) => a.user.id === PIXELPAL), 15_000, 'the ban listed', 50);
  const banned = (await demo.call<BannedAccountsState>('bannedAccounts:getState')).accounts.find((a) => a.user.id === PIXELPAL)!;
  expect(banned).toMatchObject({ reason: 'spam links', moderator: { name: 'ModMallory' }, expiresAt: null });

  await expect(demo.call('bannedAccounts:unban', { login: '@PixelPal' })).resolves.toEqual({ message: 'PixelPal is unbanned and may chat again.' });
  expect((await demo.call<BannedAccountsState>('bannedAccounts:getState')).accounts.some((a) => a.user.id === PIXELPAL)).toBe(false);
  await waitUntil(async () => (await demo.call<ModLogState>('modLog:getState')).entries[0]?.action === 'unban', 15_000, 'the unban logged', 50);
  await expect(demo.call('bannedAccounts:unban', { login: 'no such name!' })).rejects.toThrow(/letters, digits and underscores/);
}, 60_000);

it("the card monitors a chatter, then lifts it; the chat rules were never read", async () => {
  const monitored = await demo.call<{ message: string; card: ChatUserCard }>('chatUsers:setSuspicious', { userId: LUNA, status: 'activeMonitoring' });
  expect(monitored.message).toBe('LurkingLuna is monitored: their lines are marked for the moderators.');
  expect(monitored.card.suspicious).toEqual({ status: 'activeMonitoring', types: ['manuallyAdded'] });
  const lifted = await demo.call<{ message: string; card: ChatUserCard }>('chatUsers:setSuspicious', { userId: LUNA, status: 'none' });
  expect(lifted.card.suspicious).toBeNull();
  expect(await demo.call<ChatRulesState>('chatRules:get')).toEqual({ autoMod: null, blockedTerms: null, error: null });
}, 30_000);
