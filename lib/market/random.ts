/**
 * Counter-based randomness: every draw is a pure function of (stream, index), so any bar of
 * any instrument can be computed directly, in any order, with the same result on every
 * machine. Streams are 32-bit seeds derived from names. Shared by the simulated market, the
 * earnings calendar and the scanner's trending noise, so it belongs to no provider.
 */

/** FNV-1a of a string: the stream seed (or stable hash) for an instrument and a purpose. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A well-mixed 32-bit hash of (seed, index, lane) (the murmur3 finaliser). */
function mix(seed: number, index: number, lane: number): number {
  let h = (seed ^ Math.imul(index | 0, 0x9e3779b1) ^ Math.imul(lane + 1, 0x85ebca77)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in (0, 1). */
export function uniform(seed: number, index: number, lane = 0): number {
  return (mix(seed, index, lane) + 0.5) / 4294967296;
}

/** Standard normal (Box-Muller on two independent lanes). */
export function normal(seed: number, index: number, lane = 0): number {
  const u1 = uniform(seed, index, 2 * lane);
  const u2 = uniform(seed, index, 2 * lane + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * A fast, approximately standard normal draw for the minute-level noise: the Irwin-Hall sum
 * of the four bytes of one hash, scaled to unit variance (bounded at ±3.46). One hash and no
 * transcendental functions, about five times cheaper than `normal`; the daily level, where
 * tails matter (jumps, regimes), keeps `normal`.
 */
export function quickNormal(seed: number, index: number, lane = 0): number {
  const h = mix(seed, index, lane + 1000);
  const sum = (h & 0xff) + ((h >>> 8) & 0xff) + ((h >>> 16) & 0xff) + (h >>> 24);
  // Four uniform bytes: mean 510, variance 4 × (256² − 1) / 12.
  return (sum - 510) / 147.79;
}
