import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the graph group's risk routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the simulated world, for the
 * request shown (lists inside an answer cut to their first two entries).
 */

export const GRAPH_RISK_EXAMPLES: Record<string, ExampleSource> = {
  "graph.cascadeRisk": {
    request: { params: { code: "AAPL_NASDAQ" }, query: { depth: "2", limit: "2" } },
    invalid: [
      { params: { code: "AAPL_NASDAQ" }, query: { decay: "1.5" } },
      { params: { code: "AAPL_NASDAQ" }, query: { depth: "4" } },
      { params: { code: "AAPL" } },
    ],
    data: {
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      asOf: "2026-11-23T15:00:00.000Z",
      graphDay: "2026-11-23",
      provider: "sim",
      shockPercent: -20,
      decay: 0.5,
      depth: 2,
      from: {
        downstream: {
          channel: "supply",
          weight: "customerCostShare",
          reached: 10,
          companies: [
            {
              company: {
                id: "company:T",
                name: "AT&T Inc.",
                listed: true,
                symbol: "T",
                code: "T_NYSE",
                sector: "Communication Services",
                industry: "Diversified Telecommunication Services",
                country: null,
              },
              depth: 1,
              impactPercent: -1.459,
              path: ["company:AAPL", "company:T"],
            },
            {
              company: {
                id: "company:VZ",
                name: "Verizon Communications Inc.",
                listed: true,
                symbol: "VZ",
                code: "VZ_NYSE",
                sector: "Communication Services",
                industry: "Diversified Telecommunication Services",
                country: null,
              },
              depth: 1,
              impactPercent: -1.139,
              path: ["company:AAPL", "company:VZ"],
            },
          ],
        },
        upstream: {
          channel: "demand",
          weight: "supplierRevenueShare",
          reached: 21,
          companies: [
            {
              company: {
                id: "company:penghu-lens-optics",
                name: "Penghu Lens Optics",
                listed: false,
                symbol: null,
                code: null,
                sector: "Information Technology",
                industry: "Electronic Equipment, Instruments & Components",
                country: "TW",
              },
              depth: 1,
              impactPercent: -5.525,
              path: ["company:AAPL", "company:penghu-lens-optics"],
            },
            {
              company: {
                id: "company:jinling-optoelectronics",
                name: "Jinling Optoelectronics",
                listed: false,
                symbol: null,
                code: null,
                sector: "Information Technology",
                industry: "Electronic Equipment, Instruments & Components",
                country: "CN",
              },
              depth: 1,
              impactPercent: -4.886,
              path: ["company:AAPL", "company:jinling-optoelectronics"],
            },
          ],
        },
      },
      to: {
        fromSuppliers: {
          channel: "supply",
          weight: "customerCostShare",
          reached: 21,
          companies: [
            {
              company: {
                id: "company:lingding-precision-assembly",
                name: "Lingding Precision Assembly",
                listed: false,
                symbol: null,
                code: null,
                sector: "Information Technology",
                industry: "Electronic Equipment, Instruments & Components",
                country: "CN",
              },
              depth: 1,
              impactPercent: -0.9802,
              path: ["company:AAPL", "company:lingding-precision-assembly"],
            },
            {
              company: {
                id: "company:deccan-circuit-assembly",
                name: "Deccan Circuit Assembly",
                listed: false,
                symbol: null,
                code: null,
                sector: "Information Technology",
                industry: "Electronic Equipment, Instruments & Components",
                country: "IN",
              },
              depth: 1,
              impactPercent: -0.9572,
              path: ["company:AAPL", "company:deccan-circuit-assembly"],
            },
          ],
        },
        fromCustomers: {
          channel: "demand",
          weight: "supplierRevenueShare",
          reached: 10,
          companies: [
            {
              company: {
                id: "company:T",
                name: "AT&T Inc.",
                listed: true,
                symbol: "T",
                code: "T_NYSE",
                sector: "Communication Services",
                industry: "Diversified Telecommunication Services",
                country: null,
              },
              depth: 1,
              impactPercent: -0.0294,
              path: ["company:AAPL", "company:T"],
            },
            {
              company: {
                id: "company:VZ",
                name: "Verizon Communications Inc.",
                listed: true,
                symbol: "VZ",
                code: "VZ_NYSE",
                sector: "Communication Services",
                industry: "Diversified Telecommunication Services",
                country: null,
              },
              depth: 1,
              impactPercent: -0.0222,
              path: ["company:AAPL", "company:VZ"],
            },
          ],
        },
      },
    },
  },
};
