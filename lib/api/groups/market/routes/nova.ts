import { array, coerce, number, object, string, enum as zEnum } from "zod";
import { groupRoutes } from "../../../route";

const dte = (fallback: number) =>
  coerce
    .number({ error: "must be an integer from 0 to 60" })
    .int("must be an integer from 0 to 60")
    .min(0, "must be an integer from 0 to 60")
    .max(60, "must be an integer from 0 to 60")
    .default(fallback);

export const marketNovaRoutes = groupRoutes("market", {
  novaSuggestions: {
    method: "GET",
    path: "/market/nova/suggestions",
    auth: "key",
    errors: ["NOVA_UNAVAILABLE", "MARKET_DATA_UNAVAILABLE"],
    summary: "Machine-learning option-selling suggestions",
    description:
      "Short-dated out-of-the-money options (5-50 delta) of the 25 most traded optionable stocks, " +
      "ranked by a logistic-regression model's probability that writing the option at its mid " +
      "makes money at expiry. Features: |delta|, IV over 20-day realised volatility, days to " +
      "expiry, strike distance, annualised premium yield, RSI(14), earnings before expiry, put or " +
      "call. Trained with `npm run train:nova` on the simulated market's history (out of sample: " +
      "see the README). Results are cached 5 minutes. 503 NOVA_UNAVAILABLE when the model cannot " +
      "be loaded or scored, or the data source has no option listings; 503 MARKET_DATA_UNAVAILABLE " +
      "while the market-data source is down.",
    query: object({
      topN: coerce
        .number({ error: "must be an integer from 1 to 50" })
        .int("must be an integer from 1 to 50")
        .min(1, "must be an integer from 1 to 50")
        .max(50, "must be an integer from 1 to 50")
        .default(20),
      minDte: dte(0),
      maxDte: dte(14),
    }).refine((q) => q.minDte <= q.maxDte, { message: "must not exceed maxDte", path: ["minDte"] }),
    response: object({
      modelVersion: string(),
      suggestions: array(
        object({
          symbol: string(),
          strike: number(),
          expiry: string().meta({ description: "yyyy-MM-dd" }),
          right: zEnum(["C", "P"]),
          score: number().meta({ description: "Model probability, 0-1, 6 decimals" }),
          delta: number().meta({ description: "Black-Scholes delta, 6 decimals" }),
          iv: number().meta({ description: "Implied volatility, percent, 4 decimals" }),
          premium: number().meta({ description: "Mid price per share, USD to the cent" }),
        }),
      ),
    }),
  },
});
