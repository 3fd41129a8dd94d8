/** The queue's order, the same in main and the renderer: oldest first, the id breaking ties. */
export function compareRedemptions(a: { id: string; redeemedAt: string }, b: { id: string; redeemedAt: string }): number {
  if (a.redeemedAt !== b.redeemedAt) return a.redeemedAt < b.redeemedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
