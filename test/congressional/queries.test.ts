import { describe, expect, it } from "vitest";
import { AMOUNT_BANDS } from "../../lib/congressional/bands";
import type { CongressionalTrade, TransactionType } from "../../lib/congressional/ports";
import { returnSince, traderRank, traderRows } from "../../lib/congressional/queries";
import { SIMULATED_MEMBERS } from "../../lib/congressional/sim/roster";

/** The returns and the league table on hand-built trades. */

const member = SIMULATED_MEMBERS[0] as CongressionalTrade["member"];
let next = 0;
function trade(
  type: TransactionType,
  code: string,
  price: number,
  band: number,
): CongressionalTrade {
  next++;
  return {
    id: `t${next}`,
    filingId: "f",
    filingUrl: null,
    member,
    owner: "self",
    ticker: code.split("_")[0] as string,
    code,
    assetDescription: code,
    assetType: "Stock",
    transactionType: type,
    transactionDate: `2026-10-${String(next).padStart(2, "0")}`,
    disclosureDate: "2026-11-20",
    disclosedAtMs: 0,
    delayDays: 50 - next,
    late: 50 - next > 45,
    amount: AMOUNT_BANDS[band] as CongressionalTrade["amount"],
    priceAtTransaction: price,
  };
}

describe("returns since a trade", () => {
  it("are signed by direction, none for an exchange", () => {
    expect(returnSince(trade("purchase", "A_X", 100, 0), 110)).toBe(10);
    expect(returnSince(trade("sale", "A_X", 100, 0), 110)).toBe(-10);
    expect(returnSince(trade("partial-sale", "A_X", 100, 0), 90)).toBe(10);
    expect(returnSince(trade("exchange", "A_X", 100, 0), 90)).toBeNull();
    expect(returnSince(trade("purchase", "A_X", 100, 0), undefined)).toBeNull();
  });
});

describe("the league table", () => {
  it("weights returns by the band midpoints and counts by direction", () => {
    const trades = [
      trade("purchase", "A_X", 100, 0), // +20 % on 8,000.5
      trade("sale", "B_X", 50, 2), // −10 % on 75,000.5 (price up 10 %)
      trade("exchange", "A_X", 100, 9), // no return, counts in volume at its minimum
    ];
    const [row] = traderRows(
      trades,
      new Map([
        ["A_X", 120],
        ["B_X", 55],
      ]),
    );
    const expected = (8_000.5 * 0.2 + 75_000.5 * -0.1) / (8_000.5 + 75_000.5);
    expect(row?.returnSinceTradesPercent).toBe(Math.round(expected * 10_000) / 100);
    expect(row).toMatchObject({
      trades: 3,
      purchases: 1,
      sales: 1,
      exchanges: 1,
      estimatedVolumeUsd: 8_000.5 + 75_000.5 + 50_000_001,
      estimatedPurchaseUsd: 8_000.5,
      estimatedSaleUsd: 75_000.5,
      tradesWithReturn: 2,
      distinctTickers: 2,
      topTickers: ["A", "B"],
      lastTransactionDate: trades[2]?.transactionDate,
    });
    expect(traderRank(row as never, "trades")).toBe(3);
    const [onlyExchange] = traderRows([trade("exchange", "A_X", 100, 0)], new Map());
    expect(onlyExchange?.returnSinceTradesPercent).toBeNull();
    expect(traderRank(onlyExchange as never, "return")).toBeLessThan(-1e6);
  });
});
