import { string } from "zod";

/**
 * The path parameter every contract endpoint takes (market and options groups): SYMBOL_EXCHANGE,
 * e.g. AAPL_NASDAQ or BRK.B_NYSE; case-insensitive.
 */
export const contractCode = string()
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9][A-Z0-9.\-/]{0,15}_[A-Z0-9]{1,12}$/,
    "must be a contract code SYMBOL_EXCHANGE, e.g. AAPL_NASDAQ",
  )
  .meta({
    description: "Contract code SYMBOL_EXCHANGE (GET /market/exchanges/{symbol} lists them)",
  });
