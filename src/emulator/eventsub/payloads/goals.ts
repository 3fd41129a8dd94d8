/** `channel.goal.begin`, `progress` and `end` (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { isAchieved } from '../../domain/goals';
import { userFields } from '../../http/views/user-fields';
import { eventSubTimestamp } from '../messages';
import type { Notification } from '../notification';

export function goalNotification(state: EmulatorState, { type, goal }: PlatformEventOf<'channel.goal.begin' | 'channel.goal.progress' | 'channel.goal.end'>): Notification {
  const event: Record<string, unknown> = {
    id: goal.id,
    ...userFields(state, 'broadcaster_user', goal.broadcasterId),
    type: goal.type,
    description: goal.description,
  };
  if (type === 'channel.goal.end') event.is_achieved = isAchieved(goal);
  event.current_amount = goal.currentAmount;
  event.target_amount = goal.targetAmount;
  event.started_at = eventSubTimestamp(goal.createdAt);
  if (type === 'channel.goal.end') event.ended_at = eventSubTimestamp(goal.endedAt ?? goal.createdAt);
  return { type, broadcasterUserId: goal.broadcasterId, event };
}
