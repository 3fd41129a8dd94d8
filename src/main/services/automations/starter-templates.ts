/**
 * Starter automations, the four jobs broadcasters most often keep a bot for. Made from what the
 * channel and OBS have where they can (the "Hydrate!" reward, a scene named like "Water"); created
 * switched off, to be checked and switched on.
 */
import type { AutomationInput, AutomationTemplateInfo } from '../../../shared/ipc/contract';

export interface TemplateContext {
  /** The channel's rewards Sidestage knows. */
  rewards: readonly { id: string; title: string }[];
  /** OBS's scenes; empty when OBS is not connected. */
  scenes: readonly string[];
}

interface StarterTemplate extends AutomationTemplateInfo {
  make(context: TemplateContext): AutomationInput;
}

const noConditions = { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] };
const options = { enabled: false, queue: 'oneAtATime' as const, alsoMissed: false, stopOnError: false, stripLinks: false };

/** OBS's scene whose name contains `word`, else `fallback` (to be picked in the editor). */
function sceneLike(scenes: readonly string[], word: string, fallback: string): string {
  return scenes.find((s) => s.toLowerCase().includes(word)) ?? fallback;
}

export const starterTemplates: readonly StarterTemplate[] = [
  {
    id: 'hydrate',
    name: 'Hydrate! → water scene + fulfil',
    description: 'When a viewer redeems Hydrate!, show the water scene for 10 s and mark the redemption done.',
    make: ({ rewards, scenes }) => {
      const reward = rewards.find((r) => r.title.trim().toLowerCase().replace(/!$/, '') === 'hydrate');
      return {
        ...options,
        name: 'Hydrate! → water scene + fulfil',
        trigger: { kind: 'redemption', rewardId: reward?.id ?? null, rewardTitle: reward?.title ?? 'Hydrate!', inputMatch: null },
        conditions: noConditions,
        actions: [
          { kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'water', 'Water'), backAfterSeconds: 10 },
          { kind: 'resolveRedemption', status: 'fulfil' },
        ],
      };
    },
  },
  {
    id: 'raid',
    name: 'Raid of 10+ → shoutout + raid scene',
    description: 'When a raid of 10 or more viewers arrives, shout out the raider, welcome them in chat and switch to the raid scene for 30 s.',
    make: ({ scenes }) => ({
      ...options,
      name: 'Raid of 10+ → shoutout + raid scene',
      trigger: { kind: 'raid', minViewers: 10 },
      conditions: noConditions,
      actions: [
        { kind: 'shoutout' },
        { kind: 'chatMessage', text: 'Welcome, {user} raiders! Thank you for the raid of {viewers}!' },
        { kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'raid', 'Raid'), backAfterSeconds: 30 },
      ],
    }),
  },
  {
    id: 'discord',
    name: '!discord → reply',
    description: 'When someone types !discord, reply with the invite; at most once every 30 s.',
    make: () => ({
      ...options,
      name: '!discord → reply',
      trigger: { kind: 'chatCommand', command: '!discord', minRole: 'everyone' },
      conditions: { ...noConditions, cooldownSeconds: 30 },
      actions: [{ kind: 'chatMessage', text: 'Join the Discord, {user}: https://discord.gg/your-invite' }],
    }),
  },
  {
    id: 'ad-brb',
    name: '30 s before an ad → BRB scene',
    description: 'Thirty seconds before the next scheduled ad break, switch to the BRB scene, and back when the break is over.',
    make: ({ scenes }) => ({
      ...options,
      name: '30 s before an ad → BRB scene',
      trigger: { kind: 'adBreakSoon', secondsBefore: 30 },
      conditions: { ...noConditions, onlyWhileLive: true },
      // 30 s to the break and its usual 90 s.
      actions: [{ kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'brb', 'BRB'), backAfterSeconds: 120 }],
    }),
  },
];
