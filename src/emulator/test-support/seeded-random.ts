/**
 * The one seeded random of the tests (mulberry32): small, fast, and the same seed replays the same
 * tries. Emulator tests and main's tests both use it (main may import the emulator's test support,
 * not the reverse).
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
