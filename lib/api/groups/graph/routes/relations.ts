import { array, boolean, coerce, int, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../../contract-code";
import { csvFormatQuery } from "../../../csv";
import { groupRoutes } from "../../../route";
import {
  companyRef,
  correlations,
  cursorQuery,
  degreeSchema,
  edgeSchema,
  edgeTypesQuery,
  graphAnswer,
  isoDay,
  isoInstant,
  limitQuery,
  nodeKind,
  nodeSchema,
  STRENGTH_NOTE,
  strength,
  supplyRow,
} from "./schemas";

/**
 * The graph's company relations: supply chain (suppliers, customers, the shock impact, the bulk
 * edge list and its coverage), competitors and peers, any relation ranked, the network around a
 * company, its node details and the filings behind its edges; search and comparison across
 * companies.
 */

export const NETWORK_MAX_NODES_DEFAULT = 100;
export const NETWORK_MAX_NODES = 500;
export const IMPACT_SHOCK_PERCENT_DEFAULT = -20;
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 10;
export const BULK_LIMIT_DEFAULT = 500;
export const BULK_LIMIT_MAX = 5000;
/** A 10-K names the customers of 10 % or more of revenue (Regulation S-K Item 101). */
export const MAJOR_CUSTOMER_SHARE = 0.1;

const params = object({ code: contractCode });

const COMPANY_ERRORS = [
  "SYMBOL_NOT_FOUND",
  "NO_DATA",
  "MARKET_DATA_UNAVAILABLE",
  "COMPANY_DATA_UNAVAILABLE",
] as const;
/** The graph is built over the market (instruments, prices) and the graph's sources. */
const SOURCE_ERRORS = ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"] as const;

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a fund, an index, a future or a " +
  "crypto asset (no company of the graph).";

const SUPPLY_SOURCE =
  "The simulated world's supply chains are industry-plausible relations drawn from the seed " +
  "(both shares known); with COMPANY_PROVIDER=edgar there is no free supply-chain source and " +
  "these routes answer 503 COMPANY_DATA_UNAVAILABLE naming it.";

const CORRELATION_NOTE =
  "correlation: Pearson correlation of the pair's daily log returns over the last 21, 63 and " +
  "252 sessions (null for unlisted companies).";

export const graphRelationRoutes = groupRoutes("graph", {
  suppliers: {
    method: "GET",
    path: "/graph/{code}/suppliers",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "The company's suppliers, largest share of its costs first",
    description:
      "Companies that supply this one (listed or not), with what they supply, the supplier's " +
      "share of the company's cost of revenue, the company's share of the supplier's revenue, " +
      `the relation's start and source. Sorted by cost share, then name. ${CORRELATION_NOTE} ` +
      `${SUPPLY_SOURCE} ${NOT_A_COMPANY}`,
    params,
    response: object({ ...graphAnswer, count: int(), suppliers: array(supplyRow) }),
  },
  customers: {
    method: "GET",
    path: "/graph/{code}/customers",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "The company's customers, largest share of its revenue first",
    description:
      "Companies this one supplies, with the customer's share of the company's revenue and the " +
      `company's share of the customer's costs. Sorted by revenue share, then name. ` +
      `${CORRELATION_NOTE} ${SUPPLY_SOURCE} ${NOT_A_COMPANY}`,
    params,
    response: object({ ...graphAnswer, count: int(), customers: array(supplyRow) }),
  },
  competitors: {
    method: "GET",
    path: "/graph/{code}/competitors",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "Listed companies competing with this one",
    description:
      "Same industry (any size), or a shared arena (a market fought over across industries, " +
      "e.g. cloud computing or card payments; the list is hand-kept and named in `arenas`). " +
      "strength = 0.6 + 0.4 × size closeness for the same industry, 0.5 for an arena only; size " +
      "closeness = max(0, 1 − |log10(capA / capB)| / 2) with market capitalisation = shares " +
      `outstanding × last price. Strongest first. ${NOT_A_COMPANY}`,
    params,
    response: object({
      ...graphAnswer,
      marketCapUsd: number(),
      competitors: array(
        object({
          company: companyRef,
          marketCapUsd: number(),
          strength,
          sameIndustry: boolean(),
          arenas: array(string()),
          correlation: correlations,
        }),
      ),
    }),
  },
  peers: {
    method: "GET",
    path: "/graph/{code}/peers",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "Peers: the same industry and size band, with the similarity used",
    description:
      "Size bands by market capitalisation (shares outstanding × last price): mega ≥ $200 bn, " +
      "large $10-200 bn, mid $2-10 bn, small < $2 bn. Peers share the company's industry and " +
      "band; similarity = 0.5 + 0.5 × size closeness, size closeness = max(0, 1 − " +
      "|log10(capA / capB)| / 2). Most similar first. When the band holds no peer, " +
      `sameIndustryOtherBands lists the industry's other companies by size closeness. ${NOT_A_COMPANY}`,
    params,
    response: object({
      ...graphAnswer,
      industry: string(),
      sector: string(),
      marketCapUsd: number(),
      sizeBand: zEnum(["mega", "large", "mid", "small"]),
      peers: array(
        object({
          company: companyRef,
          marketCapUsd: number(),
          similarity: number(),
          sizeCloseness: number(),
          correlation: correlations,
        }),
      ),
      sameIndustryOtherBands: array(
        object({
          company: companyRef,
          marketCapUsd: number(),
          sizeBand: zEnum(["mega", "large", "mid", "small"]),
          sizeCloseness: number(),
        }),
      ),
    }),
  },
  related: {
    method: "GET",
    path: "/graph/{code}/related",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "Everything related to the company, any edge type, strongest first",
    description: `Every edge touching the company node, with the node at its other end. ${STRENGTH_NOTE} Strongest first, then by node id. ${NOT_A_COMPANY}`,
    params,
    query: object({ types: edgeTypesQuery, limit: limitQuery(50, 500) }),
    response: object({
      ...graphAnswer,
      total: int().meta({ description: "Edges matching the types, before the limit" }),
      related: array(
        object({
          node: nodeSchema,
          edge: edgeSchema,
          direction: zEnum(["outbound", "inbound", "undirected"]).meta({
            description: "outbound: the company is the edge's source",
          }),
        }),
      ),
    }),
  },
  network: {
    method: "GET",
    path: "/graph/{code}/network",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "The network around the company, for drawing: nodes and edges within depth hops",
    description:
      "Breadth-first from the company over edges of `types` (any direction) up to `depth` hops " +
      "(1-3). Bounded: at most maxNodes nodes are kept, nearer ones first, then by the strength " +
      "of their strongest path from the company (the product of the edge strengths along it), " +
      `then by id; omittedNodes counts those left out. Edges: all edges among the kept nodes. ${STRENGTH_NOTE} ${NOT_A_COMPANY}`,
    params,
    query: object({
      depth: coerce
        .number()
        .int()
        .min(1)
        .max(3)
        .default(1)
        .meta({ description: "Hops from the company, 1-3, default 1" }),
      maxNodes: limitQuery(NETWORK_MAX_NODES_DEFAULT, NETWORK_MAX_NODES),
      types: edgeTypesQuery,
    }),
    response: object({
      ...graphAnswer,
      depth: int(),
      maxNodes: int(),
      types: array(string()),
      omittedNodes: int(),
      nodes: array(
        nodeSchema.extend({
          depth: int(),
          pathStrength: number().meta({
            description: "Product of strengths along the strongest path",
          }),
        }),
      ),
      edges: array(edgeSchema),
    }),
  },
  supplyChainImpact: {
    method: "GET",
    path: "/graph/{code}/supply-chain/impact",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "How a shock at each upstream supplier propagates to the company",
    description:
      "Every supply path of at most `depth` hops (1-3) ending at the company. exposure of a " +
      "path = the product of the customer cost shares along it (tier 1: the supplier's share of " +
      "the company's costs; tier 2: that share times the tier-1 supplier's cost share bought " +
      "from the tier-2 one). A supplier's exposure = the sum over its paths. impactOnCostPercent " +
      "= exposure × shockPercent: the change in the company's cost of revenue if the supplier's " +
      "output price (or supply) moved by shockPercent, passed through in full. " +
      `${CORRELATION_NOTE} Largest exposure first. ${SUPPLY_SOURCE} ${NOT_A_COMPANY}`,
    params,
    query: object({
      depth: coerce
        .number()
        .int()
        .min(1)
        .max(3)
        .default(3)
        .meta({ description: "Tiers upstream, 1-3, default 3" }),
      shockPercent: coerce
        .number()
        .min(-100)
        .max(1000)
        .default(IMPACT_SHOCK_PERCENT_DEFAULT)
        .meta({
          description: `Shock at each supplier, percent (−100..1000), default ${IMPACT_SHOCK_PERCENT_DEFAULT}`,
        }),
    }),
    response: object({
      ...graphAnswer,
      depth: int(),
      shockPercent: number(),
      totalExposurePercent: number().meta({
        description:
          "Σ of the tier-1 suppliers' cost shares: the part of the company's cost of revenue " +
          "bought from suppliers the graph knows, percent (deeper tiers are inside it)",
      }),
      suppliers: array(
        object({
          company: companyRef,
          tier: int().meta({ description: "Hops on its shortest path to the company" }),
          exposurePercent: number(),
          impactOnCostPercent: number(),
          paths: array(
            object({
              nodes: array(string()).meta({ description: "Node ids, the supplier first" }),
              costSharesPercent: array(number().nullable()),
              exposurePercent: number(),
            }),
          ),
          correlation: correlations,
        }),
      ),
    }),
  },
  details: {
    method: "GET",
    path: "/graph/{code}/details",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "The company node: identity, degree per edge type, data coverage",
    description:
      "The node's attributes, its degree per edge type (inbound, outbound, undirected) and the " +
      "coverage of each part of the graph for it: where the edges come from and as of when. " +
      NOT_A_COMPANY,
    params,
    response: object({
      ...graphAnswer,
      node: nodeSchema,
      marketCapUsd: number(),
      degrees: array(degreeSchema),
      totalDegree: int(),
      coverage: object({
        supplyChain: object({
          available: boolean(),
          source: string().nullable(),
          suppliers: int(),
          customers: int(),
        }),
        people: object({ source: string(), current: int() }),
        institutions: object({
          source: string(),
          holders: int(),
          quarterEnd: string().nullable().meta({ description: "Latest 13F period, yyyy-MM-dd" }),
        }),
        insiderTrades: object({
          source: string(),
          windowDays: int(),
          people: int(),
          trades: int(),
        }),
      }),
    }),
  },
  filings: {
    method: "GET",
    path: "/graph/{code}/filings",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary: "The filings that created the company's edges, with accession numbers",
    description:
      "Form 4s behind its insider-traded edges (the last 12 months), the 13F-HRs behind its " +
      "institutional owns edges (latest quarter), and the 10-Ks whose major-customer note " +
      `(customers of ${MAJOR_CUSTOMER_SHARE * 100} % or more of revenue) discloses its supply edges (the ` +
      "supplier's latest annual report; the company as supplier or as customer). Newest first, " +
      `then by accession number. ${NOT_A_COMPANY}`,
    params,
    query: object({
      form: zEnum(["4", "13F-HR", "10-K"])
        .optional()
        .meta({ description: "Only this form: 4, 13F-HR or 10-K" }),
      limit: limitQuery(50, 200),
      cursor: cursorQuery,
    }),
    response: object({
      ...graphAnswer,
      total: int(),
      nextCursor: string().nullable(),
      filings: array(
        object({
          accessionNumber: string(),
          form: string(),
          filingDate: isoDay("Filed"),
          filer: object({
            kind: nodeKind,
            id: string().meta({ description: "Node id of the filer" }),
            name: string(),
            cik: string().nullable(),
          }),
          edges: array(
            object({
              type: string(),
              source: string(),
              target: string(),
              note: string().meta({ description: "What the filing states for this edge" }),
            }),
          ),
        }),
      ),
    }),
  },
  search: {
    method: "GET",
    path: "/graph/search",
    auth: "key",
    errors: ["NO_MATCH", ...SOURCE_ERRORS],
    summary: "Companies, people and institutions of the graph by name",
    description:
      "q (required: 400 INVALID_PARAMETER without it, spec fact 9) is matched case- and " +
      "accent-insensitively against node labels (and tickers): score 100 for an exact match, 80 " +
      "for a prefix, 60 for a word prefix, 40 for a substring, plus up to 10 for the node's " +
      "degree (log-scaled). Best first, then by label. 404 NO_MATCH when nothing matches.",
    query: object({
      q: string()
        .trim()
        .min(2, "must be at least 2 characters")
        .max(100)
        .meta({ description: "Name, part of a name, or ticker" }),
      kinds: string()
        .trim()
        .toLowerCase()
        .max(50)
        .optional()
        .refine(
          (text) =>
            text === undefined ||
            text.split(",").every((kind) => ["company", "person", "institution"].includes(kind)),
          { message: "must be a comma-separated list of company, person, institution" },
        )
        .meta({ description: "company, person, institution (comma-separated); default all" }),
      limit: limitQuery(20, 100),
    }),
    response: object({
      asOf: isoInstant("The market clock"),
      graphDay: isoDay("The graph's day"),
      q: string(),
      total: int(),
      results: array(
        nodeSchema.extend({
          score: number(),
          degree: int(),
          roles: array(string()).meta({
            description: "People: their current titles and companies (e.g. Director at AAPL)",
          }),
        }),
      ),
    }),
  },
  compare: {
    method: "GET",
    path: "/graph/compare",
    auth: "key",
    errors: [...COMPANY_ERRORS],
    summary:
      "2-10 companies side by side: degrees, shared suppliers and customers, holders, insiders",
    description:
      `symbols: ${COMPARE_MIN}-${COMPARE_MAX} distinct tickers or contract codes, comma-separated. ` +
      "Per company: degree per edge type, suppliers and customers counts, institutional holders " +
      "and the percent of shares they hold, insider buying and selling over 12 months. Across " +
      "them: suppliers and customers shared by at least two, institutions holding at least two " +
      "(with each one's percent), people sitting at two or more (board interlocks), and the " +
      `direct edges between them. ${NOT_A_COMPANY}`,
    query: object({
      symbols: string()
        .trim()
        .min(1, "must name 2-10 symbols")
        .max(500)
        .meta({ description: "Comma-separated tickers or codes, 2-10 distinct" }),
    }),
    response: object({
      asOf: isoInstant("The market clock"),
      graphDay: isoDay("The graph's day"),
      companies: array(
        object({
          company: companyRef,
          marketCapUsd: number(),
          degrees: array(degreeSchema),
          suppliers: int(),
          customers: int(),
          institutionalHolders: int(),
          institutionalPercent: number().meta({
            description: "Percent of shares outstanding the 13F holders reported",
          }),
          insiders: object({
            boughtUsd: number(),
            soldUsd: number(),
            netUsd: number(),
            people: int(),
          }),
        }),
      ),
      sharedSuppliers: array(object({ company: companyRef, customers: array(string()) })),
      sharedCustomers: array(object({ company: companyRef, suppliers: array(string()) })),
      sharedInstitutions: array(
        object({
          institution: nodeSchema,
          percentBySymbol: object({}).catchall(number()),
        }),
      ),
      sharedPeople: array(object({ person: nodeSchema, symbols: array(string()) })),
      directEdges: array(edgeSchema),
    }),
  },
  supplyChainBulk: {
    method: "GET",
    path: "/graph/supply-chain/bulk",
    auth: "key",
    errors: [...SOURCE_ERRORS],
    summary: "Every supply edge of the graph, paginated; CSV on request",
    description:
      "One row per supplier → customer relation, ordered by supplier id then customer id. " +
      "format=csv answers text/csv (RFC 4180: a header row, CRLF line ends; spec fact 12) with " +
      "the same columns, X-Next-Cursor and X-Total-Rows headers. Shares are fractions 0-1 in CSV " +
      `and percent in JSON. ${SUPPLY_SOURCE}`,
    query: object({
      limit: limitQuery(BULK_LIMIT_DEFAULT, BULK_LIMIT_MAX),
      cursor: cursorQuery,
      format: csvFormatQuery,
    }),
    alternateContent: {
      contentType: "text/csv",
      description:
        "format=csv: text/csv, a header row (supplierId, supplierName, supplierSymbol, " +
        "customerId, customerName, customerSymbol, product, customerCostShare, " +
        "supplierRevenueShare, since, source) then one line per edge of the page; X-Next-Cursor " +
        "and X-Total-Rows headers.",
    },
    response: object({
      asOf: isoInstant("The market clock"),
      graphDay: isoDay("The graph's day"),
      total: int(),
      limit: int(),
      nextCursor: string().nullable().meta({ description: "null on the last page" }),
      edges: array(
        object({
          supplier: companyRef,
          customer: companyRef,
          product: string(),
          customerCostSharePercent: number().nullable(),
          supplierRevenueSharePercent: number().nullable(),
          strength,
          since: isoDay("First day"),
          source: zEnum(["simulated", "10-K"]),
        }),
      ),
    }),
  },
  supplyChainCoverage: {
    method: "GET",
    path: "/graph/supply-chain/coverage",
    auth: "none",
    errors: [...SOURCE_ERRORS],
    summary: "How many companies and supply edges the graph covers, by sector and source",
    description:
      "Needs no key (spec fact 12). Listed companies with at least one supply edge over all " +
      "listed companies, unlisted companies, edges, by sector (a listed or unlisted company's " +
      "sector; an edge counts for its customer's sector) and by source. With a provider that has " +
      "no supply-chain source, available is false and every count 0.",
    response: object({
      asOf: isoInstant("The market clock"),
      graphDay: isoDay("The graph's day"),
      provider: string(),
      available: boolean(),
      listedCompanies: int(),
      listedCovered: int().meta({ description: "Listed companies with a supply edge" }),
      coveragePercent: number(),
      unlistedCompanies: int(),
      edges: int(),
      bySector: array(
        object({
          sector: string(),
          listedCompanies: int(),
          listedCovered: int(),
          unlistedCompanies: int(),
          edgesAsCustomer: int(),
        }),
      ),
      bySource: array(object({ source: string(), edges: int() })),
    }),
  },
});
