/** Wording of the live controls. Pure, so it is tested once. */
import type { BroadcastMarkerLog, MarkerEntry, StreamStatus } from '../../../shared/ipc/contract';
import { formatPosition, formatUptime } from '../../../shared/domain/marker-position';
import type { ExportableMarker } from '../../../shared/domain/marker-export';
import type { ConnectionState } from './dock-bridge';

/**
 * The status bar's live item: "Live 1:02:03", "Offline", or "…" before the first answer. While the
 * dock's connection to Sidestage is gone nothing here is known to be true: it says so, no uptime.
 */
export function formatLiveState(status: StreamStatus | null, nowMs: number, connection: ConnectionState = 'connected'): string {
  if (connection !== 'connected' && status) return connection === 'connecting' ? 'Reconnecting to Sidestage…' : 'Disconnected from Sidestage';
  if (!status) return '…';
  if (!status.live) return 'Offline';
  const started = status.startedAt ? Date.parse(status.startedAt) : NaN;
  return Number.isFinite(started) ? `Live ${formatUptime(started, nowMs)}` : 'Live';
}

export function formatViewers(count: number | null): string {
  if (count === null) return '—';
  return `${count.toLocaleString()} ${count === 1 ? 'viewer' : 'viewers'}`;
}

/** "4:05" until an ISO time, or null once it has passed. */
export function formatCountdown(untilIso: string | null, nowMs: number): string | null {
  if (!untilIso) return null;
  const left = Date.parse(untilIso) - nowMs;
  if (!Number.isFinite(left) || left <= 0) return null;
  return formatPosition(Math.ceil(left / 1000));
}

/** A log entry in words: "1:23:45", "retrying…", "failed: reason". */
export function describeMarkerEntry(entry: MarkerEntry): string {
  switch (entry.status) {
    case 'created':
      return entry.delaySeconds > 0 ? `${formatPosition(entry.positionSeconds ?? 0)} (${entry.delaySeconds} s late)` : formatPosition(entry.positionSeconds ?? 0);
    case 'pending':
      return entry.attempts > 1 ? `retrying (try ${entry.attempts})…` : 'placing…';
    case 'failed':
      return `not created: ${entry.error ?? 'unknown reason'}`;
  }
}

/**
 * The markers of a broadcast for export: created ones at the position the streamer meant (the
 * platform's position minus the delay a retry added), plus a description fallback.
 */
export function exportableMarkers(log: BroadcastMarkerLog): ExportableMarker[] {
  return log.entries
    .filter((e) => e.status === 'created' && e.positionSeconds !== null)
    .map((e) => ({
      positionSeconds: Math.max(0, (e.positionSeconds ?? 0) - e.delaySeconds),
      description: e.description,
      at: e.pressedAt,
      result: e.status,
    }));
}

/** A file name for an export: "markers-2026-01-02.txt". */
export function exportFileName(log: BroadcastMarkerLog, extension: 'txt' | 'csv'): string {
  const day = (log.startedAt ?? log.entries[0]?.pressedAt ?? '').slice(0, 10) || 'broadcast';
  return `markers-${day}.${extension}`;
}
