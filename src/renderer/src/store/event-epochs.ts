/**
 * Which of a call's answers may still be shown. Main pushes a domain's whole state in an event on
 * every change, and over the dock the events travel on a WebSocket while answers come back over
 * HTTP: an answer computed before a change can arrive after the event that announced it, and two
 * calls' answers can arrive in either order. So every event and every call takes a number in the
 * order they happen here, and an answer is shown only when nothing newer (an event of its domain,
 * or the answer to a call made after it) has been shown. What is newer already holds state at
 * least as new, so nothing is lost.
 *
 * Domains whose state carries a number from main (the queue's `version`, the markers' and chat
 * settings' `revision`) compare those numbers instead.
 */
export type EventDomain =
  | 'auth'
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
}

export function createEventEpochs(): EventEpochs {
  let counter = 0;
  const shown = new Map<EventDomain, number>();
  return {
    tick: (domain) => void shown.set(domain, ++counter),
    since: (domain) => {
      const at = ++counter;
      return () => {
        if ((shown.get(domain) ?? 0) > at) return false;
        shown.set(domain, at);
        return true;
      };
    },
  };
}
