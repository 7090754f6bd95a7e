import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  isShareHolding,
  parseInformationTable,
  parseThirteenFCover,
  parseThirteenFSubmission,
  THIRTEEN_F_DOLLARS_SINCE,
  valueInDollars,
} from "../../../lib/graph/adapters/edgar-13f";

/**
 * The 13F parser on two recorded full submissions (test/fixtures/edgar/SOURCES.md), each checked
 * against the market: a line's value over its shares is the quarter-end close.
 * - 13f-0001894188-23-000007.txt: LTS One Management, period 2023-09-30, filed 2023-11-14, VALUE
 *   in whole dollars (AMZN 137,500 shares at $127.12 = $17,479,000).
 * - 13f-0001619124-21-000002.txt: ACTIAM N.V., period 2020-12-31, filed 2021-02-12, VALUE in
 *   thousands (AAPL 1,733,777 shares at $132.69 ≈ $230,054 thousand).
 */

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/edgar/${name}`, import.meta.url), "utf8");
}

const LTS = fixture("13f-0001894188-23-000007.txt");
const ACTIAM = fixture("13f-0001619124-21-000002.txt");

describe("parseThirteenFSubmission", () => {
  it("reads a 2023 filing's header, cover and table in whole dollars", () => {
    const filing = parseThirteenFSubmission(LTS);
    expect(filing).toMatchObject({
      accessionNumber: "0001894188-23-000007",
      form: "13F-HR",
      filingDate: "2023-11-14",
      cover: {
        periodOfReport: "2023-09-30",
        reportType: "13F HOLDINGS REPORT",
        managerName: "LTS One Management LP",
        managerCity: "NEW YORK, NY",
        tableValueTotal: 454926000,
      },
    });
    expect(filing?.lines).toHaveLength(14);
    const amazon = filing?.lines.find((line) => line.cusip === "023135106");
    expect(amazon).toEqual({
      nameOfIssuer: "AMAZON COM INC",
      titleOfClass: "COM",
      cusip: "023135106",
      valueUsd: 17_479_000,
      amount: 137_500,
      amountType: "SH",
      putCall: null,
      investmentDiscretion: "SOLE",
      voting: { sole: 137_500, shared: 0, none: 0 },
    });
    // Dollars: the value per share is Amazon's close on 2023-09-29, $127.12.
    expect((amazon?.valueUsd ?? 0) / (amazon?.amount ?? 1)).toBeCloseTo(127.12, 2);
    // The cover's total is the sum of the lines, in the same unit.
    const total = filing?.lines.reduce((sum, line) => sum + line.valueUsd, 0);
    expect(total).toBe(454_926_000);
    expect(filing?.lines.find((line) => line.cusip === "459506101")?.nameOfIssuer).toBe(
      "INTERNATIONAL FLAVORS&FRAGRA",
    );
  });

  it("converts a pre-2023 filing's thousands to whole dollars", () => {
    const filing = parseThirteenFSubmission(ACTIAM);
    expect(filing).toMatchObject({
      accessionNumber: "0001619124-21-000002",
      filingDate: "2021-02-12",
      cover: { periodOfReport: "2020-12-31", managerName: "ACTIAM N.V.", tableValueTotal: 732158 },
    });
    const apple = filing?.lines.find((line) => line.cusip === "037833100");
    expect(apple).toMatchObject({ nameOfIssuer: "APPLE INC", amount: 1_733_777 });
    // Filed as 230054 (thousands): $230,054,000; per share Apple's 2020-12-31 close, $132.69.
    expect(apple?.valueUsd).toBe(230_054_000);
    expect((apple?.valueUsd ?? 0) / (apple?.amount ?? 1)).toBeCloseTo(132.69, 1);
    const total = filing?.lines.reduce((sum, line) => sum + line.valueUsd, 0);
    expect(total).toBe((filing?.cover.tableValueTotal ?? 0) * 1000);
    expect(filing?.lines.map((line) => line.nameOfIssuer)).toEqual([
      "APPLE INC",
      "ALPHABET INC",
      "ALPHABET INC",
      "MICROSOFT CORP",
      "AMAZON.COM INC",
    ]);
  });

  it("rejects what is not a 13F submission", () => {
    expect(parseThirteenFSubmission("")).toBeUndefined();
    expect(
      parseThirteenFSubmission("<html>Request Rate Threshold Exceeded</html>"),
    ).toBeUndefined();
    expect(
      parseThirteenFSubmission(LTS.replace("SUBMISSION TYPE:\t13F-HR", "SUBMISSION TYPE:\t4")),
    ).toBeUndefined();
  });
});

describe("the information table", () => {
  const table = LTS.slice(
    LTS.indexOf("<?xml", LTS.indexOf("INFORMATION TABLE")),
    LTS.lastIndexOf("</XML>"),
  );

  it("decides the unit by the filing date: thousands before 2023-01-03, dollars from it", () => {
    expect(THIRTEEN_F_DOLLARS_SINCE).toBe("2023-01-03");
    expect(valueInDollars(17_479, "2023-01-02")).toBe(17_479_000);
    expect(valueInDollars(17_479_000, "2023-01-03")).toBe(17_479_000);
    const asIfEarlier = parseInformationTable(table, "2022-11-14");
    expect(asIfEarlier?.[0]?.valueUsd).toBe(17_479_000_000);
  });

  it("keeps principal and option lines, flagged, out of share holdings", () => {
    // The recorded Amazon line as a call option, and as a bond position (principal amount).
    const call = table.replace(
      "<ns1:sshPrnamtType>SH</ns1:sshPrnamtType>\n\t\t</ns1:shrsOrPrnAmt>",
      "<ns1:sshPrnamtType>SH</ns1:sshPrnamtType>\n\t\t</ns1:shrsOrPrnAmt>\n\t\t<ns1:putCall>Call</ns1:putCall>",
    );
    const principal = table.replace(
      "<ns1:sshPrnamtType>SH</ns1:sshPrnamtType>",
      "<ns1:sshPrnamtType>PRN</ns1:sshPrnamtType>",
    );
    const [callLine] = parseInformationTable(call, "2023-11-14") ?? [];
    const [bondLine] = parseInformationTable(principal, "2023-11-14") ?? [];
    expect(callLine).toMatchObject({ putCall: "Call", amountType: "SH" });
    expect(bondLine).toMatchObject({ putCall: null, amountType: "PRN" });
    expect([callLine, bondLine].map((line) => line && isShareHolding(line))).toEqual([
      false,
      false,
    ]);
    expect(parseInformationTable(table, "2023-11-14")?.every(isShareHolding)).toBe(true);
  });

  it("reads an unprefixed namespace too, and skips a line it cannot summarise", () => {
    const plain = table.replace(/ns1:/g, "").replace("xmlns:ns1=", "xmlns=");
    expect(parseInformationTable(plain, "2023-11-14")).toHaveLength(14);
    const noValue = table.replace("<ns1:value>17479000</ns1:value>", "");
    expect(parseInformationTable(noValue, "2023-11-14")).toHaveLength(13);
    expect(parseInformationTable("<edgarSubmission/>", "2023-11-14")).toBeUndefined();
  });

  it("reads the cover's period from MM-DD-YYYY", () => {
    const cover = LTS.slice(LTS.indexOf("<?xml"), LTS.indexOf("</XML>"));
    expect(parseThirteenFCover(cover)?.periodOfReport).toBe("2023-09-30");
    expect(parseThirteenFCover(table)).toBeUndefined();
  });
});
