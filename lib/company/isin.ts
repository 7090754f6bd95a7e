/**
 * ISIN check (ISO 6166): two letters (the issuing country's code), nine alphanumeric characters
 * (for US and Canadian securities the CUSIP) and a check digit. The check digit is the Luhn
 * checksum of the first eleven characters with every letter expanded to two digits
 * (A = 10 … Z = 35), e.g. US0378331005 (Apple) expands to 3028 037833100 and checks with 5.
 */

const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** The Luhn check digit (0-9) of a string of digits. */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Double every second digit counting leftwards from the rightmost, which is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Letters to their two-digit values (A = 10 … Z = 35); digits unchanged. */
function expandLetters(text: string): string {
  let out = "";
  for (const ch of text) out += Number.parseInt(ch, 36).toString();
  return out;
}

/** Whether `isin` is a well-formed ISIN (upper case, 12 characters) with a valid check digit. */
export function isValidIsin(isin: string): boolean {
  if (!ISIN_SHAPE.test(isin)) return false;
  const checkDigit = isin.charCodeAt(11) - 48;
  return luhnCheckDigit(expandLetters(isin.slice(0, 11))) === checkDigit;
}
