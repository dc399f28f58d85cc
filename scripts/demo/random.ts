/** A small seeded PRNG (mulberry32), so a demo database is the same every time for the same seed. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** A skewed index in [0, n): low indexes far more often (popular posts and authors). */
  const skewed = (n: number, power = 2.2) => Math.min(n - 1, Math.floor(n * next() ** power));
  /** k distinct integers in [0, n). */
  const sample = (n: number, k: number): number[] => {
    const chosen = new Set<number>();
    const want = Math.min(k, n);
    while (chosen.size < want) chosen.add(Math.floor(next() * n));
    return [...chosen];
  };
  return { next, int, pick, skewed, sample };
}

export type Random = ReturnType<typeof createRandom>;
