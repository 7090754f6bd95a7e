import { countries } from "countries-list";
import { currencies } from "countries-list/currencies";

/**
 * ISO 4217 currencies, from the `countries-list` package (MIT; ISO 4217 codes, numeric codes and
 * minor units, English names and symbols from Unicode CLDR, the countries that use each). The
 * list is the current one: codes the package marks withdrawn (ANG, replaced by XCG on
 * 2025-03-31; SLL, replaced by SLE; USS) are left out, the Caribbean guilder (XCG) is in.
 * Funds, precious metals and units of account (BOV, CLF, XAU, XDR, ...) are listed with no
 * country; their minor units are as the package gives them (0 where ISO 4217 states none).
 */

export interface CurrencyEntry {
  code: string;
  numericCode: string;
  name: string;
  /** Decimal places of the minor unit (2 for cents; 0 for none). */
  minorUnits: number;
  symbol: string;
  nativeSymbol: string;
  /** ISO 3166-1 alpha-2 codes of the countries and territories using it, sorted. */
  countries: string[];
}

function build(): CurrencyEntry[] {
  const users = new Map<string, string[]>();
  for (const [country, data] of Object.entries(countries)) {
    for (const code of data.currency) users.set(code, [...(users.get(code) ?? []), country]);
  }
  return Object.entries(currencies)
    .filter(([, data]) => !data.withdrawn)
    .map(([code, data]) => ({
      code,
      numericCode: data.numeric,
      name: data.name,
      minorUnits: data.decimals,
      symbol: data.symbol,
      nativeSymbol: data.symbolNative,
      countries: (users.get(code) ?? []).sort(),
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

let list: readonly CurrencyEntry[] | undefined;

/** Every current ISO 4217 currency, by code. */
export function currencyList(): readonly CurrencyEntry[] {
  list ??= build();
  return list;
}

/** One currency by its alpha code (upper case), or undefined. */
export function currencyOf(code: string): CurrencyEntry | undefined {
  return currencyList().find((entry) => entry.code === code);
}
