import { describe, expect, it } from "vitest";
import {
  displayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  KEY_LENGTH,
} from "../../lib/account/api-keys";
import { hashPassword, verifyPassword } from "../../lib/account/passwords";
import { ipBucket } from "../../lib/ratelimit/ip-bucket";

describe("API keys", () => {
  it("are prefixed, long, unique and pass their own checksum", () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^mdk_[0-9A-Za-z]{38}$/);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it("refuses every single-character typo by checksum", () => {
    const key = generateApiKey();
    let refused = 0;
    let tried = 0;
    for (let i = 4; i < key.length; i++) {
      for (const c of ["0", "a", "Z"]) {
        if (key[i] === c) continue;
        tried++;
        if (!isWellFormedApiKey(key.slice(0, i) + c + key.slice(i + 1))) refused++;
      }
    }
    expect(refused).toBe(tried);
  });

  it.each(["", "mdk_", "sk_live_abc", "mdk_!!!!", " mdk_x"])("refuses %j", (text) => {
    expect(isWellFormedApiKey(text)).toBe(false);
  });

  it("stores a SHA-256 and shows a 12-character prefix", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(4));
    expect(displayPrefix(key)).toBe(key.slice(0, 12));
  });
});

describe("passwords", () => {
  it("hash to an argon2id PHC string at OWASP's parameters and verify", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
  });

  it("refuses malformed stored hashes", async () => {
    expect(await verifyPassword("x", "$2b$10$bcrypt")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
  });
});

describe("IP buckets", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s → %s", (address, bucket) => {
    expect(ipBucket(address)).toBe(bucket);
  });

  it("puts two addresses of one /64 together and neighbours apart", () => {
    expect(ipBucket("2001:db8:a:b:1::")).toBe(ipBucket("2001:db8:a:b:ffff:ffff:ffff:ffff"));
    expect(ipBucket("2001:db8:a:b::1")).not.toBe(ipBucket("2001:db8:a:c::1"));
  });
});
