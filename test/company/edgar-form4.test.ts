import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseForm4 } from "../../lib/company/adapters/edgar-form4";
import type { InsiderTransaction } from "../../lib/company/ports";

/**
 * The Form 4 parser on recorded ownershipDocument XMLs (test/fixtures/edgar), one per kind of
 * transaction, every value traced to the filing:
 * - form4-aapl-0000320193-22-000061.xml: open-market sales (S) by an officer (Apple, 2022).
 * - form4-snow-0001213900-22-069931.xml: an option exercise (M) and same-day sales (S), with
 *   holdings lines that are not transactions (Snowflake, 2022).
 * - form4-pmn-0001104659-25-095035.xml: a purchase (P) of a warrant by a 10% owner, and warrant
 *   exercises (X) whose prices are given by footnote only (ProMIS Neurosciences, 2025).
 * - form4-msft-director-grant.xml: restricted stock unit grants (A) to a director, fractional
 *   units at price 0 (Microsoft, 2022).
 */

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/edgar/${name}`, import.meta.url), "utf8");
}

const AAPL = fixture("form4-aapl-0000320193-22-000061.xml");
const SNOW = fixture("form4-snow-0001213900-22-069931.xml");
const PMN = fixture("form4-pmn-0001104659-25-095035.xml");
const MSFT = fixture("form4-msft-director-grant.xml");

type Line = [
  code: string,
  derivative: boolean,
  shares: number,
  price: number | null,
  acquiredDisposed: string,
  ownedAfter: number | null,
  ownership: string,
];

function lines(transactions: InsiderTransaction[] | undefined): Line[] | undefined {
  return transactions?.map((t) => [
    t.code,
    t.derivative,
    t.shares,
    t.pricePerShare,
    t.acquiredDisposed,
    t.sharesOwnedAfter,
    t.ownership,
  ]);
}

describe("parseForm4", () => {
  it("reads an officer's open-market sales (S)", () => {
    const form = parseForm4(AAPL);
    expect(form?.issuerCik).toBe("0000320193");
    expect(form?.documentType).toBe("4");
    expect(form?.insider.ownerName).toBe("Adams Katherine L.");
    expect(form?.insider.ownerCik).toBe("0001462356");
    expect(form?.insider.relationship).toEqual({
      isDirector: false,
      isOfficer: true,
      officerTitle: "SVP, GC and Secretary",
      isTenPercentOwner: false,
      otherText: null,
    });
    expect(lines(form?.insider.transactions)).toEqual([
      ["S", false, 9136, 159.94, "D", 468198, "D"],
      ["S", false, 5316, 160.82, "D", 462882, "D"],
      ["S", false, 4006, 161.93, "D", 458876, "D"],
      ["S", false, 900, 162.77, "D", 457976, "D"],
      ["S", false, 1550, 163.94, "D", 456426, "D"],
      ["S", false, 1800, 165.06, "D", 454626, "D"],
      ["S", false, 2292, 165.95, "D", 452334, "D"],
    ]);
    expect(form?.insider.transactions[0]).toMatchObject({
      securityTitle: "Common Stock",
      transactionDate: "2022-05-04",
    });
  });

  it("reads an option exercise (M) with same-day sales and skips holdings", () => {
    const form = parseForm4(SNOW);
    expect(form?.issuerCik).toBe("0001640147");
    expect(form?.insider.ownerName).toBe("Scarpelli Michael");
    expect(form?.insider.ownerCik).toBe("0001402349");
    expect(form?.insider.relationship).toEqual({
      isDirector: false,
      isOfficer: true,
      officerTitle: "Chief Financial Officer",
      isTenPercentOwner: false,
      otherText: null,
    });
    expect(lines(form?.insider.transactions)).toEqual([
      ["M", false, 200000, 8.88, "A", 301097, "D"],
      ["S", false, 73170, 150.841, "D", 227927, "D"],
      ["S", false, 74907, 151.814, "D", 153020, "D"],
      ["S", false, 41986, 152.655, "D", 111034, "D"],
      ["S", false, 5496, 153.872, "D", 105538, "D"],
      ["S", false, 4441, 154.76, "D", 101097, "D"],
      ["M", true, 200000, 0, "A", 2219299, "D"],
    ]);
    // Eight nonDerivativeHolding lines (indirect holdings) are positions, not transactions.
    expect(SNOW.match(/<nonDerivativeHolding>/g)).toHaveLength(8);
    const option = form?.insider.transactions.at(-1);
    expect(option).toMatchObject({
      securityTitle: "Stock Option (Right to Buy)",
      transactionDate: "2022-12-13",
    });
  });

  it("reads a 10% owner's purchase (P) and footnote-only prices as null", () => {
    const form = parseForm4(PMN);
    expect(form?.issuerCik).toBe("0001374339");
    expect(form?.insider.ownerName).toBe("Jeremy M. Sclar 2012 Irrevocable Family Trust");
    expect(form?.insider.ownerCik).toBe("0002089163");
    expect(form?.insider.relationship).toEqual({
      isDirector: false,
      isOfficer: false,
      officerTitle: null,
      isTenPercentOwner: true,
      otherText: null,
    });
    expect(lines(form?.insider.transactions)).toEqual([
      ["X", false, 697674, null, "A", 2315111, "D"],
      ["X", false, 697674, null, "A", 3012785, "D"],
      ["X", false, 697674, null, "A", 3710459, "D"],
      ["X", true, 697674, 0, "D", 0, "D"],
      ["X", true, 697674, 0, "D", 0, "D"],
      ["X", true, 697674, 0, "D", 0, "D"],
      ["P", true, 3139533, null, "A", 3139533, "D"],
    ]);
    expect(form?.insider.transactions.at(-1)).toMatchObject({
      securityTitle: "Warrant to Purchase Common Shares",
      transactionDate: "2025-07-29",
    });
  });

  it("reads a director's unit grants (A) with fractional units", () => {
    const form = parseForm4(MSFT);
    expect(form?.issuerCik).toBe("0000789019");
    expect(form?.insider.ownerName).toBe("THOMPSON JOHN WENDELL");
    expect(form?.insider.relationship).toEqual({
      isDirector: true,
      isOfficer: false,
      officerTitle: null,
      isTenPercentOwner: false,
      otherText: null,
    });
    expect(lines(form?.insider.transactions)).toEqual([
      ["A", true, 61.569, 0, "A", 26356.605, "D"],
      ["A", true, 95.425, 0, "A", 40850.153, "D"],
    ]);
    expect(form?.insider.transactions[0]?.securityTitle).toBe("Restricted Stock Units");
  });

  it("reads true/false booleans, entities and an 'other' relationship", () => {
    // The SNOW filing with the relationship written in the schema's other boolean spelling.
    const variant = SNOW.replace("<isDirector>0</isDirector>", "<isDirector>true</isDirector>")
      .replace("<isOfficer>1</isOfficer>", "<isOfficer>false</isOfficer>")
      .replace("<isOther>0</isOther>", "<isOther>1</isOther>")
      .replace("<otherText/>", "<otherText>Member &amp; Trustee</otherText>")
      .replace(
        "<officerTitle>Chief Financial Officer</officerTitle>",
        "<officerTitle></officerTitle>",
      );
    expect(parseForm4(variant)?.insider.relationship).toEqual({
      isDirector: true,
      isOfficer: false,
      officerTitle: null,
      isTenPercentOwner: false,
      otherText: "Member & Trustee",
    });
  });

  it("takes the first of several reporting owners", () => {
    // A fictional joint filer added after the recorded owner.
    const second = `<reportingOwner><reportingOwnerId><rptOwnerCik>0009999999</rptOwnerCik>
      <rptOwnerName>Example Holdings LP</rptOwnerName></reportingOwnerId>
      <reportingOwnerRelationship><isTenPercentOwner>1</isTenPercentOwner></reportingOwnerRelationship>
      </reportingOwner>`;
    const joint = PMN.replace("</reportingOwner>", `</reportingOwner>${second}`);
    expect(joint.match(/<reportingOwner>/g)).toHaveLength(2);
    expect(parseForm4(joint)?.insider.ownerName).toBe(
      "Jeremy M. Sclar 2012 Irrevocable Family Trust",
    );
  });

  it("skips a line it cannot summarise and rejects what is not an ownership document", () => {
    const noShares = AAPL.replace(
      /<transactionShares>\s*<value>9136<\/value>/,
      '<transactionShares><footnoteId id="F9"/>',
    );
    expect(parseForm4(noShares)?.insider.transactions).toHaveLength(6);
    expect(parseForm4("<html><body>Request Rate Threshold Exceeded</body></html>")).toBeUndefined();
    expect(parseForm4("")).toBeUndefined();
    expect(parseForm4("<ownershipDocument><issuer/></ownershipDocument>")).toBeUndefined();
  });
});

/**
 * The Rule 10b5-1 box and amendments (recorded, test/fixtures/edgar/SOURCES.md):
 * - form4-bdx-0001628280-25-058843.xml: a Becton Dickinson officer's sale under a 10b5-1 plan
 *   (aff10b5One = 1), 2025.
 * - form4a-panw-eschenbach.xml: a Palo Alto Networks director's 4/A (X0306 schema, before the
 *   box existed), amending the form filed 2021-12-15.
 */
describe("parseForm4: the 10b5-1 box and amendments", () => {
  const BDX = fixture("form4-bdx-0001628280-25-058843.xml");
  const PANW_4A = fixture("form4a-panw-eschenbach.xml");

  it("reads aff10b5One = 1 as a trade under a plan", () => {
    const form = parseForm4(BDX);
    expect(form?.documentType).toBe("4");
    expect(form?.tradingPlan).toBe(true);
    expect(form?.insider.tradingPlan).toBe(true);
    expect(form?.dateOfOriginalSubmission).toBeNull();
    expect(form?.insider.ownerName).toBe("Feld Michael");
    expect(lines(form?.insider.transactions)).toEqual([["S", false, 74, 196.08, "D", 16506, "D"]]);
  });

  it("reads the box as filed (0/false) and as null when the form predates it", () => {
    expect(parseForm4(BDX.replace("<aff10b5One>1<", "<aff10b5One>0<"))?.tradingPlan).toBe(false);
    expect(parseForm4(BDX.replace("<aff10b5One>1<", "<aff10b5One>false<"))?.tradingPlan).toBe(
      false,
    );
    // The 2022 Apple and Snowflake forms have no aff10b5One element.
    expect(AAPL).not.toContain("aff10b5One");
    expect(parseForm4(AAPL)?.tradingPlan).toBeNull();
    expect(parseForm4(SNOW)?.insider.tradingPlan).toBeNull();
  });

  it("reads a 4/A: its type, the original's filing date and its restated lines", () => {
    const form = parseForm4(PANW_4A);
    expect(form?.documentType).toBe("4/A");
    expect(form?.dateOfOriginalSubmission).toBe("2021-12-15");
    expect(form?.insider.originalFilingDate).toBe("2021-12-15");
    expect(form?.tradingPlan).toBeNull();
    expect(form?.issuerCik).toBe("0001327567");
    expect(form?.insider).toMatchObject({
      ownerName: "Eschenbach Carl M.",
      ownerCik: "0001409324",
      relationship: { isDirector: true, isOfficer: false, isTenPercentOwner: false },
    });
    expect(lines(form?.insider.transactions)).toEqual([["A", false, 661, 0, "A", 7448, "D"]]);
    expect(parseForm4(AAPL)?.dateOfOriginalSubmission).toBeNull();
  });
});
