import { array, int, iso, number, object, string, enum as zEnum } from "zod";
import { groupRoutes } from "../../../route";
import { heldCode, LIMITS, quantity, unitPrice } from "./schemas";

export const JOURNAL_LIMITS = { maxTrades: 5000 } as const;

/** yyyy-MM-dd, or a date and time with Z or an offset (a time without a zone is ambiguous). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A calendar date that exists (Date.parse rolls 2026-02-30 over to March) and a valid time. */
function isRealInstant(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay && Number.isFinite(Date.parse(text));
}

const timestamp = string()
  .trim()
  .regex(
    TIMESTAMP,
    "must be ISO 8601: yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ (a time needs Z or an offset)",
  )
  .refine(isRealInstant, "is not a real date and time")
  .meta({ description: "ISO 8601: yyyy-MM-dd (00:00 UTC) or a date and time with Z or an offset" });

const trade = object({
  symbol: heldCode.meta({ description: "Contract code of a stock, ETF or crypto asset" }),
  side: string()
    .trim()
    .toLowerCase()
    .pipe(zEnum(["buy", "sell"], { error: "must be buy or sell" }))
    .meta({ description: "buy or sell, case-insensitive" }),
  quantity: quantity.meta({ description: "Shares or coins (fractional allowed)" }),
  price: unitPrice.meta({ description: "USD per unit" }),
  timestamp,
  fees: number()
    .min(0, "must be zero or positive")
    .max(LIMITS.maxMoney, `must be at most ${LIMITS.maxMoney}`)
    .default(0)
    .meta({ description: "USD for the whole trade; default 0" }),
});

const money = (description: string) => number().meta({ description: `${description}, USD` });
const instant = iso.datetime().meta({ description: "ISO 8601 UTC" });
const direction = zEnum(["long", "short"]);

const closedLot = object({
  symbol: string(),
  code: string(),
  direction,
  quantity: number(),
  openTradeIndex: int().meta({ description: "Index in `trades` of the opening trade" }),
  closeTradeIndex: int().meta({ description: "Index in `trades` of the closing trade" }),
  openedAt: instant,
  closedAt: instant,
  entryPrice: number(),
  exitPrice: number(),
  fees: money("Opening and closing fees of this part (pro rata by quantity)"),
  realisedPnl: money("± (exit − entry) × quantity − fees (+ long, − short)"),
  returnPercent: number().meta({ description: "realisedPnl / (entry × quantity) × 100" }),
  holdingDays: number().meta({ description: "Calendar days from open to close (fractional)" }),
});

const closedTrade = object({
  tradeIndex: int().meta({ description: "Index in `trades` of the closing trade" }),
  symbol: string(),
  code: string(),
  direction: direction.meta({ description: "Of the position closed" }),
  closedAt: instant,
  quantity: number().meta({ description: "Quantity closed (a flip's opening remainder excluded)" }),
  averageEntryPrice: number().meta({ description: "Quantity-weighted entry of the lots closed" }),
  exitPrice: number(),
  fees: money("Fees of the lots closed and of the closing"),
  realisedPnl: money("Σ of its closed lots"),
  returnPercent: number().meta({
    description: "realisedPnl / (averageEntryPrice × quantity) × 100",
  }),
  holdingDays: number().meta({ description: "Quantity-weighted holding days of its lots" }),
  lots: int().meta({ description: "Lots (or parts of lots) it closed" }),
});

const openLot = object({
  tradeIndex: int(),
  openedAt: instant,
  quantity: number(),
  entryPrice: number(),
  fees: money("Opening fees still carried"),
});

const openPosition = object({
  symbol: string(),
  code: string(),
  direction,
  quantity: number().meta({ description: "Open quantity (positive, long or short)" }),
  averageEntryPrice: number(),
  costBasis: money("Σ entry × quantity + opening fees"),
  livePrice: number().meta({ description: "The served quote's livePrice (mark, else last), USD" }),
  marketValue: money("livePrice × quantity (a short's is its value owed)"),
  unrealisedPnl: money("± (livePrice − entry) × quantity − opening fees"),
  unrealisedPnlPercent: number().meta({
    description: "unrealisedPnl / (Σ entry × quantity) × 100",
  }),
  lots: array(openLot).meta({ description: "Oldest first" }),
});

/** A FIFO trade journal. */
export const portfolioJournalRoutes = groupRoutes("portfolio", {
  tradeJournal: {
    method: "POST",
    path: "/portfolio/trade-journal",
    auth: "key",
    summary: "FIFO trade journal: realised and open P&L, win rate, expectancy, streaks",
    description:
      "Matches 1-5000 trades first in, first out per symbol, in time order (ties in the order " +
      "given; trade indices in the answer are positions in `trades`).\n\n" +
      "**Lots**: a buy opens a long lot; a sell closes long lots oldest first. Shorts are " +
      "supported: a sell with no long lot open opens a short lot (sell to open), a buy covers " +
      "short lots oldest first, and a trade larger than the open position closes it and opens " +
      "the remainder the other way. Fees are per trade, spread over its quantity: an opening fee " +
      "stays with its lot (pro rata when the lot is closed in parts), a closing fee goes with the " +
      "quantity it closes. Realised P&L of a closed lot = (exit − entry) × quantity for a long, " +
      "(entry − exit) × quantity for a short, less its fees.\n\n" +
      "**Statistics** over closed trades (each trade that closed quantity, with the P&L of all it " +
      "closed), in time order: win P&L > 0, loss < 0, breakeven = 0 (neither; it counts in the " +
      "win rate and ends streaks); win rate = wins / closed trades; average win and loss (a " +
      "negative number); expectancy = mean P&L per closed trade = win rate × average win + loss " +
      "rate × average loss; profit factor = gross profit / |gross loss| (null without losses); " +
      "longest win and loss streaks; average holding days = mean over closed trades of their " +
      "quantity-weighted calendar days held.\n\n" +
      "**Open positions** are marked to the live price (the served quote's livePrice, as GET " +
      "/market/stocks/{code}/quote serves it). Symbols: contract codes of stocks, ETFs and crypto " +
      "(P&L = price × quantity: futures carry a multiplier the journal does not model, indices do " +
      "not trade); an unknown code, a bare ticker or another kind is 400 naming the field, and so " +
      "is a timestamp after the market clock's now. Money is rounded to cents in the answer, " +
      "computed unrounded.",
    body: object({
      trades: array(trade)
        .min(1, "must have at least one trade")
        .max(JOURNAL_LIMITS.maxTrades, `must have at most ${JOURNAL_LIMITS.maxTrades} trades`),
    }),
    errors: ["MARKET_DATA_UNAVAILABLE"],
    response: object({
      asOf: iso
        .datetime()
        .meta({ description: "The market clock's instant (live prices), ISO 8601 UTC" }),
      summary: object({
        trades: int().meta({ description: "Trades given" }),
        closedTrades: int(),
        wins: int(),
        losses: int(),
        breakevens: int(),
        winRatePercent: number().nullable().meta({ description: "null without closed trades" }),
        averageWin: number().nullable().meta({ description: "USD; null without wins" }),
        averageLoss: number()
          .nullable()
          .meta({ description: "USD, negative; null without losses" }),
        expectancy: number().nullable().meta({ description: "USD per closed trade" }),
        profitFactor: number().nullable().meta({ description: "null without losses" }),
        grossProfit: money("Σ winning closed trades"),
        grossLoss: money("Σ losing closed trades (negative)"),
        realisedPnl: money("Σ closed trades"),
        unrealisedPnl: money("Σ open positions at live prices"),
        totalPnl: money("realisedPnl + unrealisedPnl"),
        totalFees: money("Σ fees of every trade"),
        longestWinStreak: int(),
        longestLossStreak: int(),
        averageHoldingDays: number().nullable().meta({ description: "null without closed trades" }),
      }),
      closedTrades: array(closedTrade).meta({ description: "In time order" }),
      closedLots: array(closedLot).meta({ description: "In time order of closing" }),
      openPositions: array(openPosition).meta({
        description: "In order of each symbol's first trade",
      }),
    }),
  },
});
