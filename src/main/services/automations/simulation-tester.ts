/**
 * The editor's Test in demo mode: a sample of the trigger's event is made to happen on the demo's
 * platform through its simulation API (a viewer redeems, raids, cheers, types the command...), so
 * the whole path runs: EventSub, the channel-event stream, the automation, its actions.
 */
import type { SimulationClient } from '../demo/emulator-http';
import type { Automation } from '../../../shared/ipc/contract';

/** The part of the emulator's one simulation client a test uses. */
export type SimulationTesterHttp = Pick<SimulationClient, 'redeem' | 'follow' | 'subscribe' | 'resubMessage' | 'giftSubscriptions' | 'cheer' | 'incomingRaid' | 'donate' | 'sendChatMessage'>;

export interface AutomationTester {
  /**
   * Makes the trigger's event happen on the platform; answers what was sent, in words, or null when
   * this trigger cannot be simulated (the sample then runs the automation directly). Rejects with
   * the platform's refusal (a paused reward, a viewer already following).
   */
  send(automation: Automation): Promise<string | null>;
}

export interface SimulationTesterOptions {
  http: SimulationTesterHttp;
  broadcasterId: string;
  /** The demo's viewers; a test takes turns among them, so a per-viewer rule or follow does not refuse the next. */
  viewers: readonly { id: string; login: string }[];
  /** The rewards Sidestage knows (for "any reward"). */
  rewards: () => readonly { id: string; title: string }[];
}

export function createSimulationTester(options: SimulationTesterOptions): AutomationTester {
  let turn = 0;
  const viewer = () => {
    const list = options.viewers;
    if (list.length === 0) throw new Error('The demo channel has no viewers to test with.');
    return list[turn++ % list.length]!;
  };
  const { http, broadcasterId: broadcaster_id } = options;
  return {
    async send(automation) {
      const trigger = automation.trigger;
      switch (trigger.kind) {
        case 'redemption': {
          const reward = trigger.rewardId ? { id: trigger.rewardId, title: trigger.rewardTitle } : options.rewards()[0];
          if (!reward) return null;
          const who = viewer();
          await http.redeem({ broadcaster_id, reward_id: reward.id, user_id: who.id, user_input: trigger.inputMatch?.text ?? 'Test from Sidestage' });
          return `${who.login} redeemed ${reward.title || 'the reward'} on the practice channel.`;
        }
        case 'follow': {
          const who = viewer();
          await http.follow({ user_id: who.id, broadcaster_id });
          return `${who.login} followed the practice channel.`;
        }
        case 'subscription': {
          const who = viewer();
          await http.subscribe({ broadcaster_id, user_id: who.id, tier: trigger.tiers[0] ?? '1000' });
          return `${who.login} subscribed to the practice channel.`;
        }
        case 'resubscription': {
          const who = viewer();
          await http.resubMessage({ broadcaster_id, user_id: who.id, message: 'Test from Sidestage', cumulative_months: Math.max(3, trigger.minMonths) });
          return `${who.login} shared a resubscription message.`;
        }
        case 'giftSubscriptions': {
          const who = viewer();
          await http.giftSubscriptions({ broadcaster_id, user_id: who.id, tier: trigger.tiers[0] ?? '1000', count: Math.max(1, trigger.minCount) });
          return `${who.login} gifted ${Math.max(1, trigger.minCount)} subscriptions.`;
        }
        case 'cheer': {
          const who = viewer();
          await http.cheer({ broadcaster_id, user_id: who.id, bits: trigger.minBits, message: 'Test from Sidestage' });
          return `${who.login} cheered ${trigger.minBits} bits.`;
        }
        case 'raid': {
          const from = viewer();
          await http.incomingRaid({ from_broadcaster_id: from.id, to_broadcaster_id: broadcaster_id, viewers: Math.max(12, trigger.minViewers) });
          return `${from.login} raided with ${Math.max(12, trigger.minViewers)} viewers.`;
        }
        case 'donation': {
          const who = viewer();
          await http.donate({ broadcaster_id, user_id: who.id, amount: { value: Math.round(Math.max(5, trigger.minAmount) * 100), decimal_places: 2, currency: 'USD' } });
          return `${who.login} donated to the charity campaign.`;
        }
        case 'chatCommand': {
          // Sent as whoever may use it: a viewer when everyone may, else the broadcaster.
          const who = trigger.minRole === 'everyone' ? viewer() : { id: broadcaster_id, login: 'you' };
          await http.sendChatMessage({ broadcaster_id, user_id: who.id, text: `${trigger.command} test` });
          return `${who.login} typed ${trigger.command} in chat.`;
        }
        case 'chatKeywords': {
          const who = viewer();
          const phrase = trigger.phrases[0];
          if (!phrase) return null;
          await http.sendChatMessage({ broadcaster_id, user_id: who.id, text: `test: ${phrase}` });
          return `${who.login} said "${phrase}" in chat.`;
        }
        default:
          return null;
      }
    },
  };
}
