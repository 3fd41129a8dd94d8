/** The record under `key` unless it expired by `now` (a null `expiresAt` never does); an expired one is dropped from the map. */
export function unexpired<T extends { expiresAt: number | null }>(map: Map<string, T>, key: string, now: number): T | undefined {
  const record = map.get(key);
  if (!record) return undefined;
  if (record.expiresAt !== null && record.expiresAt <= now) {
    map.delete(key);
    return undefined;
  }
  return record;
}
