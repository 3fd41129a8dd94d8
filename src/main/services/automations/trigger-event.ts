/**
 * What a run knows of the event that triggered it: the shape every trigger source makes
 * (`triggers.ts`, `trigger-sources/*`) and every action reads.
 */
import type { ChannelEvent, ChannelUser, ChatRoles } from '../../../shared/ipc/contract';
import type { TemplateFields } from '../../../shared/domain/automation-template';

/** What a run knows of the event that triggered it. */
export interface TriggerEvent {
  /** The id the exactly-once ledger keys on, with the automation's id. */
  id: string;
  /** The channel event's kind, or `timer`, `hotkey`, `manual`, `adBreakSoon`. */
  kind: string;
  source: 'live' | 'caughtUp' | 'test' | 'manual';
  /** In words: "ana redeemed Hydrate!". */
  summary: string;
  fields: TemplateFields;
  /** What conditions compare. */
  amount: number | null;
  tier: string | null;
  text: string | null;
  user: ChannelUser | null;
  roles: ChatRoles | null;
  /** The redemption a fulfil or cancel acts on. */
  redemptionId: string | null;
  /** The channel event itself (an overlay's alert for it); null for a timer, a hotkey, the Run button. */
  channelEvent: ChannelEvent | null;
  /** Fields holding text AutoMod held: never re-posted anywhere (the template says so instead). */
  withheld?: readonly string[];
  /** The chat line a reply or a delete acts on. */
  messageId?: string | null;
  /** The automations that ran this one through "Run another automation", outermost first (depth and cycles). */
  chain?: readonly string[];
  /** A "followers and above" command from a viewer with no higher role: whether they follow is looked up before the run. */
  needsFollower?: boolean;
}

