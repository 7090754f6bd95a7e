import { describe, expect, it } from "vitest";
import { analyseNews } from "../../../lib/news/analysis/analyse";
import {
  type ClusterDoc,
  clusterIdOf,
  leaderClusters,
} from "../../../lib/news/analysis/clustering";
import type { SourceArticle } from "../../../lib/news/ports";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const T0 = Date.UTC(2026, 3, 21, 11);

/**
 * Stories as three fictional outlets would tell them in their own words, in publication order
 * on one day: [story, tickers, headline, summary]. Same-day stories of the same company
 * (Quantix: earnings, new CFO, dividend; Meridian: earnings, recall) and earnings stories of
 * other companies written alike (Quantix, Harbor Lane, Meridian) must stay apart.
 */
const STORIES: [string, string[], string, string][] = [
  [
    "qtx-earn",
    ["QNTX"],
    "Quantix Semiconductor beats estimates as data-center sales jump 18%",
    "Quantix Semiconductor (NASDAQ: QNTX) earned $1.42 a share in the third quarter, above the $1.30 analysts expected, on revenue of $8.1 billion.",
  ],
  [
    "qtx-earn",
    ["QNTX"],
    "Quantix tops Street forecasts on data-center strength",
    "Chipmaker Quantix posted quarterly EPS of $1.42 against a $1.30 consensus; revenue rose 18% to $8.1 billion.",
  ],
  [
    "qtx-earn",
    ["QNTX"],
    "Quantix shares rise after third-quarter results",
    "Quantix earned $1.42 per share in the quarter, ahead of estimates of $1.30, as sales climbed to $8.1 billion on data-center demand.",
  ],
  [
    "hlf-earn",
    ["HLF"],
    "Harbor Lane Foods misses estimates as ingredient costs bite",
    "Harbor Lane Foods (NYSE: HLF) reported third-quarter earnings of $0.61 a share, short of the $0.68 expected, on revenue of $3.2 billion.",
  ],
  [
    "hlf-earn",
    ["HLF"],
    "Harbor Lane profit falls short as input costs climb",
    "Packaged-food maker Harbor Lane earned 61 cents a share versus a 68-cent consensus; sales were flat at $3.2 billion.",
  ],
  [
    "hlf-earn",
    ["HLF"],
    "Harbor Lane Foods shares slide after quarterly miss",
    "Harbor Lane Foods' third-quarter EPS of $0.61 missed forecasts of $0.68 as higher ingredient costs squeezed margins.",
  ],
  [
    "qtx-cfo",
    ["QNTX"],
    "Quantix Semiconductor names Maria Ellison chief financial officer",
    "Quantix Semiconductor said Maria Ellison, formerly its treasurer, will become CFO on January 1, succeeding the retiring Paul Grant.",
  ],
  [
    "qtx-cfo",
    ["QNTX"],
    "Quantix appoints Ellison as CFO",
    "Chipmaker Quantix picked treasurer Maria Ellison to replace finance chief Paul Grant, who retires at year-end.",
  ],
  [
    "qtx-div",
    ["QNTX"],
    "Quantix Semiconductor declares quarterly dividend of $0.25",
    "The board of Quantix Semiconductor declared a regular quarterly dividend of $0.25 per share, payable March 3 to holders of record on February 10.",
  ],
  [
    "kes-halt",
    ["KEST"],
    "Kestrel Airlines shares halted after 12% drop",
    "Trading in Kestrel Airlines (NYSE: KEST) was paused for volatility after the stock fell 12% in minutes following a report on engine inspections.",
  ],
  [
    "kes-halt",
    ["KEST"],
    "Kestrel Airlines trading briefly halted as stock plunges",
    "Kestrel Airlines stock was halted for five minutes after a 12% slide tied to engine inspection news.",
  ],
  [
    "kes-halt",
    ["KEST"],
    "Volatility pause hits Kestrel after sharp selloff",
    "Shares of Kestrel Airlines tripped a volatility halt, dropping 12% before trading resumed; the airline cited engine inspections.",
  ],
  [
    "cpi",
    [],
    "Consumer prices rise 0.4% in March, hotter than forecast",
    "The consumer price index rose 0.4% last month and 3.5% from a year earlier, above economists' estimates of 0.3% and 3.4%, the Labor Department said.",
  ],
  [
    "cpi",
    [],
    "Inflation runs hotter than expected as CPI climbs 3.5%",
    "Annual consumer inflation accelerated to 3.5% in March from 3.2%, with monthly prices up 0.4%, topping forecasts.",
  ],
  [
    "cpi",
    [],
    "US CPI beats forecasts, complicating Fed rate-cut path",
    "Consumer prices climbed 0.4% in March and 3.5% on the year, ahead of the 3.4% consensus, lowering odds of a June rate cut.",
  ],
  [
    "jobs",
    [],
    "Payrolls rise 275,000 as unemployment holds at 3.9%",
    "Employers added 275,000 jobs in February, more than the 200,000 expected, while the jobless rate stayed at 3.9%.",
  ],
  [
    "jobs",
    [],
    "US economy adds 275,000 jobs, beating estimates",
    "Nonfarm payrolls grew by 275,000 last month, topping forecasts of 200,000; the unemployment rate was 3.9%.",
  ],
  [
    "mer-earn",
    ["MRDN"],
    "Meridian Motors beats estimates as deliveries jump 22%",
    "Meridian Motors (NASDAQ: MRDN) earned $0.88 a share in the third quarter, above the $0.75 analysts expected, on revenue of $5.4 billion.",
  ],
  [
    "mer-earn",
    ["MRDN"],
    "Meridian tops forecasts on record deliveries",
    "Automaker Meridian posted quarterly EPS of $0.88 against a $0.75 consensus; revenue rose 22% to $5.4 billion.",
  ],
  [
    "mer-recall",
    ["MRDN"],
    "Meridian Motors recalls 120,000 SUVs over airbag sensors",
    "Meridian Motors is recalling about 120,000 sport-utility vehicles because a faulty sensor can stop airbags from deploying, regulators said.",
  ],
  [
    "mer-recall",
    ["MRDN"],
    "Meridian to recall 120,000 vehicles for airbag fault",
    "Automaker Meridian will recall roughly 120,000 SUVs to replace airbag sensors that may fail, according to a safety filing.",
  ],
  [
    "sec-semis",
    ["QNTX", "PRGN"],
    "Chip stocks rally as Quantix results lift sector",
    "Semiconductor shares climbed, led by Quantix and Paragon Chips, after Quantix's strong data-center sales eased demand worries.",
  ],
  [
    "prg-down",
    ["PRGN"],
    "Analyst downgrades Paragon Chips to sell on inventory glut",
    "A brokerage cut Paragon Chips (NASDAQ: PRGN) to sell from hold, saying customers are working down excess chip inventories; the price target fell to $38.",
  ],
  [
    "prg-down",
    ["PRGN"],
    "Paragon Chips downgraded to sell as inventories pile up",
    "Paragon Chips was cut to sell at a brokerage that sees excess inventory weighing on orders; it lowered its price target to $38 from $45.",
  ],
];

const NAMES = new Map([
  ["QNTX", ["Quantix Semiconductor Inc.", "Quantix"]],
  ["HLF", ["Harbor Lane Foods, Inc.", "Harbor Lane"]],
  ["KEST", ["Kestrel Airlines, Inc.", "Kestrel"]],
  ["MRDN", ["Meridian Motors Corporation", "Meridian"]],
  ["PRGN", ["Paragon Chips Inc."]],
]);
const OUTLETS = ["meridian-wire", "harbor-daily", "ledger-online"];

function article(index: number, publishedAtMs = T0 + index * 20 * MINUTE_MS): SourceArticle {
  const [story, tickers, headline, summary] = STORIES[index] as [string, string[], string, string];
  return {
    id: `n-${String(index).padStart(4, "0")}`,
    headline,
    summary,
    body: null,
    sourceId: OUTLETS[index % OUTLETS.length] as string,
    url: `https://news.example/${story}/${index}`,
    publishedAtMs,
    tickers,
    topics: [story.split("-")[1] as string],
    category: "corporate",
    author: null,
  };
}

const ARTICLES = STORIES.map((_, index) => article(index));

describe("story clusters (default threshold)", () => {
  const analysis = analyseNews(ARTICLES, { namesByTicker: NAMES });
  const clusterOf = (index: number) => analysis.articleById.get(article(index).id)?.clusterId;

  it("puts the outlets' differently worded articles of a story together, and only those", () => {
    for (let i = 0; i < STORIES.length; i++) {
      for (let j = 0; j < i; j++) {
        const sameStory = STORIES[i]?.[0] === STORIES[j]?.[0];
        expect(clusterOf(i) === clusterOf(j), `${STORIES[j]?.[2]} | ${STORIES[i]?.[2]}`).toBe(
          sameStory,
        );
      }
    }
    expect(analysis.clusters).toHaveLength(new Set(STORIES.map(([story]) => story)).size);
  });

  it("keeps another company's story of the same day apart, however alike the wording", () => {
    // Meridian's earnings read like Quantix's (same figures' template), a few hours later.
    expect(clusterOf(17)).not.toBe(clusterOf(0));
    expect(clusterOf(17)).toBe(clusterOf(18));
  });

  it("keeps the same company's other stories of the day apart", () => {
    expect(new Set([clusterOf(0), clusterOf(6), clusterOf(8), clusterOf(21)]).size).toBe(4);
    expect(clusterOf(19)).not.toBe(clusterOf(17));
  });

  it("names a cluster after its leader, the story's first article", () => {
    expect(clusterOf(0)).toBe("c-0000");
    expect(clusterOf(2)).toBe("c-0000");
    expect(clusterOf(4)).toBe("c-0003");
  });
});

describe("stability", () => {
  it("never moves an earlier article when later ones are appended", () => {
    const full = analyseNews(ARTICLES, { namesByTicker: NAMES });
    for (const cut of [1, 5, 12, 18]) {
      const early = analyseNews(ARTICLES.slice(0, cut), { namesByTicker: NAMES });
      for (const item of early.articles) {
        expect(full.articleById.get(item.id)?.clusterId, `${item.headline} (first ${cut})`).toBe(
          item.clusterId,
        );
      }
    }
  });

  it("does not depend on the input order", () => {
    const reversed = analyseNews(ARTICLES.toReversed(), { namesByTicker: NAMES });
    const forward = analyseNews(ARTICLES, { namesByTicker: NAMES });
    expect(reversed.articles.map((item) => [item.id, item.clusterId])).toEqual(
      forward.articles.map((item) => [item.id, item.clusterId]),
    );
  });
});

describe("leaderClusters", () => {
  const doc = (
    id: string,
    hours: number,
    tickers: string[],
    text: string,
    duplicateOf?: string,
  ): ClusterDoc => ({
    id,
    text,
    timeMs: T0 + hours * HOUR_MS,
    tickers,
    duplicateOf: duplicateOf ?? null,
  });
  const EVENT = "earned $1.42 a share on revenue of $8.1 billion, above the $1.30 expected";
  const SAME_EVENT = "posted EPS of $1.42 against $1.30 expected; revenue reached $8.1 billion";

  it("joins a cluster only while its leader is at most 72 hours older", () => {
    const joined = leaderClusters(
      [doc("n-a", 0, ["QNTX"], EVENT), doc("n-b", 71, ["QNTX"], SAME_EVENT)],
      { threshold: 0.25 },
    );
    expect(joined.get("n-b")).toBe("c-a");
    const apart = leaderClusters(
      [doc("n-a", 0, ["QNTX"], EVENT), doc("n-b", 73, ["QNTX"], SAME_EVENT)],
      { threshold: 0.25 },
    );
    expect(apart.get("n-b")).toBe("c-b");
  });

  it("measures the window from the leader, not from the cluster's latest member", () => {
    const clusters = leaderClusters(
      [
        doc("n-a", 0, ["QNTX"], EVENT),
        doc("n-b", 60, ["QNTX"], SAME_EVENT),
        doc("n-c", 100, ["QNTX"], SAME_EVENT),
      ],
      { threshold: 0.25 },
    );
    expect(clusters.get("n-b")).toBe("c-a");
    expect(clusters.get("n-c")).toBe("c-c");
  });

  it("keeps stories of companies with no ticker in common apart, and takes a shared-ticker bonus", () => {
    const options = { threshold: 0.5, tickerBonus: 0.1 };
    const docs = [
      doc("n-a", 0, ["QNTX"], EVENT),
      doc("n-b", 1, ["MRDN"], EVENT),
      doc("n-c", 2, [], EVENT),
    ];
    const clusters = leaderClusters(docs, options);
    expect(clusters.get("n-b")).toBe("c-b");
    // No tickers: a market story may join any cluster.
    expect(clusters.get("n-c")).toBe("c-a");
  });

  it("puts a near-duplicate in its original's cluster whatever the similarity", () => {
    const clusters = leaderClusters(
      [
        doc("n-a", 0, ["QNTX"], EVENT),
        doc("n-b", 1, ["QNTX"], "completely different words here", "n-a"),
      ],
      { threshold: 0.99 },
    );
    expect(clusters.get("n-b")).toBe("c-a");
  });

  it("handles no documents", () => {
    expect(leaderClusters([], { threshold: 0.25 }).size).toBe(0);
  });

  it("derives a cluster id from the leader's id", () => {
    expect(clusterIdOf("n-3f9a1c0b2e")).toBe("c-3f9a1c0b2e");
    expect(clusterIdOf("edgar-0001")).toBe("c-edgar-0001");
  });
});
