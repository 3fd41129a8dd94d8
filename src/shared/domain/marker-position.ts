/**
 * A position in a broadcast as people write it: `1:23:45` past an hour, `4:05` below, `0:00` at
 * the start (the form video chapters and notifications use).
 */
export function formatPosition(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Uptime for the status bar: `1:02:03` or `12:34`, from the start and the current time in ms. */
export function formatUptime(startedAtMs: number, nowMs: number): string {
  return formatPosition((nowMs - startedAtMs) / 1000);
}

/**
 * Fills a marker description template: `{time}` (local time of the press, HH:MM:SS), `{date}`
 * (YYYY-MM-DD), `{n}` (the marker's number in this broadcast). The platform keeps 140 characters.
 */
export function renderMarkerDescription(template: string, values: { pressedAt: Date; number: number }): string {
  const d = values.pressedAt;
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const text = template.replace(/\{(time|date|n)\}/g, (_m, key: string) => (key === 'time' ? time : key === 'date' ? date : String(values.number)));
  return [...text.trim()].slice(0, markerDescriptionMaxLength).join('');
}

export const markerDescriptionMaxLength = 140;
