/**
 * The seeds the emulator starts with. `empty`: no clients, users or channels (the platform's own
 * catalogue stays). `demo`: a partner broadcaster, a few viewers, a confidential demo client and a
 * public one for the device flow. Demo values are fixed so they survive `POST /_emulator/reset`.
 */
import { seedChannelPoints } from './seed-channel-points';
import type { EmulatorState } from './domain/emulator-state';
import { applyVideoSeed } from './seed-videos';
import { applyCommunitySeed } from './seed-community';
import { seedExtensionsArea } from './seed-extensions';

export type SeedName = 'demo' | 'empty';

export interface DemoSeed {
  clientId: string;
  clientSecret: string;
  publicClientId: string;
  broadcaster: { id: string; login: string };
  viewers: { id: string; login: string }[];
  /** The demo's chat-bot account: the second account Sidestage signs in to speak as a bot. */
  bot: { id: string; login: string };
}

export const DEFAULT_DEMO_REDIRECT_URIS: readonly string[] = ['http://127.0.0.1:17563/callback', 'http://localhost:17563/callback'];

export const DEMO_CLIENT = {
  name: 'Sidestage Demo',
  clientId: 'sd7k2m9x4p1q8w3e6r5t0y2u4i6o8p',
  clientSecret: 'x9demosecretk3m5n7p9q2r4t6v8w0',
  extensionSecret: 'c2lkZXN0YWdlLWRlbW8tZXh0ZW5zaW9uLXNlY3JldCE=',
} as const;

export const DEMO_PUBLIC_CLIENT = {
  name: 'Sidestage Demo (device)',
  clientId: 'sdpub4h8j2k6m0n4p8q2r6t0v4w8y2',
} as const;

export const DEMO_BROADCASTER = {
  id: '501234567',
  login: 'sidestage_demo',
  displayName: 'Sidestage_Demo',
  description: 'Building Sidestage live: a desktop companion for broadcasters.',
  email: 'sidestage_demo@example.com',
  createdAt: '2019-05-04T17:21:08Z',
  streamKey: 'live_501234567_q8Z2mN4vX7cR1tY6bW3kP9sD5fG0hJ',
  channelTitle: 'Building a stream companion app | !sidestage',
  gameId: '1469308723',
} as const;

export const DEMO_VIEWERS: readonly { id: string; login: string; displayName: string; broadcasterType: '' | 'affiliate'; createdAt: string }[] = [
  { id: '612345001', login: 'pixelpal', displayName: 'PixelPal', broadcasterType: '', createdAt: '2020-02-11T09:12:44Z' },
  { id: '612345002', login: 'cozy_carrot', displayName: 'cozy_carrot', broadcasterType: '', createdAt: '2021-07-30T20:03:19Z' },
  { id: '612345003', login: 'modmallory', displayName: 'ModMallory', broadcasterType: 'affiliate', createdAt: '2018-11-02T14:45:00Z' },
  { id: '612345004', login: 'lurkingluna', displayName: 'LurkingLuna', broadcasterType: '', createdAt: '2022-03-15T01:27:53Z' },
  { id: '612345005', login: 'speedrun_sam', displayName: 'Speedrun_Sam', broadcasterType: 'affiliate', createdAt: '2017-08-21T18:09:37Z' },
];

/**
 * The demo's chat-bot account. Not a moderator: it may speak with the chat-bot badge once it has
 * granted the app user:bot and the broadcaster channel:bot, the platform's way for a bot. It has
 * followed the channel since it was made, so the demo channel's followers-only mode lets it speak.
 */
export const DEMO_BOT = {
  id: '701234567',
  login: 'sidestage_bot',
  displayName: 'Sidestage_Bot',
  description: 'The Sidestage demo channel\'s chat bot.',
  createdAt: '2023-01-09T12:00:00Z',
} as const;

export function applySeed(state: EmulatorState, seed: SeedName, demoRedirectUris: readonly string[] = DEFAULT_DEMO_REDIRECT_URIS): DemoSeed | null {
  if (seed === 'empty') return null;
  const now = state.clock.now();

  state.clients.create(
    {
      name: DEMO_CLIENT.name,
      clientId: DEMO_CLIENT.clientId,
      clientSecret: DEMO_CLIENT.clientSecret,
      redirectUris: [...demoRedirectUris],
      type: 'confidential',
      extensionSecret: DEMO_CLIENT.extensionSecret,
    },
    now,
  );
  state.clients.create(
    { name: DEMO_PUBLIC_CLIENT.name, clientId: DEMO_PUBLIC_CLIENT.clientId, redirectUris: [...demoRedirectUris], type: 'public' },
    now,
  );

  const broadcaster = state.createUser(
    {
      id: DEMO_BROADCASTER.id,
      login: DEMO_BROADCASTER.login,
      displayName: DEMO_BROADCASTER.displayName,
      broadcasterType: 'partner',
      description: DEMO_BROADCASTER.description,
      email: DEMO_BROADCASTER.email,
      createdAt: Date.parse(DEMO_BROADCASTER.createdAt),
    },
    { streamKey: DEMO_BROADCASTER.streamKey, title: DEMO_BROADCASTER.channelTitle, gameId: DEMO_BROADCASTER.gameId },
  );
  for (const viewer of DEMO_VIEWERS) {
    state.createUser({
      id: viewer.id,
      login: viewer.login,
      displayName: viewer.displayName,
      broadcasterType: viewer.broadcasterType,
      createdAt: Date.parse(viewer.createdAt),
    });
  }
  state.createUser({
    id: DEMO_BOT.id,
    login: DEMO_BOT.login,
    displayName: DEMO_BOT.displayName,
    broadcasterType: '',
    description: DEMO_BOT.description,
    createdAt: Date.parse(DEMO_BOT.createdAt),
  });
  state.follows.follow(DEMO_BOT.id, broadcaster.id, Date.parse(DEMO_BOT.createdAt));
  seedChannelPoints(state, { broadcasterId: broadcaster.id, clientId: DEMO_CLIENT.clientId });
  applyCommunitySeed(state, broadcaster.id, DEMO_VIEWERS.map((v) => v.id));
  applyVideoSeed(state, broadcaster.id, DEMO_VIEWERS.map((v) => v.id));
  seedExtensionsArea(state, { clientId: DEMO_CLIENT.clientId, broadcasterId: broadcaster.id, viewerIds: DEMO_VIEWERS.map((v) => v.id) });
  state.settings.defaultUserId = broadcaster.id;
  return demoSeedSummary();
}

export function demoSeedSummary(): DemoSeed {
  return {
    clientId: DEMO_CLIENT.clientId,
    clientSecret: DEMO_CLIENT.clientSecret,
    publicClientId: DEMO_PUBLIC_CLIENT.clientId,
    broadcaster: { id: DEMO_BROADCASTER.id, login: DEMO_BROADCASTER.login },
    viewers: DEMO_VIEWERS.map((v) => ({ id: v.id, login: v.login })),
    bot: { id: DEMO_BOT.id, login: DEMO_BOT.login },
  };
}
