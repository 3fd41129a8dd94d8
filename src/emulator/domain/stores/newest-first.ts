/** Most recent first by `timeOf`; of items from the same instant, the one added later comes first. */
export function newestFirst<T>(list: readonly T[], timeOf: (item: T) => number): T[] {
  return list
    .map((item, order) => ({ item, order }))
    .sort((a, b) => timeOf(b.item) - timeOf(a.item) || b.order - a.order)
    .map((entry) => entry.item);
}
