/**
 * The bot account against the real emulator: the broadcaster and the bot each sign in through the
 * real loopback flow (the consent page's user picker chooses the account), a line sent as the bot
 * comes back through EventSub from the bot with the chat-bot badge (the app token's path), the
 * bot's tokens are in their own encrypted file, and signing one account out leaves the other. An
 * announcement asked of the bot comes from the broadcaster until the bot is a moderator, then from it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { botScopeList, requestedScopeList } from '../../../shared/domain/scopes';
import type { ChatMessage } from '../../../shared/ipc/contract';
import { freePort } from '../../test-support/free-port';
import { simulation } from '../../test-support/live-controls-emulator';
import { waitUntil } from '../../test-support/wait-until';
import { ApiClient } from '../api/api-client';
import { ChatService } from '../chat/chat-service';
import { ChatSpeakers } from '../chat/chat-speakers';
import { CurrentBroadcaster } from '../common/current-broadcaster';
import { ChannelEvents } from '../events/channel-events';
import { EventsService } from '../events/events-service';
import { silentLogger } from '../logger';
import { createAesFileCipher, encryptedFileDescription } from './aes-file-cipher';
import { AuthService } from './auth-service';
import { BOT_TOKEN_FILE, BotAccount } from './bot-account';
import { CipherFileTokenStore, MemoryTokenStore } from './token-store';

let emulator: RunningEmulator;
let agent: Agent;
let dir: string;
let redirectUri: string;
let auth: AuthService;
let bot: BotAccount;
let broadcaster: CurrentBroadcaster;
let events: EventsService;
let channelEvents: ChannelEvents;
let chat: ChatService;
const botIds: (string | null)[] = [];

/** The "browser": the consent page's form, sent with `userId` chosen in its user picker, then the redirect to the listener. */
const browserSigningInAs = (userId: () => string) => async (url: string) => {
  const form = new URLSearchParams(new URL(url).searchParams);
  form.set('user_id', userId());
  form.set('decision', 'authorize');
  const consent = await request(`${emulator.url}/oauth2/authorize`, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    dispatcher: agent,
  });
  await consent.body.dump();
  if (consent.statusCode !== 303) throw new Error(`the consent page answered ${consent.statusCode}`);
  const landing = await request(String(consent.headers.location), { dispatcher: agent });
  await landing.body.dump();
  return true;
};

beforeAll(async () => {
  redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
  emulator = await startEmulator({ port: 0, seed: 'demo', demoRedirectUris: [redirectUri] });
  agent = new Agent();
  dir = await mkdtemp(join(tmpdir(), 'sidestage-bot-it-'));
  const demo = emulator.demo!;
  const endpoints = { authUrl: emulator.url, apiBaseUrl: emulator.url };
  auth = new AuthService({
    endpoints,
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    redirectUri,
    scopes: [...requestedScopeList],
    tokenStore: new MemoryTokenStore(),
    openUrl: browserSigningInAs(() => demo.broadcaster.id),
    logger: silentLogger,
  });
  bot = new BotAccount({
    endpoints,
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    redirectUri,
    tokenStore: new CipherFileTokenStore(join(dir, BOT_TOKEN_FILE), createAesFileCipher(join(dir, 'token.key')), encryptedFileDescription),
    openUrl: browserSigningInAs(() => demo.bot.id),
    logger: silentLogger,
  });
  bot.onUserIdChange((id) => botIds.push(id));
  const api = new ApiClient({ baseUrl: emulator.url, clientId: demo.clientId, auth, logger: silentLogger });
  broadcaster = new CurrentBroadcaster(auth);
  events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger });
  channelEvents = new ChannelEvents({ events, broadcaster, logger: silentLogger });
  chat = new ChatService({ api, broadcaster, channelEvents, logger: silentLogger, speakers: new ChatSpeakers(api, bot) });
  chat.start();
  events.start();
  await auth.start();
  await bot.start();
});

afterAll(async () => {
  chat?.dispose();
  channelEvents?.dispose();
  events?.dispose();
  broadcaster?.dispose();
  await bot?.dispose();
  await auth?.dispose();
  await agent?.close();
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const messages = () => chat.getSnapshot().messages;
async function waitForMessage(predicate: (m: ChatMessage) => boolean, what: string): Promise<ChatMessage> {
  await waitUntil(() => messages().some(predicate), 10_000, what);
  return messages().find(predicate)!;
}

describe('the bot account against the emulator', () => {
  it('signs in as sidestage_bot beside the broadcaster, and a line sent as the bot arrives from the bot with the chat-bot badge', async () => {
    const demo = emulator.demo!;
    await auth.signIn('loopback');
    await waitUntil(() => auth.getState().status === 'signedIn', 10_000, 'the broadcaster signed in');
    expect(auth.getState().scopes).toContain('channel:bot');
    await waitUntil(() => events.getStatus().state === 'connected' && events.getStatus().subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled'), 10_000, 'chat subscribed');

    expect(bot.getState()).toMatchObject({ status: 'signedOut', speaksWithBadge: true });
    await bot.signIn('loopback');
    await waitUntil(() => bot.getState().status !== 'signingIn', 10_000, 'the bot signed in');
    const state = bot.getState();
    expect(state).toMatchObject({ status: 'signedIn', account: { id: demo.bot.id, login: 'sidestage_bot' }, missingScopes: [], error: null, speaksWithBadge: true });
    expect([...state.scopes].sort()).toEqual([...botScopeList].sort());
    expect(state).not.toHaveProperty('currentBroadcaster');
    // The broadcaster is still the broadcaster: the bot's sign-in is a second account, not a switch.
    expect(auth.getState().account?.login).toBe('sidestage_demo');
    expect(bot.userId()).toBe(demo.bot.id);
    expect(botIds).toEqual([demo.bot.id]);

    // Its tokens: in their own file, encrypted; none in the state the renderer gets.
    const file = await readFile(join(dir, BOT_TOKEN_FILE));
    const tokens = await new CipherFileTokenStore(join(dir, BOT_TOKEN_FILE), createAesFileCipher(join(dir, 'token.key')), encryptedFileDescription).load();
    expect(tokens?.userId).toBe(demo.bot.id);
    expect(file.toString('latin1')).not.toContain(tokens!.accessToken);
    expect(JSON.stringify(state)).not.toContain(tokens!.accessToken);
    expect(JSON.stringify(state)).not.toContain(tokens!.refreshToken!);

    const { messageId } = await chat.send('Beep boop, I am the bot', undefined, 'bot');
    const line = await waitForMessage((m) => m.id === messageId, 'the bot’s line');
    expect(line.userId).toBe(demo.bot.id);
    expect(line.badges.map((b) => b.setId)).toContain('bot-badge');

    // Not asked for: the broadcaster speaks, without the badge.
    const own = await chat.send('And this is me');
    const mine = await waitForMessage((m) => m.id === own.messageId, 'the broadcaster’s line');
    expect(mine.userId).toBe(demo.broadcaster.id);
    expect(mine.badges.map((b) => b.setId)).not.toContain('bot-badge');
  });

  it('an announcement asked of the bot: the broadcaster announces while the bot is no moderator here, the bot once it is', async () => {
    const demo = emulator.demo!;
    expect(bot.getState().status).toBe('signedIn');
    await chat.send('Hear ye, from whoever may', 'PRIMARY', 'bot');
    const refused = await waitForMessage((m) => m.text === 'Hear ye, from whoever may', 'the fallback announcement');
    expect(refused.userId).toBe(demo.broadcaster.id);

    await simulation(emulator).moderator({ broadcaster_id: demo.broadcaster.id, user_id: demo.bot.id, action: 'add' });
    await chat.send('Hear ye, from the bot', 'PRIMARY', 'bot');
    const announced = await waitForMessage((m) => m.text === 'Hear ye, from the bot', 'the bot’s announcement');
    expect(announced.userId).toBe(demo.bot.id);
    await simulation(emulator).moderator({ broadcaster_id: demo.broadcaster.id, user_id: demo.bot.id, action: 'remove' });
  });

  it('signs the bot out and leaves the broadcaster signed in; the bot asked for then speaks as the broadcaster', async () => {
    const demo = emulator.demo!;
    await bot.signOut();
    expect(bot.getState().status).toBe('signedOut');
    expect(bot.userId()).toBeNull();
    expect(botIds).toEqual([demo.bot.id, null]);
    expect(auth.getState()).toMatchObject({ status: 'signedIn', account: { login: 'sidestage_demo' } });
    await auth.validateNow();
    expect(auth.getState().status).toBe('signedIn');

    const { messageId } = await chat.send('The bot is away', undefined, 'bot');
    const line = await waitForMessage((m) => m.id === messageId, 'the line');
    expect(line.userId).toBe(demo.broadcaster.id);
  });

  it('signs the broadcaster out and leaves the bot signed in', async () => {
    const demo = emulator.demo!;
    await bot.signIn('loopback');
    await waitUntil(() => bot.getState().status === 'signedIn', 10_000, 'the bot signed in again');
    await auth.signOut();
    expect(auth.getState().status).toBe('signedOut');
    expect(bot.getState()).toMatchObject({ status: 'signedIn', account: { id: demo.bot.id } });
    expect(bot.userId()).toBe(demo.bot.id);
  });
});
