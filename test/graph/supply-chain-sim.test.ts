import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import type { SupplyRelation } from "../../lib/graph/ports";
import {
  buildSupplyChain,
  createSimulatedSupplyChain,
  MAX_CUSTOMER_COST_SHARE,
  MAX_SUPPLIER_REVENUE_SHARE,
  simulatedSupplyChain,
} from "../../lib/graph/sim/supply-chain";
import { GROSS_MARGIN, SUPPLY_RULES } from "../../lib/graph/sim/supply-rules";
import { UNLISTED_COMPANIES } from "../../lib/graph/sim/supply-unlisted";
import { STOCKS, stockBySymbol } from "../../lib/market/sim/universe";

/**
 * The simulated world's supply chains: deterministic, dated (nothing before its first day, by
 * the New York date), weighted consistently with the simulated earnings, industry-plausible,
 * covering the universe, and naming only fictional unlisted companies.
 */

const chain = simulatedSupplyChain();
const { relations } = chain;
const LISTED = STOCKS.filter((stock) => stock.type === "Stock");
/** Monday 2026-11-23, 10:00 New York (EXAMPLE_TIME). */
const EXAMPLE_TIME = new Date("2026-11-23T15:00:00Z");

const industryOf = (id: string) =>
  stockBySymbol(id)?.industry ?? UNLISTED_COMPANIES.find((c) => c.companyId === id)?.industry;
const sectorOf = (id: string) =>
  stockBySymbol(id)?.sector ?? UNLISTED_COMPANIES.find((c) => c.companyId === id)?.sector;
const suppliersOf = (id: string) => relations.filter((r) => r.customerId === id);
const customersOf = (id: string) => relations.filter((r) => r.supplierId === id);
const sumBy = (
  list: readonly SupplyRelation[],
  key: (r: SupplyRelation) => string,
  value: (r: SupplyRelation) => number,
) => {
  const sums = new Map<string, number>();
  for (const r of list) sums.set(key(r), (sums.get(key(r)) ?? 0) + value(r));
  return sums;
};

describe("simulated supply chain: shape and determinism", () => {
  it("builds the same chain every time, whatever was built before", () => {
    const again = buildSupplyChain();
    expect(again.relations).toEqual(relations);
    expect(again.unlisted).toEqual(chain.unlisted);
    expect(again.economics).toEqual(chain.economics);
  });

  it("orders relations by supplier then customer, with no self-loop, duplicate or reverse pair", () => {
    const keys = relations.map((r) => `${r.supplierId}>${r.customerId}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [i, b] of relations.entries()) {
      const a = relations[i - 1];
      if (!a) continue;
      const ordered =
        a.supplierId < b.supplierId ||
        (a.supplierId === b.supplierId && a.customerId < b.customerId);
      expect(ordered, `${keys[i - 1]} before ${keys[i]}`).toBe(true);
    }
    const pairs = new Set(keys);
    for (const r of relations) {
      expect(r.supplierId).not.toBe(r.customerId);
      expect(pairs.has(`${r.customerId}>${r.supplierId}`), `${r.supplierId}<>${r.customerId}`).toBe(
        false,
      );
    }
  });

  it("dates every relation between 2008-01-01 and 2026-06-30, some after the record's start", () => {
    for (const r of relations) {
      expect(r.since >= "2008-01-01" && r.since <= "2026-06-30", r.since).toBe(true);
      expect(r.source).toBe("simulated");
      expect(r.product.length).toBeGreaterThan(3);
    }
    expect(relations.filter((r) => r.since >= "2015-01-01").length).toBeGreaterThan(
      relations.length / 4,
    );
    expect(relations.filter((r) => r.since < "2015-01-01").length).toBeGreaterThan(
      relations.length / 4,
    );
    // A product's first year and a young company's first year bound the dates.
    const custody = relations.find((r) => r.supplierId === "COIN" && r.customerId === "BLK");
    expect(custody?.since.localeCompare("2024-01-01")).toBeGreaterThanOrEqual(0);
    for (const r of relations.filter((x) => x.supplierId === "RIVN" || x.customerId === "RIVN"))
      expect(r.since >= "2019-01-01", `${r.supplierId}>${r.customerId}`).toBe(true);
  });
});

describe("simulated supply chain: the clock", () => {
  it("answers only relations whose first day is on or before the New York date", async () => {
    const source = createSimulatedSupplyChain(pinnedClock(EXAMPLE_TIME));
    const answered = await source.relations();
    expect(answered).toEqual(relations.filter((r) => r.since <= "2026-11-23"));
    const named = new Set(answered.flatMap((r) => [r.supplierId, r.customerId]));
    const unlisted = await source.unlistedCompanies();
    expect(unlisted.length).toBeGreaterThan(0);
    for (const company of unlisted) expect(named.has(company.companyId)).toBe(true);
  });

  it("hides a relation before its first day and shows it from then on", async () => {
    const late = relations.filter((r) => r.since > "2020-01-01").at(-1) as SupplyRelation;
    const has = async (instant: string) => {
      const source = createSimulatedSupplyChain(pinnedClock(new Date(instant)));
      const answered = await source.relations();
      return answered.some(
        (r) => r.supplierId === late.supplierId && r.customerId === late.customerId,
      );
    };
    const dayBefore = new Date(Date.parse(`${late.since}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(await has(`${dayBefore}T16:00:00Z`)).toBe(false);
    // 03:00 UTC on its first day is still the evening before in New York.
    expect(await has(`${late.since}T03:00:00Z`)).toBe(false);
    expect(await has(`${late.since}T16:00:00Z`)).toBe(true);
    expect(await has("2030-01-01T16:00:00Z")).toBe(true);
  });

  it("lists an unlisted company only once one of its relations has begun", async () => {
    const first = new Map<string, string>();
    for (const r of relations)
      for (const id of [r.supplierId, r.customerId])
        if (!first.has(id) || (first.get(id) as string) > r.since) first.set(id, r.since);
    const latest = chain.unlisted
      .map((c) => ({ id: c.companyId, since: first.get(c.companyId) as string }))
      .sort((a, b) => b.since.localeCompare(a.since))[0] as { id: string; since: string };
    const dayBefore = new Date(Date.parse(`${latest.since}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await createSimulatedSupplyChain(
      pinnedClock(new Date(`${dayBefore}T16:00:00Z`)),
    ).unlistedCompanies();
    const on = await createSimulatedSupplyChain(
      pinnedClock(new Date(`${latest.since}T16:00:00Z`)),
    ).unlistedCompanies();
    expect(before.some((c) => c.companyId === latest.id)).toBe(false);
    expect(on.some((c) => c.companyId === latest.id)).toBe(true);
  });

  it("follows a moving clock", async () => {
    let now = new Date("2010-06-01T16:00:00Z");
    const source = createSimulatedSupplyChain({ now: () => now });
    const early = (await source.relations()).length;
    now = EXAMPLE_TIME;
    const later = (await source.relations()).length;
    expect(early).toBeGreaterThan(0);
    expect(later).toBeGreaterThan(early);
  });
});

describe("simulated supply chain: weights", () => {
  it("gives both shares, each in (0, 1)", () => {
    for (const r of relations) {
      for (const share of [r.customerCostShare, r.supplierRevenueShare]) {
        expect(share).not.toBeNull();
        expect(
          (share as number) > 0 && (share as number) < 1,
          `${r.supplierId}>${r.customerId}`,
        ).toBe(true);
      }
    }
  });

  it("keeps a customer's cost shares within 85 % and a supplier's revenue shares within 90 %", () => {
    const costs = sumBy(
      relations,
      (r) => r.customerId,
      (r) => r.customerCostShare as number,
    );
    const revenues = sumBy(
      relations,
      (r) => r.supplierId,
      (r) => r.supplierRevenueShare as number,
    );
    for (const [id, sum] of costs) expect(sum, id).toBeLessThanOrEqual(MAX_CUSTOMER_COST_SHARE);
    for (const [id, sum] of revenues)
      expect(sum, id).toBeLessThanOrEqual(MAX_SUPPLIER_REVENUE_SHARE);
    expect(MAX_CUSTOMER_COST_SHARE).toBe(0.85);
    expect(MAX_SUPPLIER_REVENUE_SHARE).toBe(0.9);
  });

  it("derives the revenue share from the cost share and the simulated earnings' revenue", () => {
    for (const stock of LISTED) {
      const economics = chain.economics.get(stock.symbol);
      expect(economics?.revenueUsd).toBeCloseTo(
        4 * stock.sharesOutstanding * stock.price * 0.06,
        -3,
      );
      const margin = GROSS_MARGIN[stock.industry] as number;
      expect(economics?.costOfRevenueUsd).toBeCloseTo(
        (economics?.revenueUsd ?? 0) * (1 - margin),
        -3,
      );
    }
    for (const r of relations) {
      const customer = chain.economics.get(r.customerId);
      const supplier = chain.economics.get(r.supplierId);
      if (!customer || !supplier)
        throw new Error(`no economics for ${r.supplierId}>${r.customerId}`);
      const expected =
        ((r.customerCostShare as number) * customer.costOfRevenueUsd) / supplier.revenueUsd;
      expect(
        Math.abs((r.supplierRevenueShare as number) / expected - 1),
        `${r.supplierId}>${r.customerId}`,
      ).toBeLessThan(2e-3);
    }
  });

  it("makes foundry wafers a large part of a chip designer's costs and power a small part of a cloud's", () => {
    const wafers = relations.filter(
      (r) => r.product === "foundry wafers" && r.customerId === "NVDA",
    );
    const waferShare = wafers.reduce((sum, r) => sum + (r.customerCostShare as number), 0);
    expect(waferShare).toBeGreaterThan(0.1);
    const power = relations.filter(
      (r) => r.product === "electric power for data centres" && r.customerId === "MSFT",
    );
    for (const r of power) expect(r.customerCostShare as number).toBeLessThan(0.02);
  });
});

describe("simulated supply chain: plausibility", () => {
  it("draws every relation from a rule naming its supplier, customer and product", () => {
    for (const r of relations) {
      const rule = SUPPLY_RULES.find(
        (x) =>
          x.product === r.product &&
          x.suppliers.includes(r.supplierId) &&
          x.customers.includes(r.customerId),
      );
      expect(rule, `${r.supplierId}>${r.customerId} ${r.product}`).toBeDefined();
    }
    expect(new Set(SUPPLY_RULES.map((rule) => rule.id)).size).toBe(SUPPLY_RULES.length);
  });

  it("has every equipment maker supply a chip maker", () => {
    for (const maker of ["AMAT", "LRCX", "KLAC"]) {
      const customers = customersOf(maker);
      expect(customers.length, maker).toBeGreaterThan(0);
      for (const r of customers)
        expect(industryOf(r.customerId)).toBe("Semiconductors & Semiconductor Equipment");
    }
  });

  it("has chip designers buy foundry wafers from Asian foundries, and sell to hardware and clouds", () => {
    for (const designer of ["NVDA", "AMD", "QCOM", "AVGO"]) {
      const foundries = suppliersOf(designer).filter((r) => r.product === "foundry wafers");
      expect(foundries.length, designer).toBeGreaterThan(0);
      for (const r of foundries) {
        const foundry = UNLISTED_COMPANIES.find((c) => c.companyId === r.supplierId);
        expect(["TW", "KR", "SG"]).toContain(foundry?.country);
      }
    }
    const buyers = new Set(customersOf("NVDA").map((r) => r.customerId));
    expect(
      ["DELL", "SMCI", "MSFT", "GOOGL", "META", "AMZN", "ORCL"].every((id) => buyers.has(id)),
    ).toBe(true);
  });

  it("has retailers buy from consumer brands, and the pharmacy chain sell no tobacco", () => {
    const brands = new Set(["KO", "PEP", "PG", "MDLZ", "PM", "MO", "NKE"]);
    for (const retailer of ["WMT", "COST", "TGT", "AMZN"]) {
      const suppliers = suppliersOf(retailer).map((r) => r.supplierId);
      expect(
        suppliers.some((id) => brands.has(id)),
        retailer,
      ).toBe(true);
    }
    expect(suppliersOf("CVS").some((r) => r.supplierId === "PM" || r.supplierId === "MO")).toBe(
      false,
    );
  });

  it("has the airline buy fuel from oil companies and aircraft or engines from aerospace", () => {
    const suppliers = suppliersOf("DAL");
    expect(
      suppliers.some(
        (r) =>
          industryOf(r.supplierId) === "Oil, Gas & Consumable Fuels" && r.product === "jet fuel",
      ),
    ).toBe(true);
    expect(suppliers.some((r) => industryOf(r.supplierId) === "Aerospace & Defense")).toBe(true);
  });

  it("has drugmakers sell to pharmacies, insurers' pharmacies or wholesalers", () => {
    for (const drugmaker of [
      "JNJ",
      "MRK",
      "LLY",
      "PFE",
      "BMY",
      "ABBV",
      "AMGN",
      "GILD",
      "VRTX",
      "MRNA",
    ]) {
      const customers = customersOf(drugmaker).filter((r) => r.product === "prescription drugs");
      expect(customers.length, drugmaker).toBeGreaterThan(0);
      for (const r of customers)
        expect(industryOf(r.customerId)).toBe("Health Care Providers & Services");
    }
  });

  it("has no bank supply anyone, and no financial company supply a chip maker, a miner or an oil company", () => {
    for (const r of relations) {
      expect(industryOf(r.supplierId), `${r.supplierId}>${r.customerId}`).not.toBe("Banks");
      if (sectorOf(r.supplierId) !== "Financials") continue;
      const industries = [
        "Semiconductors & Semiconductor Equipment",
        "Metals & Mining",
        "Oil, Gas & Consumable Fuels",
      ];
      expect(industries).not.toContain(industryOf(r.customerId));
    }
  });

  it("has utilities sell only power and REITs only space", () => {
    for (const r of relations) {
      if (sectorOf(r.supplierId) === "Utilities") expect(r.product).toMatch(/power/);
      if (sectorOf(r.supplierId) === "Real Estate")
        expect(r.product).toMatch(/lease|colocation|sites/);
    }
  });

  it("states a gross margin for every industry in the chain", () => {
    for (const r of relations)
      for (const id of [r.supplierId, r.customerId])
        expect(GROSS_MARGIN[industryOf(id) as string], id).toBeDefined();
  });
});

describe("simulated supply chain: coverage", () => {
  it("puts every stock of the universe in at least one relation (funds have none)", () => {
    const named = new Set(relations.flatMap((r) => [r.supplierId, r.customerId]));
    const missing = LISTED.filter((stock) => !named.has(stock.symbol)).map((stock) => stock.symbol);
    expect(missing).toEqual([]);
    const funds = STOCKS.filter((stock) => stock.type === "ETF").map((fund) => fund.symbol);
    for (const fund of funds) expect(named.has(fund), fund).toBe(false);
  });

  it("gives every unlisted company at least one relation, 60-120 of them", () => {
    expect(chain.unlisted.length).toBe(UNLISTED_COMPANIES.length);
    expect(chain.unlisted.length).toBeGreaterThanOrEqual(60);
    expect(chain.unlisted.length).toBeLessThanOrEqual(120);
    const named = new Set(relations.flatMap((r) => [r.supplierId, r.customerId]));
    for (const company of UNLISTED_COMPANIES)
      expect(named.has(company.companyId), company.companyId).toBe(true);
  });
});

describe("simulated supply chain: fictional unlisted companies", () => {
  /** Well-known real suppliers, manufacturers and distributors, matched as whole words. */
  const REAL = [
    ...["TSMC", "Taiwan Semiconductor", "Foxconn", "Hon Hai", "Samsung", "SK Hynix", "Hynix"],
    ...["Pegatron", "Luxshare", "BOE", "LG", "Sony", "Murata", "ASML", "Tokyo Electron"],
    ...["Bosch", "Denso", "Cargill", "Archer Daniels", "ADM", "Tate & Lyle", "Amcor", "Ball"],
    ...["Crown", "DHL", "Maersk", "Flex", "Jabil", "Celestica", "Sanmina", "Wistron"],
    ...["Quanta", "Compal", "Inventec", "Kioxia", "Micron", "Western Digital", "GlobalFoundries"],
    ...["UMC", "SMIC", "Amkor", "ASE", "Shin-Etsu", "SUMCO", "Siltronic", "GlobalWafers", "JSR"],
    ...["Sharp", "AUO", "Innolux", "Corning", "TDK", "Kyocera", "Yageo", "Largan", "Sunny Optical"],
    ...["Nokia", "Ericsson", "Huawei", "ZTE", "Xiaomi", "Oppo", "Vivo", "Lenovo", "Nintendo"],
    ...["Ubisoft", "Electronic Arts", "CATL", "BYD", "Panasonic", "Continental", "Magna", "Aptiv"],
    ...["Valeo", "Aisin", "ZF", "Michelin", "Bridgestone", "Goodyear", "Nucor", "POSCO"],
    ...["ArcelorMittal", "Nippon Steel", "Alcoa", "Rio Tinto", "Norsk Hydro", "Howmet", "Lynas"],
    ...["MP Materials", "Prysmian", "Nexans", "Southwire", "Valcambi", "PAMP", "Orica", "Chemours"],
    ...[
      "Tronox",
      "BASF",
      "Dow",
      "Evonik",
      "Croda",
      "Lonza",
      "Catalent",
      "WuXi",
      "Ball Corporation",
    ],
    ...["Berry", "Tetra Pak", "Smurfit", "WestRock", "International Paper", "Stora Enso", "Suzano"],
    ...[
      "Barry Callebaut",
      "Olam",
      "Nestle",
      "Nestlé",
      "Bunge",
      "Louis Dreyfus",
      "Givaudan",
      "Firmenich",
    ],
    ...[
      "Symrise",
      "Fonterra",
      "Tyson",
      "JBS",
      "Sysco",
      "US Foods",
      "Universal",
      "Pyxus",
      "Pou Chen",
    ],
    ...["Yue Yuen", "Feng Tay", "Shenzhou", "Li & Fung", "7-Eleven", "Circle K", "Tesco", "Kroger"],
    ...["Dick's", "Foot Locker", "McKesson", "Cencora", "AmerisourceBergen", "Cardinal", "HCA"],
    ...["Kaiser", "Ascension", "Fujifilm", "Sun Pharma", "Dr. Reddy", "Aurobindo", "Medline"],
    ...["Valero", "Marathon", "Phillips 66", "Reliance", "Ryanair", "Aer Lingus", "Emirates"],
    ...["Etihad", "Singapore Airlines", "Lufthansa", "Hertz", "Avis", "Enterprise", "Manheim"],
    ...["Copart", "Navy Federal", "Deere", "Sportradar", "Genius Sports", "Gate Gourmet", "LSG"],
    ...[
      "Kuehne",
      "DSV",
      "FedEx",
      "Expeditors",
      "XPO",
      "J.B. Hunt",
      "Siemens",
      "Vestas",
      "GE Vernova",
    ],
    ...["First Solar", "LONGi", "Jinko", "Hitachi", "ABB", "Schneider", "Eaton", "Warner Bros"],
    ...["Lionsgate", "Paramount", "Universal Pictures", "Fremantle", "Banijay", "CJ ENM"],
    ...["Stanley Black", "Makita", "Techtronic", "Weyerhaeuser", "West Fraser", "Canfor"],
    ...["Wal-Mart", "Delta", "Hyundai", "Toyota", "Mitsubishi", "Intel", "Apple", "Microsoft"],
  ];
  const containsWord = (name: string, word: string) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`, "i").test(name);
  };

  it("invents names that are no well-known real company", () => {
    const clashes = UNLISTED_COMPANIES.flatMap((company) =>
      REAL.filter((real) => containsWord(company.name, real)).map(
        (real) => `${company.name} ~ ${real}`,
      ),
    );
    expect(clashes).toEqual([]);
    // The check itself catches a real name inside a longer one, and ignores case.
    expect(containsWord("Pacific Foxconn Assembly", "Foxconn")).toBe(true);
    expect(containsWord("Hanul lg Displays", "LG")).toBe(true);
    expect(containsWord("Bulgarian Optics", "LG")).toBe(false);
  });

  it("keys unlisted companies by unique lower-case slugs, never a ticker, with ISO countries", () => {
    const ids = UNLISTED_COMPANIES.map((c) => c.companyId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(UNLISTED_COMPANIES.map((c) => c.name)).size).toBe(ids.length);
    const tickers = new Set(STOCKS.map((stock) => stock.symbol.toLowerCase()));
    const universeNames = new Set(STOCKS.map((stock) => stock.name.toLowerCase()));
    for (const company of UNLISTED_COMPANIES) {
      expect(company.companyId).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(company.companyId).toContain("-");
      expect(tickers.has(company.companyId)).toBe(false);
      expect(universeNames.has(company.name.toLowerCase())).toBe(false);
      expect(company.country).toMatch(/^[A-Z]{2}$/);
      expect(company.sector.length).toBeGreaterThan(3);
    }
    // The API's view carries no rule-building fields.
    for (const company of chain.unlisted)
      expect(Object.keys(company).sort()).toEqual([
        "companyId",
        "country",
        "industry",
        "name",
        "sector",
      ]);
  });
});
