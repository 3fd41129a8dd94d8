/**
 * The moderation services against the real emulator, through the real ApiClient, EventSub session
 * and channel-event stream: what each sends is what the platform takes, and what the platform then
 * does (a held message in chat, a blocked term stopping a message, an approved unban letting the
 * viewer chat) is what the broadcaster asked for.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import type { SimulationClient } from '../../emulator/simulation-client';
import { requestedScopeList } from '../../shared/domain/scopes';
import type { ChannelEvent } from '../../shared/ipc/contract';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { ChannelEvents } from '../services/events/channel-events';
import { EventsService } from '../services/events/events-service';
import { silentLogger } from '../services/logger';
import { apiClientFor, fixedAuth, helixGet, mintToken, simulation } from '../test-support/live-controls-emulator';
import { waitUntil } from '../test-support/wait-until';
import { buildModeration, disposeModeration, startModeration, type ModerationServices } from './moderation';

let emulator: RunningEmulator;
let sim: SimulationClient;
let token: string;
let events: EventsService;
let stream: ChannelEvents;
let broadcaster: CurrentBroadcaster;
let moderation: ModerationServices;
let me: string;
let viewers: string[];
const chat: ChannelEvent[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
  sim = simulation(emulator);
  me = emulator.demo!.broadcaster.id;
  viewers = emulator.demo!.viewers.map((v) => v.id);
  token = await mintToken(emulator, [...requestedScopeList]);
  const { auth, apiAuth } = fixedAuth(emulator, token);
  const api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
  broadcaster = new CurrentBroadcaster(auth);
  events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, auth, broadcaster, logger: silentLogger });
  stream = new ChannelEvents({ events, broadcaster, logger: silentLogger });
  stream.on(['chatMessage'], (event) => chat.push(event));
  moderation = buildModeration({ api, broadcaster, channelEvents: stream, gaps: events, logger: silentLogger });
  startModeration(moderation);
  events.start();
  await waitUntil(() => events.getStatus().state === 'connected' && events.getStatus().subscriptions.every((s) => s.status !== 'pending'), 10_000, 'the subscriptions settled');
  await waitUntil(() => moderation.shieldMode.getState().known && moderation.unbanRequests.getState().loaded, 10_000, 'the first reads');
});

afterAll(async () => {
  if (moderation) disposeModeration(moderation);
  stream?.dispose();
  events?.dispose();
  broadcaster?.dispose();
  await emulator?.close();
});

const saidInChat = (text: string) => chat.some((e) => e.kind === 'chatMessage' && e.text === text);

describe('moderation against the emulator', () => {
  it('turns Shield Mode on and the platform holds it; the begin event says who', async () => {
    expect(moderation.shieldMode.getState()).toMatchObject({ known: true, active: false, error: null });
    await moderation.shieldMode.setActive(true);
    const status = await helixGet<{ data: { is_active: boolean }[] }>(emulator, token, `/helix/moderation/shield_mode?broadcaster_id=${me}&moderator_id=${me}`);
    expect(status.data[0]!.is_active).toBe(true);
    await waitUntil(() => moderation.shieldMode.getState().by?.id === me, 5_000, 'Shield Mode by the broadcaster');
    await moderation.shieldMode.toggle();
    expect(moderation.shieldMode.getState().active).toBe(false);
  });

  it('queues a message AutoMod holds, with its category; allowed, it appears in chat', async () => {
    const sent = await sim.autoModMessage({ broadcaster_id: me, user_id: viewers[4]!, text: 'you utter walnut', category: 'bullying', level: 3 });
    const id = sent.held!.message_id;
    await waitUntil(() => moderation.heldMessages.getState().messages.some((m) => m.id === id), 5_000, 'the held message queued');
    expect(moderation.heldMessages.getState().messages.find((m) => m.id === id)).toMatchObject({ reason: 'automod', category: 'bullying', level: 3, text: 'you utter walnut' });
    expect(saidInChat('you utter walnut')).toBe(false);
    await expect(moderation.heldMessages.resolve(id, 'allow')).resolves.toMatchObject({ message: expect.stringMatching(/^Allowed /) });
    expect(moderation.heldMessages.getState().messages.some((m) => m.id === id)).toBe(false);
    await waitUntil(() => saidInChat('you utter walnut'), 5_000, 'the allowed message in chat');
  });

  it("sets AutoMod's level; a blocked term stops a message until it is unblocked", async () => {
    // Not read at sign-in: read when Chat settings first shows them.
    expect(moderation.chatRules.getState().blockedTerms).toBeNull();
    await moderation.chatRules.refresh();
    await moderation.chatRules.setAutoModLevel(3);
    expect(moderation.chatRules.getState().autoMod!.overallLevel).toBe(3);
    const rules = await moderation.chatRules.addBlockedTerm('pineapple');
    const term = rules.blockedTerms!.find((t) => t.text === 'pineapple')!;
    const stopped = await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[0]!, text: 'pineapple on pizza' });
    expect(stopped.is_sent).toBe(false);
    await moderation.chatRules.removeBlockedTerm(term.id);
    const allowed = await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[0]!, text: 'pineapple on pizza' });
    expect(allowed.is_sent).toBe(true);
  });

  it('lists an unban request as it comes; approved with a note, the viewer can chat again', async () => {
    await sim.ban({ broadcaster_id: me, user_id: viewers[1]!, reason: 'spam' });
    expect((await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[1]!, text: 'let me in' })).is_sent).toBe(false);
    const asked = await sim.unbanRequest({ broadcaster_id: me, user_id: viewers[1]!, text: 'sorry about that' });
    await waitUntil(() => moderation.unbanRequests.getState().requests.some((r) => r.id === asked.id), 5_000, 'the request listed');
    await moderation.unbanRequests.resolve(asked.id, 'approved', 'Welcome back');
    expect(moderation.unbanRequests.getState().requests.find((r) => r.id === asked.id)).toMatchObject({ status: 'approved', resolutionText: 'Welcome back' });
    expect((await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[1]!, text: 'thanks, back again' })).is_sent).toBe(true);
  });

  it("reads a chatter's card, warns them (counted on the card) and makes them a VIP", async () => {
    const viewer = viewers[4]!;
    const card = await moderation.chatUsers.getCard(viewer);
    expect(card.unread).toEqual([]);
    expect(card.createdAt).not.toBeNull();
    expect(card).toMatchObject({ user: { id: viewer }, vip: false, banned: null });
    await moderation.chatUsers.warn(viewer, 'Keep it kind');
    await vi.waitFor(async () => expect((await moderation.chatUsers.getCard(viewer)).thisBroadcast.warnings).toBe(1), { timeout: 5_000 });
    const made = await moderation.chatUsers.act(viewer, 'addVip');
    expect(made.card).toMatchObject({ vip: true });
    await moderation.chatUsers.act(viewer, 'removeVip');
  });
});
