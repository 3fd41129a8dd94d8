/**
 * What a key shows for the state Sidestage pushed: its state (0, or 1 for "on": Shield Mode, a chat
 * mode, alerts paused, the current scene; the manifest draws state 1 red) and its title (the ad
 * countdown, a variable's value, the alert queue's count). `title: null` gives the key back the title
 * the broadcaster typed. Pure, so each face is tested without a Stream Deck.
 */
import type { AlertsState, AutomationVariable, ControlState } from './sidestage-api';

export interface KeyFace {
  state: 0 | 1;
  title: string | null;
}

const chatModeOf: Record<string, keyof NonNullable<ControlState['chatModes']>> = {
  slowMode: 'slowMode',
  followerMode: 'followerMode',
  subscriberMode: 'subscriberMode',
  emoteMode: 'emoteMode',
};

/** A quick action's key: on while its mode is on; the ad key counts down to the next break, or the one on air. */
export function quickActionFace(action: string | undefined, state: ControlState | null, now: number): KeyFace {
  if (!state || !action) return { state: 0, title: null };
  if (action === 'shieldMode') return { state: state.shieldMode === true ? 1 : 0, title: null };
  const chatMode = chatModeOf[action];
  if (chatMode) return { state: state.chatModes?.[chatMode] === true ? 1 : 0, title: null };
  if (action === 'ad') {
    const onAirUntil = state.adEndsAt ? Date.parse(state.adEndsAt) : NaN;
    if (onAirUntil > now) return { state: 1, title: `Ad\n${countdown(onAirUntil - now)}` };
    const next = state.nextAdAt ? Date.parse(state.nextAdAt) : NaN;
    if (next > now) return { state: 0, title: `Ad in\n${countdown(next - now)}` };
  }
  return { state: 0, title: null };
}

/** `m:ss`, or `h:mm:ss` past the hour; rounded up, so "0:00" is never shown while time is left. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A variable's key: its value under its name; "?" until Sidestage has told it. */
export function variableFace(name: string | undefined, variable: AutomationVariable | undefined): KeyFace {
  if (!name) return { state: 0, title: null };
  const value = variable === undefined ? '?' : String(variable.value);
  // A key's title is a few short lines: a long text value is cut rather than wrapped off the key.
  return { state: 0, title: `${name}\n${value.length > 12 ? `${value.slice(0, 11)}…` : value}` };
}

/** The alerts key: the queue's count as its title, on (red) while alerts are paused. */
export function alertsFace(alerts: AlertsState | null): KeyFace {
  if (!alerts) return { state: 0, title: null };
  return { state: alerts.paused ? 1 : 0, title: `${alerts.paused ? 'Paused' : 'Alerts'}\n${alerts.waiting}` };
}

/** A scene's key: on while it is OBS's current scene. */
export function sceneFace(scene: string | undefined, current: string | null | undefined): KeyFace {
  return { state: scene !== undefined && scene === current ? 1 : 0, title: null };
}
