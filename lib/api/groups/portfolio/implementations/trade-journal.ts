import type { Instrument } from "../../../../market/ports";
import { roundDecimals, roundMoney, roundPercent } from "../../../../market/precision";
import {
  type ClosedLot,
  type ClosingTrade,
  matchFifo,
  type OpenLot,
  type Trade,
} from "../../../../portfolio/fifo";
import { journalStatistics } from "../../../../portfolio/journal-statistics";
import { servedQuoteOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { portfolioJournalRoutes } from "../routes/trade-journal";
import { contractsOf, invalidContracts, type PortfolioDeps } from "./shared";

type JournalBody = Parameters<
  Implementations<typeof portfolioJournalRoutes, PortfolioDeps>["portfolio.tradeJournal"]
>[0]["body"];

const JOURNAL_KINDS = ["Stock", "ETF", "Crypto"] as const;
const JOURNAL_WHAT =
  "the journal takes stocks, ETFs and crypto (futures carry a multiplier it does not model, indices do not trade)";

const MS_PER_DAY = 86_400_000;
/** Quantities: 8 decimals (a satoshi), clear of binary noise. */
const quantity = (value: number) => roundDecimals(value, 8);
/** Prices derived from several (averages): 4 decimals. */
const price4 = (value: number) => roundDecimals(value, 4);
const pct = (decimal: number) => roundPercent(decimal * 100);
const iso = (ms: number) => new Date(ms).toISOString();
const moneyOrNull = (value: number | null) => (value === null ? null : roundMoney(value));

/** The trades as the FIFO module takes them; 400 naming any timestamp after now. */
function tradesOf(body: JournalBody, nowMs: number): Trade[] {
  const trades = body.trades.map((t) => ({
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    price: t.price,
    timestamp: Date.parse(t.timestamp.length === 10 ? `${t.timestamp}T00:00:00Z` : t.timestamp),
    fees: t.fees,
  }));
  const future = trades.flatMap((t, i) =>
    t.timestamp > nowMs
      ? [
          {
            field: `trades[${i}].timestamp`,
            problem: `is after the market clock's now, ${iso(nowMs)}`,
          },
        ]
      : [],
  );
  if (future.length > 0) invalidContracts(future);
  return trades;
}

function closedLotRow(lot: ClosedLot, instrument: Instrument) {
  return {
    symbol: instrument.symbol,
    code: lot.symbol,
    direction: lot.direction,
    quantity: quantity(lot.quantity),
    openTradeIndex: lot.openTradeIndex,
    closeTradeIndex: lot.closeTradeIndex,
    openedAt: iso(lot.openTimestamp),
    closedAt: iso(lot.closeTimestamp),
    entryPrice: lot.entryPrice,
    exitPrice: lot.exitPrice,
    fees: roundMoney(lot.fees),
    realisedPnl: roundMoney(lot.realisedPnl),
    returnPercent: pct(lot.realisedPnl / (lot.entryPrice * lot.quantity)),
    holdingDays: roundDecimals((lot.closeTimestamp - lot.openTimestamp) / MS_PER_DAY, 4),
  };
}

function closedTradeRow(trade: ClosingTrade, instrument: Instrument) {
  return {
    tradeIndex: trade.tradeIndex,
    symbol: instrument.symbol,
    code: trade.symbol,
    direction: trade.direction,
    closedAt: iso(trade.timestamp),
    quantity: quantity(trade.quantity),
    averageEntryPrice: price4(trade.averageEntryPrice),
    exitPrice: trade.exitPrice,
    fees: roundMoney(trade.fees),
    realisedPnl: roundMoney(trade.realisedPnl),
    returnPercent: pct(trade.realisedPnl / (trade.averageEntryPrice * trade.quantity)),
    holdingDays: roundDecimals(trade.holdingDays, 4),
    lots: trade.lots,
  };
}

/** One symbol's open lots marked to the live price (unrounded P&L kept for the total). */
function openPositionOf(lots: readonly OpenLot[], instrument: Instrument, livePrice: number) {
  const direction = (lots[0] as OpenLot).direction;
  const sign = direction === "long" ? 1 : -1;
  let open = 0;
  let entryCost = 0;
  let fees = 0;
  for (const lot of lots) {
    open += lot.quantity;
    entryCost += lot.entryPrice * lot.quantity;
    fees += lot.fees;
  }
  const unrealised = sign * (livePrice * open - entryCost) - fees;
  return {
    unrealised,
    row: {
      symbol: instrument.symbol,
      code: instrument.code,
      direction,
      quantity: quantity(open),
      averageEntryPrice: price4(entryCost / open),
      costBasis: roundMoney(entryCost + fees),
      livePrice,
      marketValue: roundMoney(livePrice * open),
      unrealisedPnl: roundMoney(unrealised),
      unrealisedPnlPercent: pct(unrealised / entryCost),
      lots: lots.map((lot) => ({
        tradeIndex: lot.tradeIndex,
        openedAt: iso(lot.timestamp),
        quantity: quantity(lot.quantity),
        entryPrice: lot.entryPrice,
        fees: roundMoney(lot.fees),
      })),
    },
  };
}

export const journalImplementations: Implementations<typeof portfolioJournalRoutes, PortfolioDeps> =
  {
    "portfolio.tradeJournal": async ({ body }, deps) => {
      const now = deps.marketClock.now();
      const trades = tradesOf(body, now.getTime());
      const instruments = await contractsOf(
        deps,
        body.trades.map((t, i) => ({
          code: t.symbol,
          field: `trades[${i}].symbol`,
          allowed: JOURNAL_KINDS,
          what: JOURNAL_WHAT,
        })),
      );
      const instrumentOf = (code: string) => instruments.get(code) as Instrument;
      const fifo = matchFifo(trades);
      const stillOpen = [...fifo.openLots].filter(([, lots]) => lots.length > 0);
      const quotes = await Promise.all(
        stillOpen.map(([code]) => servedQuoteOf(deps, instrumentOf(code))),
      );
      const open = stillOpen.map(([code, lots], i) =>
        openPositionOf(lots, instrumentOf(code), quotes[i]?.livePrice as number),
      );
      const stats = journalStatistics(fifo.closingTrades);
      const realised = stats.grossProfit + stats.grossLoss;
      const unrealised = open.reduce((sum, position) => sum + position.unrealised, 0);
      return {
        asOf: now.toISOString(),
        summary: {
          trades: trades.length,
          closedTrades: stats.closedTrades,
          wins: stats.wins,
          losses: stats.losses,
          breakevens: stats.breakevens,
          winRatePercent: stats.winRate === null ? null : pct(stats.winRate),
          averageWin: moneyOrNull(stats.averageWin),
          averageLoss: moneyOrNull(stats.averageLoss),
          expectancy: moneyOrNull(stats.expectancy),
          profitFactor: stats.profitFactor === null ? null : roundDecimals(stats.profitFactor, 6),
          grossProfit: roundMoney(stats.grossProfit),
          grossLoss: roundMoney(stats.grossLoss),
          realisedPnl: roundMoney(realised),
          unrealisedPnl: roundMoney(unrealised),
          totalPnl: roundMoney(realised + unrealised),
          totalFees: roundMoney(trades.reduce((sum, t) => sum + t.fees, 0)),
          longestWinStreak: stats.longestWinStreak,
          longestLossStreak: stats.longestLossStreak,
          averageHoldingDays:
            stats.averageHoldingDays === null ? null : roundDecimals(stats.averageHoldingDays, 4),
        },
        closedTrades: fifo.closingTrades.map((t) => closedTradeRow(t, instrumentOf(t.symbol))),
        closedLots: fifo.closedLots.map((lot) => closedLotRow(lot, instrumentOf(lot.symbol))),
        openPositions: open.map((position) => position.row),
      };
    },
  };
