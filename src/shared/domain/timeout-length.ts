/** A timeout's length in the broadcaster's words, as the moderator chose it: "10 min", "1 h", "45 s". */
export function formatTimeoutLength(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
