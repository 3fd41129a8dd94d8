/**
 * Exports of a broadcast's markers: a chapter list (`0:00 Intro` lines, as video sites read them)
 * and CSV. Pure, so the renderer can offer them as downloads and tests check them exactly.
 */
import { formatPosition } from './marker-position';

export interface ExportableMarker {
  positionSeconds: number;
  description: string;
  /** ISO time of the press (or of the marker's creation). */
  at: string;
  /** Created, failed, refused... (CSV only). */
  result?: string;
}

/**
 * One line per marker, ordered by position. Chapter lists must start at 0:00, so a `0:00 Start`
 * line is added when no marker sits at the very start. Markers at the same second are merged.
 */
export function toChapterList(markers: readonly ExportableMarker[], startLabel = 'Start'): string {
  const sorted = [...markers].filter((m) => Number.isFinite(m.positionSeconds)).sort((a, b) => a.positionSeconds - b.positionSeconds);
  const lines: string[] = [];
  let lastSecond = -1;
  sorted.forEach((marker, index) => {
    const second = Math.max(0, Math.floor(marker.positionSeconds));
    const label = oneLine(marker.description) || `Marker ${index + 1}`;
    if (second === lastSecond) {
      lines[lines.length - 1] += ` / ${label}`;
      return;
    }
    lines.push(`${formatPosition(second)} ${label}`);
    lastSecond = second;
  });
  if (lastSecond === -1 || Math.floor(sorted[0]!.positionSeconds) > 0) lines.unshift(`0:00 ${startLabel}`);
  return `${lines.join('\n')}\n`;
}

export function toCsv(markers: readonly ExportableMarker[]): string {
  const header = ['position', 'position_seconds', 'description', 'time', 'result'];
  const rows = markers.map((m) => [formatPosition(m.positionSeconds), String(Math.floor(m.positionSeconds)), m.description, m.at, m.result ?? '']);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so a spreadsheet does not run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
