import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

/**
 * Passwords are hashed with argon2id at OWASP's minimum parameters (m = 19 MiB, t = 2,
 * p = 1) using Node 24's built-in `crypto.argon2`, and stored as a PHC string:
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const PARAMS = { memoryKiB: 19_456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 };
const derive = promisify(argon2);

async function argon2id(
  password: string,
  salt: Buffer,
  memoryKiB: number,
  passes: number,
  parallelism: number,
  tagLength: number,
): Promise<Buffer> {
  return derive("argon2id", {
    message: password,
    nonce: salt,
    memory: memoryKiB,
    passes,
    parallelism,
    tagLength,
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(PARAMS.saltLength);
  const { memoryKiB, passes, parallelism, tagLength } = PARAMS;
  const hash = await argon2id(password, salt, memoryKiB, passes, parallelism, tagLength);
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Verifies against a stored PHC string, with its own parameters, in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? "", "base64");
  const actual = await argon2id(
    password,
    Buffer.from(salt ?? "", "base64"),
    Number(m),
    Number(t),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
