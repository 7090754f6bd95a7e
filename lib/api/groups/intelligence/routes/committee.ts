import {
  array,
  boolean,
  coerce,
  int,
  iso,
  number,
  object,
  record,
  string,
  union,
  enum as zEnum,
} from "zod";
import { VOTES } from "../../../../intelligence/opinion";
import {
  AVOID_BELOW_SCORE,
  IV_RANK_FLOOR,
  RULES_VERSION,
  SELL_PUT_MIN_AGREEMENT,
  SELL_PUT_MIN_SCORE,
  SPECIALIST_WEIGHTS,
  SPECIALISTS,
  TARGET_DTE,
  VETO_CONVICTION_FLOOR,
  VOTE_BANDS,
} from "../../../../intelligence/rules";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";

/** The committee: a verdict on selling a put, run on request or by the daily job, stored. */

const weights = SPECIALISTS.map((name) => `${name} ${SPECIALIST_WEIGHTS[name]}`).join(", ");

export const COMMITTEE_RULES =
  `Seven specialists (${weights}) each score 0-100 how favourable their evidence is for ` +
  "selling a cash-secured put at the first listed expiration at least targetDte days out, and " +
  `vote SELL_PUT from ${VOTE_BANDS.sellPutFrom}, AVOID below ${VOTE_BANDS.avoidBelow}, else ` +
  "CAUTION. Volatility: 0.6 × IV rank + 0.4 × the IV/realised ratio mapped 0.8→0, 1.5→100 " +
  `(GET /volatility/{code}/hv-iv; IV rank below ${IV_RANK_FLOOR} vetoes). Technical: 50 ± ` +
  "trend (±20), SMA50 slope (±10), MACD (±5), RSI oversold −10 / overbought −5, a support " +
  "within 5% below +5 (GET /graph/{code}/technicals). Fundamental: 100 − fragility, −15 for a " +
  "trailing loss, −15 for Altman distress, −10 for debt/equity above 2 (GET " +
  "/graph/{code}/fragility, /fundamentals/{code}/ratios). News sentiment: 50 + 50 × the week's " +
  "mean sentiment (shrunk under 3 articles) ± 5 for the trend (GET " +
  "/news/ticker/{code}/sentiment). Event risk: 85 with no event before expiration, −15 for an " +
  "ex-dividend date; earnings before expiration veto (GET /company/{code}/events). Options " +
  "positioning: 50 ± 20 for the dealers' gamma regime, −10 put/call volume above 1.2, +5 below " +
  "0.6, −5 put/call open interest above 1.5 (GET /options/{code}/gex, /put-call-ratio). Insider " +
  "activity: 50 + 40 × (purchases − 0.25 × sales) / (purchases + sales) in open-market value over 90 " +
  "days, +10 for a purchase cluster (GET /graph/{code}/insiders/summary). A specialist without " +
  "its evidence (its endpoint would answer 404, or the news or company-data source is down) " +
  "scores 50, votes CAUTION and says why (available false). " +
  `Verdict: any veto → AVOID; committee score (weighted mean) ≥ ${SELL_PUT_MIN_SCORE} and at ` +
  `least ${SELL_PUT_MIN_AGREEMENT * 100}% of specialists voting SELL_PUT → SELL_PUT; score below ` +
  `${AVOID_BELOW_SCORE} → AVOID; else CAUTION. FinalConviction = the weighted mean of each ` +
  "specialist's support for the verdict (its score for SELL_PUT, 100 − score for AVOID, " +
  `100 − 2·|score − 50| for CAUTION), at least ${VETO_CONVICTION_FLOOR} under a veto. ` +
  "CommitteeAgreement = the share (0-1) of specialists voting the verdict. The reasoning is " +
  "written through the narrative backend (templates by default, Amazon Bedrock with " +
  "NARRATIVE_BACKEND=bedrock); while it is unavailable the answer is 500 AI_ERROR and nothing " +
  `is stored. Rules version ${RULES_VERSION}; inputsHash = SHA-256 of the specialists' inputs ` +
  "and reasons and the target: equal hashes mean the committee saw the same evidence.";

const opinion = object({
  specialist: zEnum(SPECIALISTS),
  weight: number().meta({ description: "Its weight in the committee score and conviction" }),
  score: number().meta({ description: "0-100, 1 decimal: how favourable for selling a put" }),
  vote: zEnum(VOTES),
  veto: string().nullable().meta({ description: "Why it vetoes (the verdict is then AVOID)" }),
  reasons: array(string()),
  inputs: record(string(), union([number(), string(), boolean()]).nullable()).meta({
    description: "The figures it read, as the source endpoint serves them (units in the names)",
  }),
  source: string().meta({ description: "The endpoint whose figures it read" }),
  available: boolean().meta({ description: "false: it had no evidence, scored 50, voted CAUTION" }),
});

export const verdictSchema = object({
  symbol: string(),
  code: string(),
  name: string(),
  FinalVerdict: zEnum(VOTES),
  FinalConviction: number().meta({ description: "0-100, 1 decimal" }),
  CommitteeAgreement: number().meta({
    description: "Share (0-1, 4 decimals) of the specialists voting the verdict",
  }),
  committeeScore: number().meta({ description: "Weighted mean of the scores, 0-100" }),
  decidedBy: zEnum(["veto", "sell-put-thresholds", "avoid-threshold", "default-caution"]),
  vetoes: array(object({ specialist: zEnum(SPECIALISTS), reason: string() })),
  votes: object({ SELL_PUT: int(), CAUTION: int(), AVOID: int() }),
  target: object({
    targetDte: int(),
    expiration: iso.date().meta({ description: "The listed expiration judged" }),
    daysToExpiration: int(),
  }),
  specialists: array(opinion),
  reasoning: string().meta({ description: "The narrative, from the facts above" }),
  rulesVersion: string(),
  inputsHash: string().meta({ description: "SHA-256 (hex) of the specialists' inputs" }),
  analysedAt: iso.datetime().meta({ description: "When the committee ran (market clock)" }),
  trigger: zEnum(["request", "schedule"]).meta({
    description: "request: an API call ran it; schedule: the daily job",
  }),
});

const targetDte = coerce
  .number()
  .int()
  .min(TARGET_DTE.min)
  .max(TARGET_DTE.max)
  .default(TARGET_DTE.default)
  .meta({
    description: `Days to the put's expiration, ${TARGET_DTE.min}-${TARGET_DTE.max}, default ${TARGET_DTE.default}`,
  });

/** Stocks POST /intelligence/compare takes at once. */
export const COMPARE_SYMBOLS = { min: 2, max: 10 } as const;

const RUN_ERRORS = [
  "SYMBOL_NOT_FOUND",
  "NO_DATA",
  "NO_CHAIN_DATA",
  "MARKET_DATA_UNAVAILABLE",
  "AI_ERROR",
  "DATABASE_UNAVAILABLE",
] as const;

export const intelligenceCommitteeRoutes = groupRoutes("intelligence", {
  analysis: {
    method: "GET",
    path: "/intelligence/{code}/analysis",
    auth: "key",
    errors: [...RUN_ERRORS],
    summary: "Run the committee on a stock now and store its verdict",
    description:
      "Runs the committee at the market clock and stores the verdict as the stock's latest " +
      "(GET /intelligence/{code}/conviction then returns it). 404 NO_DATA for a fund, index, " +
      "future or crypto asset; 404 NO_CHAIN_DATA for a stock without listed options. 503 when " +
      `the market-data source is down. ${COMMITTEE_RULES}`,
    params: object({ code: contractCode }),
    query: object({ targetDte }),
    response: verdictSchema,
  },
  conviction: {
    method: "GET",
    path: "/intelligence/{code}/conviction",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_VERDICT", "MARKET_DATA_UNAVAILABLE", "DATABASE_UNAVAILABLE"],
    summary: "The stored verdict (never runs the committee)",
    description:
      "The latest verdict stored for the stock by GET /intelligence/{code}/analysis, POST " +
      "/intelligence/compare or the daily job (after the close, over every optionable stock; " +
      "and at `npm start` locally for the most active), exactly as it was served, with " +
      "FinalVerdict, FinalConviction, CommitteeAgreement, the per-specialist scores and the " +
      "reasoning. It only reads: it never triggers a run, so it answers even while the " +
      "narrative backend is down, and it changes only when a new analysis runs (compare " +
      "analysedAt and inputsHash). 404 NO_VERDICT when the committee never ran on it (the " +
      "market-data source is read only then, to tell an unknown code, 404 SYMBOL_NOT_FOUND).",
    params: object({ code: contractCode }),
    response: verdictSchema,
  },
  compare: {
    method: "POST",
    path: "/intelligence/compare",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "AI_ERROR", "DATABASE_UNAVAILABLE"],
    summary: "Run the committee on 2-10 stocks and rank them",
    description:
      `\`symbols\`: ${COMPARE_SYMBOLS.min}-${COMPARE_SYMBOLS.max} distinct tickers or contract ` +
      "codes of optionable stocks; `targetDte` as GET /intelligence/{code}/analysis. Each stock " +
      "is analysed as that endpoint does and its verdict stored. Ranked SELL_PUT first, then " +
      "CAUTION, then AVOID; within a verdict by FinalConviction (SELL_PUT) or committee score " +
      "(CAUTION, AVOID), highest first; ties by code. 400 INVALID_PARAMETER naming symbols[i] " +
      "for a repeat, a contract that is not a stock, or a stock without options; 404 " +
      "SYMBOL_NOT_FOUND for an unknown one. The summary is written through the narrative " +
      `backend (500 AI_ERROR while it is down, nothing stored). ${COMMITTEE_RULES}`,
    body: object({
      symbols: array(string().trim().toUpperCase().min(1).max(32))
        .min(COMPARE_SYMBOLS.min)
        .max(COMPARE_SYMBOLS.max)
        .meta({ description: "Tickers (AAPL) or contract codes (AAPL_NASDAQ)" }),
      targetDte,
    }),
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock" }),
      targetDte: int(),
      rulesVersion: string(),
      summary: string().meta({ description: "The narrative, from the ranking" }),
      ranking: array(
        object({
          rank: int(),
          symbol: string(),
          code: string(),
          name: string(),
          FinalVerdict: zEnum(VOTES),
          FinalConviction: number(),
          CommitteeAgreement: number(),
          committeeScore: number(),
          vetoes: array(object({ specialist: zEnum(SPECIALISTS), reason: string() })),
          specialistScores: record(zEnum(SPECIALISTS), number()).meta({
            description: "Each specialist's score, 0-100",
          }),
          expiration: iso.date(),
          inputsHash: string(),
          analysedAt: iso.datetime(),
        }),
      ),
      verdicts: array(verdictSchema).meta({
        description: "The full verdicts, in ranking order (as GET /analysis serves them)",
      }),
    }),
  },
});
