/** Words and numbers as the UI shows them. Pure, so the wording is tested once. */
import type { Account, IngestServer } from '../../../shared/ipc/contract';
import type { ConnectionState } from './dock-bridge';

export function formatLatency(probe: IngestServer['probe']): string {
  switch (probe.status) {
    case 'ok':
      // Loopback and nearby servers answer in well under a millisecond; "0 ms" would read as broken.
      return probe.medianMs < 0.5 ? '<1 ms' : `${Math.round(probe.medianMs)} ms`;
    case 'unreachable':
      return `unreachable: ${probe.reason}`;
    case 'untested':
      return 'not measured';
  }
}

export function formatBroadcasterType(type: Account['broadcasterType']): string {
  switch (type) {
    case 'partner':
      return 'Partner';
    case 'affiliate':
      return 'Affiliate';
    case '':
      return 'Not affiliate or partner';
  }
}

export function formatConnection(state: ConnectionState): string {
  switch (state) {
    case 'connected':
      return 'Connected';
    case 'connecting':
      return 'Connecting…';
    case 'disconnected':
      return 'Disconnected';
  }
}

/** Local time of an ISO timestamp, e.g. "14:05" (with `seconds`, "14:05:09"); the input as is when it does not parse. */
export function formatClockTime(iso: string, { locale, seconds = false }: { locale?: string; seconds?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleTimeString(locale, seconds ? { hour: '2-digit', minute: '2-digit', second: '2-digit' } : { hour: '2-digit', minute: '2-digit' });
}

/**
 * What an encoder's "Stream Key" field wants. When the bandwidth test is on, the URL carries a
 * suffix after the key (`?bandwidthtest=true`) that the key field needs too; main may or may not
 * have put it in `streamKey` already, so take everything from the key onward in the URL.
 */
export function streamKeyForEncoder(revealed: { streamKey: string; url: string }): string {
  const at = revealed.streamKey ? revealed.url.lastIndexOf(revealed.streamKey) : -1;
  return at >= 0 ? revealed.url.slice(at) : revealed.streamKey;
}

/** Local date and time of an ISO timestamp; the input as is when it does not parse. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
