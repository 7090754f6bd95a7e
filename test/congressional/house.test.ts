import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CONGRESSIONAL_EXAMPLES } from "../../lib/api/examples/congressional";
import { createHouseCongress } from "../../lib/congressional/adapters/house";
import {
  HouseIndexFormatError,
  parseHouseIndex,
} from "../../lib/congressional/adapters/house-index";
import { ZipFormatError, zipEntry, zipEntryNames } from "../../lib/congressional/adapters/zip";
import { CongressionalDataUnavailable } from "../../lib/congressional/ports";
import { pinnedClock } from "../../lib/deps";

/**
 * The House Clerk's disclosure index (CONGRESSIONAL_PROVIDER=house) on a recorded index file
 * written in the Clerk's format (test/fixtures/congressional/2026FD.xml, fictional names),
 * inside a ZIP archive built here as APPNOTE.TXT lays one out; the fetch is the only fake.
 */

const XML = readFileSync(join(import.meta.dirname, "../fixtures/congressional/2026FD.xml"), "utf8");

/** A ZIP archive of `files` (deflated, or stored when `store`), per PKWARE's APPNOTE.TXT. */
function zipOf(files: Record<string, string>, store = false): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text, "utf8");
    const data = store ? raw : deflateRawSync(raw);
    const nameBytes = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(store ? 0 : 8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((total, b) => total + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

describe("the House index parser", () => {
  it("lists the periodic transaction reports with their PDF links", () => {
    const reports = parseHouseIndex(XML);
    expect(reports.map((r) => r.docId)).toEqual(["20099901", "20099903", "20099905"]);
    expect(reports[0]).toEqual({
      docId: "20099901",
      filer: "Hon. Fictional Testington",
      lastName: "Testington",
      firstName: "Fictional",
      state: "CA",
      district: "12",
      filingDate: "2026-11-20",
      year: 2026,
      url: "https://disclosures-clerk.house.gov/public_disc/ptr-pdfs/2026/20099901.pdf",
    });
    expect(reports[1]).toMatchObject({ state: "WY", district: "00", filingDate: "2026-10-02" });
  });

  it("refuses a file off the format", () => {
    expect(() => parseHouseIndex("<FinancialDisclosure><Member>")).toThrow(HouseIndexFormatError);
    expect(() => parseHouseIndex("<Other/>")).toThrow(HouseIndexFormatError);
    expect(() => parseHouseIndex(XML.replace("11/20/2026", "2026-11-20"))).toThrow(/FilingDate/);
    expect(() => parseHouseIndex(XML.replace("<DocID>20099901", "<DocID>x"))).toThrow(/DocID/);
  });
});

describe("the ZIP reader", () => {
  it("reads deflated and stored entries by name", () => {
    for (const store of [false, true]) {
      const zip = zipOf({ "2026FD.txt": "Prefix\tLast\n", "2026FD.xml": XML }, store);
      expect(zipEntryNames(zip)).toEqual(["2026FD.txt", "2026FD.xml"]);
      expect(zipEntry(zip, "2026FD.xml")?.toString("utf8")).toBe(XML);
      expect(zipEntry(zip, "2025FD.xml")).toBeUndefined();
    }
    expect(() => zipEntry(Buffer.from("not a zip at all, not even close"), "x")).toThrow(
      ZipFormatError,
    );
  });
});

describe("the House source", () => {
  const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
  const serving = (body: Buffer | null, status = 200) => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(String(url));
      return new Response(body, { status });
    }) as typeof globalThis.fetch;
    return { urls, fetch };
  };

  it("lists the year's reports and answers that it has no transaction rows", async () => {
    const { urls, fetch } = serving(zipOf({ "2026FD.xml": XML }));
    const house = createHouseCongress({ clock, fetch });
    expect((await house.periodicTransactionReports(2026)).length).toBe(3);
    const refused = await house.disclosedTrades("2026-01-01").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CongressionalDataUnavailable);
    const error = refused as CongressionalDataUnavailable;
    expect(error.lacking).toMatch(/transaction rows/);
    // Filed in the 45 days to 2026-11-23: 11/20 and 11/3, not 10/2.
    expect(error.note).toContain(
      "lists 2 periodic transaction reports filed 2026-10-09 to 2026-11-23",
    );
    expect(error.note).toContain("ptr-pdfs/2026/20099901.pdf");
    // The OpenAPI document shows this very answer.
    const shown = CONGRESSIONAL_EXAMPLES["congressional.recent"]?.errors?.[0];
    expect(shown?.details).toBe(
      `${error.note} Retrying will not help; the simulated world supplies them.`,
    );
    expect(urls).toEqual([
      "https://disclosures-clerk.house.gov/public_disc/financial-pdfs/2026FD.zip",
    ]);
  });

  it("is an outage when the Clerk cannot be read", async () => {
    for (const { fetch } of [serving(null, 503), serving(Buffer.from("<html>busy</html>"))]) {
      const refused = await createHouseCongress({ clock, fetch })
        .disclosedTrades("2026-01-01")
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CongressionalDataUnavailable);
      expect((refused as CongressionalDataUnavailable).lacking).toBeUndefined();
    }
  });
});
