/**
 * Chat against the real emulator: viewers' messages arrive through EventSub with badges and emote
 * fragments; send, announce, delete, timeout and ban take effect in the emulator; refusals are worded;
 * lines another moderator removes on the platform are marked removed, with who removed them; in a
 * shared chat session, lines from the other channel name it and are not moderated from here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import type { SimulationClient } from '../../../emulator/simulation-client';
import { requestedScopeList } from '../../../shared/domain/scopes';
import type { ChatDelta, ChatMessage } from '../../../shared/ipc/contract';
import { apiClientFor, fixedAuth, helixGet, mintToken, simulation } from '../../test-support/live-controls-emulator';
import { waitUntil } from '../../test-support/wait-until';
import { CurrentBroadcaster } from '../common/current-broadcaster';
import { ChannelEvents } from '../events/channel-events';
import { EventsService } from '../events/events-service';
import { silentLogger } from '../logger';
import { ChatService } from './chat-service';

let emulator: RunningEmulator;
let sim: SimulationClient;
let events: EventsService;
let channelEvents: ChannelEvents;
let chat: ChatService;
let broadcaster: CurrentBroadcaster;
let broadcasterId: string;
let token: string;
let viewers: string[];
const deltas: ChatDelta[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
  sim = simulation(emulator);
  broadcasterId = emulator.demo!.broadcaster.id;
  viewers = emulator.demo!.viewers.map((v) => v.id);
  token = await mintToken(emulator, [...requestedScopeList]);
  const { auth, apiAuth } = fixedAuth(emulator, token);
  const api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
  broadcaster = new CurrentBroadcaster(auth);
  events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger });
  channelEvents = new ChannelEvents({ events, broadcaster, logger: silentLogger });
  chat = new ChatService({ api, broadcaster, channelEvents, logger: silentLogger });
  chat.onDelta((delta) => deltas.push(delta));
  chat.start();
  events.start();
  await waitUntil(() => {
    const status = events.getStatus();
    // Chat, announcements, what leaves chat (three), bans, every moderator's action and the shared chat session (three).
    return status.state === 'connected' && status.subscriptions.length === 10 && status.subscriptions.every((s) => s.status === 'enabled');
  }, 10_000, 'chat subscriptions enabled');
});

afterAll(async () => {
  chat?.dispose();
  channelEvents?.dispose();
  events?.dispose();
  broadcaster?.dispose();
  await emulator?.close();
});

const messages = () => chat.getSnapshot().messages;
async function waitForMessage(predicate: (m: ChatMessage) => boolean, what: string): Promise<ChatMessage> {
  await waitUntil(() => messages().some(predicate), 10_000, what);
  return messages().find(predicate)!;
}
const emulatorTexts = async () => (await sim.chatMessages(broadcasterId)).messages.map((m) => m.text);

describe('chat against the emulator', () => {
  it("reads a viewer's message with its badges and emotes (an image from the platform's template)", async () => {
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[2]!, text: 'hello Kappa chat' });
    const message = await waitForMessage((m) => m.text === 'hello Kappa chat', 'the message');
    expect(message.userId).toBe(viewers[2]);
    expect(message.badges.map((b) => b.setId)).toContain('moderator');
    const emote = message.fragments.find((f) => f.type === 'emote');
    expect(emote).toMatchObject({ text: 'Kappa', emoteUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/.+/) });
    expect(message.fragments.map((f) => f.text).join('')).toBe('hello Kappa chat');
  });

  it('sends as the broadcaster, and the message reaches the emulator (and comes back through EventSub)', async () => {
    const { messageId } = await chat.send('Welcome in!');
    expect(messageId).toBeTruthy();
    expect(await emulatorTexts()).toContain('Welcome in!');
    await waitForMessage((m) => m.id === messageId, 'the own message');
  });

  it('sends an announcement in its colour', async () => {
    await chat.send('Giveaway at 9', 'purple');
    const announcement = await waitForMessage((m) => m.text === 'Giveaway at 9', 'the announcement');
    expect(announcement.announcement).toBe('PURPLE');
  });

  it('deletes a message: gone from the emulator, marked in the buffer', async () => {
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[0]!, text: 'spoiler: the ending' });
    const message = await waitForMessage((m) => m.text === 'spoiler: the ending', 'the message');
    await expect(chat.moderate({ action: 'delete', messageId: message.id })).resolves.toEqual({ message: `Deleted ${message.userName}'s message.` });
    expect(await emulatorTexts()).not.toContain('spoiler: the ending');
    await waitUntil(() => chat.getSnapshot().messages.find((m) => m.id === message.id)?.removed === 'deleted', 5000, 'marked deleted');
  });

  it("times out and bans a message's author in the emulator; the broadcaster's own and a moderator's are refused in words", async () => {
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[1]!, text: 'first' });
    const first = await waitForMessage((m) => m.text === 'first', 'the message');
    await expect(chat.moderate({ action: 'timeout', messageId: first.id, durationSeconds: 600 })).resolves.toEqual({ message: `${first.userName} is timed out for 10 min.` });
    const banned = await helixGet<{ data: { user_id: string; expires_at: string }[] }>(emulator, token, `/helix/moderation/banned?broadcaster_id=${broadcasterId}`);
    expect(banned.data).toEqual([expect.objectContaining({ user_id: viewers[1], expires_at: expect.stringMatching(/Z$/) })]);
    // A timed-out viewer cannot chat: the emulator refuses, and the buffer marks their lines.
    await expect(sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[1]!, text: 'again' })).resolves.toMatchObject({ is_sent: false });
    expect(messages().find((m) => m.id === first.id)?.removed).toBe('timedOut');

    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[3]!, text: 'buy followers at' });
    const spam = await waitForMessage((m) => m.text === 'buy followers at', 'the spam');
    await chat.moderate({ action: 'ban', messageId: spam.id, reason: 'spam' });
    const after = await helixGet<{ data: { user_id: string; expires_at: string; reason: string }[] }>(emulator, token, `/helix/moderation/banned?broadcaster_id=${broadcasterId}&user_id=${viewers[3]}`);
    expect(after.data).toEqual([expect.objectContaining({ expires_at: '', reason: 'spam' })]);

    const mod = await waitForMessage((m) => m.userId === viewers[2], "the moderator's message");
    await expect(chat.moderate({ action: 'timeout', messageId: mod.id, durationSeconds: 600 })).rejects.toThrow(/^Timeout not applied: The user specified in the user_id field may not be put in a timeout\.$/);
    const own = await waitForMessage((m) => m.userId === broadcasterId && m.announcement === null, 'the own message');
    await expect(chat.moderate({ action: 'ban', messageId: own.id })).rejects.toThrow('Ban not applied: that is your own message.');
    await expect(chat.moderate({ action: 'delete', messageId: 'not-in-chat' })).rejects.toThrow(/^Message not deleted: that message is no longer/);
  });

  it('a line another moderator deletes on the platform is marked deleted, then by whom', async () => {
    const line = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[4]!, text: 'delete me elsewhere' });
    await waitForMessage((m) => m.id === line.message_id, 'the line');
    await sim.deleteChatMessage({ broadcaster_id: broadcasterId, message_id: line.message_id, moderator_id: viewers[2]! });
    await waitUntil(() => messages().find((m) => m.id === line.message_id)?.removedBy === 'ModMallory', 5000, 'deleted by ModMallory');
    expect(messages().find((m) => m.id === line.message_id)).toMatchObject({ removed: 'deleted', removedBy: 'ModMallory' });
  });

  it("a timeout on the platform takes the chatter's lines (timed out, by whom); a cleared chat takes every line", async () => {
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[4]!, text: 'rude one' });
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[4]!, text: 'rude two' });
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[0]!, text: 'a kind line' });
    await waitForMessage((m) => m.text === 'a kind line', 'the kind line');
    await sim.ban({ broadcaster_id: broadcasterId, user_id: viewers[4]!, moderator_id: viewers[2]!, duration: 60 });
    const rude = () => messages().filter((m) => m.text.startsWith('rude'));
    await waitUntil(() => rude().every((m) => m.removed === 'timedOut' && m.removedBy === 'ModMallory'), 5000, 'the rude lines timed out');
    expect(messages().find((m) => m.text === 'a kind line')?.removed).toBeNull();

    await sim.clearChat({ broadcaster_id: broadcasterId });
    await waitUntil(() => messages().every((m) => m.removed !== null), 5000, 'every line removed');
    expect(messages().find((m) => m.text === 'a kind line')).toMatchObject({ removed: 'cleared', removedBy: 'Sidestage_Demo' });
    // Lines removed before keep what removed them.
    expect(rude().map((m) => m.removed)).toEqual(['timedOut', 'timedOut']);
  });

  it("words the platform's refusals of a send", async () => {
    await sim.addFault({ path: '^/helix/chat/messages$', method: 'POST', status: 403, count: 1 });
    await expect(chat.send('hi')).rejects.toThrow(/^Message not sent: /);
    await sim.clearFaults();
    await expect(chat.send('x'.repeat(501))).rejects.toThrow('Message not sent: The message is too large.');
  });

  it("a shared chat session: who is in it, lines from the other channel named and not moderated from here, and the session read at sign-in", async () => {
    const other = emulator.demo!.viewers[4]!;
    await sim.joinSharedChat({ host_broadcaster_id: other.id, broadcaster_id: broadcasterId });
    await waitUntil(() => chat.getSnapshot().sharedChat?.channels.length === 2, 5000, 'the session in the snapshot');
    expect(chat.getSnapshot().sharedChat).toMatchObject({ hostId: other.id, channels: [{ id: other.id, login: other.login, name: 'Speedrun_Sam' }, { id: broadcasterId }] });
    expect(deltas.at(-1)?.sharedChat?.hostId).toBe(other.id);

    const there = await sim.sendChatMessage({ broadcaster_id: other.id, user_id: viewers[0]!, text: 'hello from next door' });
    const line = await waitForMessage((m) => m.text === 'hello from next door', 'the line from the other channel');
    expect(line.id).not.toBe(there.message_id);
    expect(line.sourceChannel).toEqual({ id: other.id, login: other.login, name: 'Speedrun_Sam' });
    await expect(chat.moderate({ action: 'delete', messageId: line.id })).rejects.toThrow("Message not deleted: that line is from Speedrun_Sam's chat (shared chat); their moderators moderate it.");
    await expect(chat.moderate({ action: 'ban', messageId: line.id })).rejects.toThrow(/^Ban not applied: that line is from Speedrun_Sam's chat/);
    // A line of this channel's own chat names no channel.
    await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewers[0]!, text: 'hello from home' });
    expect((await waitForMessage((m) => m.text === 'hello from home', 'the own line')).sourceChannel).toBeUndefined();

    // A second service (a sign-in while the session runs) reads it from Get Shared Chat Session.
    const later = new ChatService({ api: apiClientFor(emulator.url, emulator.demo!.clientId, fixedAuth(emulator, token).apiAuth), broadcaster, channelEvents, logger: silentLogger });
    later.start();
    try {
      await waitUntil(() => later.getSnapshot().sharedChat?.channels.length === 2, 5000, 'the session read at sign-in');
      expect(later.getSnapshot().sharedChat?.channels.map((c) => c.name)).toEqual(['Speedrun_Sam', 'Sidestage_Demo']);
    } finally {
      later.dispose();
    }

    await sim.leaveSharedChat({ broadcaster_id: broadcasterId });
    await waitUntil(() => chat.getSnapshot().sharedChat === null, 5000, 'the session ended');
  });

  it('deltas follow on from each other', () => {
    expect(deltas.length).toBeGreaterThan(3);
    for (let i = 1; i < deltas.length; i++) expect(deltas[i]!.baseVersion).toBe(deltas[i - 1]!.version);
  });
});
