/**
 * Which of a call's answers may still be shown. Main pushes a domain's whole state in an event on
 * every change, and over the dock the events travel on a WebSocket while answers come back over
 * HTTP: an answer computed before a change can arrive after the event that announced it, and two
 * calls' answers can arrive in either order. So every event and every call takes a number in the
 * order they happen here, and an answer is shown only when nothing newer (an event of its domain,
 * or the answer to a call made after it) has been shown. What is newer already holds state at
 * least as new, so nothing is lost.
 *
 * Domains whose state carries a number from main (`revision`: the markers, chat settings,
 * automations, the overlays and the alert queue) are ordered by that number instead, through
 * `numbered`: their events and answers alike show a state unless the one shown is newer. (The
 * numbered copies of the queue, the feed and chat follow their `version` in numbered-copy.ts.)
 *
 * This is the one way a slice keeps an old answer off the screen: `ask` (call main, show the answer
 * only if it is still fresh) and `tick` (an event is shown), or `numbered`; no slice counts its own
 * events or compares revisions by hand. `since` stays for the rare answer that sets more than the
 * domain's state (a reward's adoption note).
 */
import type { IpcResult } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';

export type EventDomain =
  | 'auth'
  | 'bot'
  | 'ingest'
  | 'stream'
  | 'hotkeys'
  | 'ads'
  | 'charity'
  | 'rewards'
  | 'demo'
  | 'obs'
  | 'goLive'
  | 'testStream'
  | 'data'
  | 'clips'
  | 'polls'
  | 'raids'
  | 'channelInfo'
  | 'events'
  | 'appearance'
  | 'shieldMode'
  | 'heldMessages'
  | 'unbanRequests'
  | 'bannedAccounts'
  | 'modLog'
  | 'chatRules'
  | 'liveView'
  | 'media'
  | 'speech'
  | 'widgets'
  | 'control'
  | 'broadcastStory'
  // No events: only answers to compare with each other.
  | 'app'
  | 'notificationSettings'
  | 'tray';

export interface EventEpochs {
  /** An event of `domain` is being shown: every call made before now is out of date. */
  tick(domain: EventDomain): void;
  /**
   * Taken before a call. The returned check says whether its answer may be shown (nothing newer of
   * `domain` was), and when it may, records it as shown.
   */
  since(domain: EventDomain): () => boolean;
  /**
   * Calls main and shows its answer, unless something newer of `domain` was shown first (or, with
   * `isLatest`, a newer attempt of the same action has started). Resolves to the answer, shown or
   * not; a failure is rethrown after `rollback` (if given) undoes an optimistic change, under the
   * same rule, so a failure never undoes what a newer answer or event showed.
   */
  ask<T>(domain: EventDomain, request: () => Promise<IpcResult<T>>, show: (value: T) => void, options?: AskOptions): Promise<T>;
  /**
   * For a domain whose state carries main's number (`revision`): shows a state, from an event or an
   * answer alike, unless the one shown (read with `shown`) is newer. Main's number orders them, so no
   * epoch is taken; while nothing is shown (not read yet, or cleared for another account) any state is.
   */
  numbered<T extends { revision: number }>(shown: () => T | null, show: (value: T) => void): (value: T) => void;
}

export interface AskOptions {
  /** The action runner's check: false once a newer attempt of the same action started. */
  isLatest?: () => boolean;
  /** Undoes what the caller showed before the call, when the call fails. */
  rollback?: () => void;
}

export function createEventEpochs(): EventEpochs {
  let counter = 0;
  const shown = new Map<EventDomain, number>();
  const since = (domain: EventDomain) => {
    const at = ++counter;
    return () => {
      if ((shown.get(domain) ?? 0) > at) return false;
      shown.set(domain, at);
      return true;
    };
  };
  return {
    tick: (domain) => void shown.set(domain, ++counter),
    since,
    ask: (domain, request, show, options) => askFresh(since(domain), request, show, options),
    numbered: (shown, show) => (value) => {
      const current = shown();
      if (!current || value.revision >= current.revision) show(value);
    },
  };
}

async function askFresh<T>(
  fresh: () => boolean,
  request: () => Promise<IpcResult<T>>,
  show: (value: T) => void,
  { isLatest = () => true, rollback }: AskOptions = {},
): Promise<T> {
  // isLatest first: a superseded attempt's answer must not be recorded as shown.
  const current = () => isLatest() && fresh();
  let value: T;
  try {
    value = await call(request());
  } catch (error) {
    if (rollback && current()) rollback();
    throw error;
  }
  if (current()) show(value);
  return value;
}
