import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  isoFromDataset,
  parseInsiderDatasets,
  parseTsv,
} from "../../../lib/graph/adapters/edgar-insider-datasets";

/**
 * The insider transaction data sets parser on rows of the SEC's 2024 Q3 files
 * (test/fixtures/edgar/insider-datasets-2024q3, SOURCES.md says where each row comes from):
 * SUBMISSION.tsv and DERIV_TRANS.tsv rows as published; REPORTINGOWNER.tsv's five rows as a
 * notebook printed them; NONDERIV_TRANS.tsv the published header with no rows.
 */

function dataset(name: string): string {
  return readFileSync(
    new URL(`../../fixtures/edgar/insider-datasets-2024q3/${name}`, import.meta.url),
    "utf8",
  );
}

const FILES = {
  submission: dataset("SUBMISSION.tsv"),
  reportingOwner: dataset("REPORTINGOWNER.tsv"),
  nonDerivativeTransactions: dataset("NONDERIV_TRANS.tsv"),
  derivativeTransactions: dataset("DERIV_TRANS.tsv"),
};

describe("parseInsiderDatasets", () => {
  it("joins transactions to their submission and owner by accession number", () => {
    const trades = parseInsiderDatasets(FILES);
    // Eight DERIV_TRANS rows: six of Form 4s with an owner row, two of a 4/A without one.
    expect(dataset("DERIV_TRANS.tsv").trim().split("\n")).toHaveLength(9);
    expect(trades.map((t) => [t.symbol, t.accessionNumber, t.securityTitle, t.shares])).toEqual([
      ["MC", "0000950170-24-110521", "2022 Incentive RSUs", 19.82],
      ["MC", "0000950170-24-110521", "2019 Incentive RSUs", 6.28],
      ["MC", "0000950170-24-110521", "2020 Incentive RSUs", 7.27],
      ["MC", "0000950170-24-110521", "2023 Incentive RSUs", 17.02],
      ["MC", "0000950170-24-110521", "2021 Incentive RSUs", 9.43],
      ["LGCY", "0001493152-24-038908", "Option (Right to Buy)", 250000],
    ]);
    expect(trades[5]).toEqual({
      securityTitle: "Option (Right to Buy)",
      derivative: true,
      transactionDate: "2024-09-27",
      code: "A",
      shares: 250000,
      pricePerShare: 0,
      acquiredDisposed: "A",
      sharesOwnedAfter: 250000,
      ownership: "D",
      symbol: "LGCY",
      personCik: "0002034917",
      personName: "Rohmann LeeAnn",
      relationship: {
        isDirector: true,
        isOfficer: true,
        officerTitle: "Chief Executive Officer",
        isTenPercentOwner: true,
        otherText: null,
      },
      tradingPlan: null,
      accessionNumber: "0001493152-24-038908",
      filingDate: "2024-09-30",
      form: "4",
    });
    expect(trades[0]).toMatchObject({
      transactionDate: "2024-09-26",
      personName: "Callesano Christopher",
      relationship: { isOfficer: true, officerTitle: "Principal Accounting Officer" },
      sharesOwnedAfter: 2306.02,
    });
  });

  it("reads non-derivative lines the same way, 4/A as 4/A, and the 10b5-1 column when present", () => {
    // The recorded Moelis RSU line moved into the non-derivative table, the filing marked as an
    // amendment made under a plan (AFF10B5ONE: a column the 2024 Q3 files do not have).
    const line = dataset("DERIV_TRANS.tsv").split("\n")[2] as string;
    const header = dataset("DERIV_TRANS.tsv").split("\n")[0] as string;
    const submission = FILES.submission
      .replace("DOCUMENT_TYPE\tISSUERCIK", "DOCUMENT_TYPE\tISSUERCIK")
      .replace(/^(ACCESSION_NUMBER.*)$/m, "$1\tAFF10B5ONE")
      .replace(
        /^(0000950170-24-110521\t30-SEP-2024\t26-SEP-2024(?:\t[^\t\n]*){5})\t4\t(.*)$/m,
        "$1\t4/A\t$2\t1",
      );
    const trades = parseInsiderDatasets({
      submission,
      reportingOwner: FILES.reportingOwner,
      nonDerivativeTransactions: `${header.replace("DERIV_TRANS_SK", "NONDERIV_TRANS_SK")}\n${line}\n`,
    });
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      derivative: false,
      form: "4/A",
      tradingPlan: true,
      shares: 19.82,
    });
  });

  it("skips Forms 3, filings without an owner row, and lines it cannot summarise", () => {
    const trades = parseInsiderDatasets(FILES);
    // HOV's Form 3s have owners but no trades; DTST's 4/A has trades but no owner row here.
    expect(trades.some((t) => t.symbol === "HOV" || t.symbol === "DTST")).toBe(false);
    const noDate = FILES.derivativeTransactions.replace("27-SEP-2024", "");
    expect(parseInsiderDatasets({ ...FILES, derivativeTransactions: noDate })).toHaveLength(5);
    expect(parseInsiderDatasets({ ...FILES, derivativeTransactions: "" })).toEqual([]);
  });

  it("reads DD-MON-YYYY dates and tab-separated rows by column name", () => {
    expect(isoFromDataset("26-SEP-2024")).toBe("2024-09-26");
    expect(isoFromDataset("2024-09-26")).toBeUndefined();
    expect(isoFromDataset("31-XYZ-2024")).toBeUndefined();
    expect(parseTsv("A\tB\r\n1\t2\r\n3\n")).toEqual([
      { A: "1", B: "2" },
      { A: "3", B: "" },
    ]);
  });
});
