/**
 * Which of a call's answers may still be shown. Main pushes a domain's whole state in an event on
 * every change, and over the dock the events travel on a WebSocket while answers come back over
 * HTTP: an answer computed before a change can arrive after the event that announced it. An
 * answer is therefore shown only when no event of its domain arrived after the call was made; when
 * one did, that event (or a later one) already holds state at least as new, so nothing is lost.
 *
 * Domains whose state carries a number from main (the queue's `version`, the markers' and chat
 * settings' `revision`) compare those numbers instead.
 */
export type EventDomain = 'auth' | 'ingest' | 'stream' | 'hotkeys' | 'ads' | 'charity' | 'rewards' | 'demo';

export interface EventEpochs {
  /** An event of `domain` has just been applied. */
  tick(domain: EventDomain): void;
  /** Taken before a call; the returned check is false once an event of `domain` came after it. */
  since(domain: EventDomain): () => boolean;
}

export function createEventEpochs(): EventEpochs {
  const epochs = new Map<EventDomain, number>();
  const current = (domain: EventDomain) => epochs.get(domain) ?? 0;
  return {
    tick: (domain) => void epochs.set(domain, current(domain) + 1),
    since: (domain) => {
      const at = current(domain);
      return () => current(domain) === at;
    },
  };
}
