/**
 * Triggers on the channel itself: its title or category changed (`channel.update`, from
 * anywhere), this channel started a raid (`channel.raid` from it), and "a moderator acted"
 * (`channel.moderate`: a ban, a timeout, a deleted line, a cleared chat, by anyone, anywhere).
 * `ChannelUpdateWatch` remembers the last title and category seen, so "the title changed" is told
 * from "the category changed" (the platform sends one event for any change).
 */
import type { AutomationTrigger, ChannelEventOf } from '../../../../shared/ipc/contract';
import { moderatorActions, type ModeratorAction } from '../../../../shared/ipc/schemas/automations';
import type { TriggerEvent } from '../trigger-event';

export interface ChannelChanges {
  title: boolean;
  category: boolean;
}

export class ChannelUpdateWatch {
  private last: { title: string; categoryId: string } | null = null;

  /** What this update changed; the first one seen since start counts as both (nothing to compare with). */
  see(event: ChannelEventOf<'channelUpdate'>): ChannelChanges {
    const last = this.last;
    this.last = { title: event.title, categoryId: event.categoryId };
    if (!last) return { title: true, category: true };
    return { title: last.title !== event.title, category: last.categoryId !== event.categoryId };
  }
}

export function channelUpdateTriggerEvent(trigger: Extract<AutomationTrigger, { kind: 'channelUpdate' }>, described: TriggerEvent, changes: ChannelChanges): TriggerEvent | null {
  if (trigger.what === 'title' && !changes.title) return null;
  if (trigger.what === 'category' && !changes.category) return null;
  if (trigger.what === 'either' && !changes.title && !changes.category) return null;
  return described;
}

const isModeratorAction = (action: string): action is ModeratorAction => (moderatorActions as readonly string[]).includes(action);

export function moderatorActedTriggerEvent(trigger: Extract<AutomationTrigger, { kind: 'moderatorActed' }>, event: ChannelEventOf<'moderation'>, described: TriggerEvent): TriggerEvent | null {
  if (!isModeratorAction(event.action)) return null;
  if (trigger.actions.length > 0 && !trigger.actions.includes(event.action)) return null;
  return described;
}

const moderatorActionWords: Record<ModeratorAction, string> = { ban: 'banned', timeout: 'timed out', delete: "deleted a line of", clear: 'cleared chat' };

/** How a moderator's action reads in the run log and the templates. */
export function describeModeration(event: ChannelEventOf<'moderation'>): { summary: string; fields: Record<string, string> } {
  const verb = isModeratorAction(event.action) ? moderatorActionWords[event.action] : event.action;
  const whom = event.user ? ` ${event.user.name}` : '';
  return {
    summary: `${event.moderator.name} ${verb}${event.action === 'clear' ? '' : whom}${event.reason ? ` (${event.reason.slice(0, 60)})` : ''}`,
    fields: { moderator: event.moderator.name, action: event.action, user: event.user?.name || event.user?.login || '', login: event.user?.login ?? '', reason: event.reason },
  };
}
