import { createHash, randomBytes } from "node:crypto";

/**
 * API key format, like GitHub's and Stripe's: a recognisable prefix, 32 random base62
 * characters (about 190 bits) and a 6-character base62 CRC-32 of them, so a mistyped or
 * truncated key is refused before any database call. Only the SHA-256 of a key is stored.
 *
 *   mdk_ + 32 random + 6 checksum = 42 characters, e.g. mdk_4f9Qw...Zx81a2
 */
export const KEY_PREFIX = "mdk_";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
/** Characters of a key shown in listings (`keyPrefix`): the prefix and 8 random characters. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 8;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, width: number): string {
  let text = "";
  let rest = value;
  for (let i = 0; i < width; i++) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text;
}

/** Uniform random base62 characters (rejection sampling avoids modulo bias). */
function randomBase62(length: number): string {
  let text = "";
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

export function generateApiKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${base62(crc32(random), CHECKSUM_LENGTH)}`;
}

/** True when the text has the key format and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (text.length !== KEY_LENGTH || !KEY_PATTERN.test(text)) return false;
  const random = text.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  return text.slice(-CHECKSUM_LENGTH) === base62(crc32(random), CHECKSUM_LENGTH);
}

/** What the table stores instead of the key. Keys carry ~190 random bits: a fast hash suffices. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_LENGTH);
}
