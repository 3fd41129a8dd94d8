/**
 * Demo data of the extension back end, extension analytics and the retired v5 API: the demo client
 * acts as the broadcaster's extension (owned by them, activated on their channel, analytics since
 * mid-2023), two communities, a channel feed with comments and reactions, and a channel cheermote.
 */
import type { EmulatorState } from './domain/emulator-state';

export interface ExtensionsSeedInput {
  clientId: string;
  broadcasterId: string;
  /** pixelpal, cozy_carrot, modmallory, lurkingluna, speedrun_sam. */
  viewerIds: readonly string[];
}

export const DEMO_EXTENSION = {
  version: '1.0.0',
  requiredConfiguration: 'sidestage-configured-v1',
  analyticsSince: Date.UTC(2023, 5, 1),
  globalConfiguration: '{"theme":"dark","panels":["queue","donations"]}',
  cheermotePrefix: 'sidestageCheer',
} as const;

const HOUR_MS = 60 * 60 * 1000;

export function seedExtensionsArea(state: EmulatorState, input: ExtensionsSeedInput): void {
  const now = state.clock.now();
  const [pixelpal, cozyCarrot, modMallory, lurkingLuna, speedrunSam] = input.viewerIds;

  const client = state.clients.get(input.clientId);
  if (client) {
    const extension = state.extensions.get(client);
    extension.ownerId = input.broadcasterId;
    extension.analyticsSince = DEMO_EXTENSION.analyticsSince;
    const activation = state.extensions.activation(extension, input.broadcasterId);
    activation.version = DEMO_EXTENSION.version;
    activation.requiredConfiguration = DEMO_EXTENSION.requiredConfiguration;
    activation.activated = true;
    activation.activatedAt = now;
    extension.configurations.set('global', { segment: 'global', channelId: null, content: DEMO_EXTENSION.globalConfiguration, version: '1' });
  }

  state.kraken.createCommunity(
    {
      name: 'SidestageBuilders',
      ownerId: input.broadcasterId,
      summary: 'Streamers building their own tools, live.',
      description: '# Welcome\n\nWe build **stream companions** and overlays on stream.\nCome say hi!',
      rules: 'Be kind.\n\nNo *spoilers* for unreleased features.',
      moderatorIds: modMallory === undefined ? [] : [modMallory],
      channelIds: [input.broadcasterId, ...(speedrunSam === undefined ? [] : [speedrunSam])],
    },
    now,
  );
  if (cozyCarrot !== undefined) {
    state.kraken.createCommunity(
      {
        name: 'CozyStreams',
        ownerId: cozyCarrot,
        summary: 'Slow, cozy streams.',
        channelIds: lurkingLuna === undefined ? [] : [lurkingLuna],
      },
      now,
    );
  }

  const older = state.kraken.addPost(input.broadcasterId, input.broadcasterId, 'Going live at 18:00 UTC: building the redemption queue Kappa', now - 48 * HOUR_MS);
  if (pixelpal !== undefined) {
    state.kraken.addComment(older, pixelpal, 'See you there! PogChamp', now - 47 * HOUR_MS);
    state.kraken.react(older.reactions, 'endorse', pixelpal, now - 47 * HOUR_MS);
  }
  if (cozyCarrot !== undefined) state.kraken.react(older.reactions, 'endorse', cozyCarrot, now - 46 * HOUR_MS);
  if (modMallory !== undefined) state.kraken.react(older.reactions, '25', modMallory, now - 46 * HOUR_MS);
  state.kraken.addPost(input.broadcasterId, input.broadcasterId, 'Thanks for 1000 followers! PogChamp', now - 5 * HOUR_MS);

  state.kraken.channelCheermotes.set(input.broadcasterId, DEMO_EXTENSION.cheermotePrefix);
}
