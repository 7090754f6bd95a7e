import { parseXml, XmlElement } from "@rgrove/parse-xml";

/**
 * Form 13F as EDGAR serves it: the information table (XML namespace
 * http://www.sec.gov/edgar/document/thirteenf/informationtable, one `infoTable` per line), the
 * cover (primary document, namespace http://www.sec.gov/edgar/thirteenffiler: period, report
 * type, manager, table total), and the full submission text (`{accession}.txt`) that carries
 * both in one GET.
 *
 * VALUE: the SEC changed its unit on 2023-01-03. Filings made before that day report thousands
 * of dollars, filings on or after it whole dollars; the filing date decides, and every value
 * here is whole USD. (A filer that kept reporting thousands after the change is read as dollars:
 * EDGAR's data carries no unit, so that mistake cannot be told from the value alone.)
 *
 * Every line is returned, with its kind: SH (shares) or PRN (principal amount of debt), and a
 * Put/Call marker for options. Share holdings are the SH lines without Put/Call (`isShareHolding`);
 * callers skip the rest. Namespace prefixes ("ns1:infoTable") are ignored; a line without a
 * name, CUSIP, value or amount is skipped rather than guessed.
 */

/** Filings on or after this day report VALUE in whole dollars; before it, in thousands. */
export const THIRTEEN_F_DOLLARS_SINCE = "2023-01-03";

export interface ThirteenFLine {
  nameOfIssuer: string;
  titleOfClass: string;
  /** 9 characters as filed (upper-cased). */
  cusip: string;
  /** Market value at the period's end, whole USD (converted from thousands for older filings). */
  valueUsd: number;
  /** Shares (SH) or principal amount in USD (PRN). */
  amount: number;
  amountType: "SH" | "PRN";
  putCall: "Put" | "Call" | null;
  investmentDiscretion: string;
  voting: { sole: number; shared: number; none: number };
}

export interface ThirteenFCover {
  /** yyyy-MM-dd (filed as MM-DD-YYYY). */
  periodOfReport: string | null;
  /** "13F HOLDINGS REPORT", "13F NOTICE" or "13F COMBINATION REPORT". */
  reportType: string | null;
  managerName: string | null;
  /** The manager's city and state or country code as filed, e.g. "NEW YORK, NY". */
  managerCity: string | null;
  /** The summary page's total as filed (same unit as the table's values), or null. */
  tableValueTotal: number | null;
}

export interface ThirteenFFiling {
  accessionNumber: string;
  /** "13F-HR", "13F-HR/A", ... */
  form: string;
  filingDate: string;
  cover: ThirteenFCover;
  lines: ThirteenFLine[];
}

/** A share holding: shares, not principal, and not an option. */
export function isShareHolding(line: ThirteenFLine): boolean {
  return line.amountType === "SH" && line.putCall === null;
}

/** The table's VALUE in whole USD for a filing made on `filingDate` (yyyy-MM-dd). */
export function valueInDollars(value: number, filingDate: string): number {
  return filingDate >= THIRTEEN_F_DOLLARS_SINCE ? value : value * 1000;
}

function localName(element: XmlElement): string {
  return element.name.slice(element.name.indexOf(":") + 1);
}

function elementsOf(element: XmlElement | undefined): XmlElement[] {
  return (element?.children ?? []).filter((node) => node instanceof XmlElement);
}

function childOf(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return elementsOf(element).find((item) => localName(item) === name);
}

function textOf(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const found = path.reduce<XmlElement | undefined>(childOf, element);
  const value = found?.text.trim();
  return value ? value : undefined;
}

function numberOf(element: XmlElement | undefined, ...path: string[]): number | null {
  const raw = textOf(element, ...path);
  if (raw === undefined) return null;
  const parsed = Number(raw.replace(/,/g, ""));
  return Number.isFinite(parsed) ? parsed : null;
}

function rootOf(xml: string): XmlElement | undefined {
  try {
    return parseXml(xml.trim()).root ?? undefined;
  } catch {
    return undefined;
  }
}

function putCallOf(raw: string | undefined): "Put" | "Call" | null {
  const value = raw?.toLowerCase();
  if (value === "put") return "Put";
  if (value === "call") return "Call";
  return null;
}

function lineOf(entry: XmlElement, filingDate: string): ThirteenFLine | undefined {
  const nameOfIssuer = textOf(entry, "nameOfIssuer");
  const cusip = textOf(entry, "cusip")?.toUpperCase();
  const value = numberOf(entry, "value");
  const amount = numberOf(entry, "shrsOrPrnAmt", "sshPrnamt");
  const amountType = textOf(entry, "shrsOrPrnAmt", "sshPrnamtType")?.toUpperCase();
  if (!nameOfIssuer || !cusip || value === null || amount === null) return undefined;
  if (amountType !== "SH" && amountType !== "PRN") return undefined;
  return {
    nameOfIssuer,
    titleOfClass: textOf(entry, "titleOfClass") ?? "",
    cusip,
    valueUsd: valueInDollars(value, filingDate),
    amount,
    amountType,
    putCall: putCallOf(textOf(entry, "putCall")),
    investmentDiscretion: textOf(entry, "investmentDiscretion") ?? "",
    voting: {
      sole: numberOf(entry, "votingAuthority", "Sole") ?? 0,
      shared: numberOf(entry, "votingAuthority", "Shared") ?? 0,
      none: numberOf(entry, "votingAuthority", "None") ?? 0,
    },
  };
}

/**
 * An information table's lines, values in whole USD for a filing made on `filingDate`;
 * undefined when the text is not an informationTable.
 */
export function parseInformationTable(
  xml: string,
  filingDate: string,
): ThirteenFLine[] | undefined {
  const root = rootOf(xml);
  if (!root || localName(root) !== "informationTable") return undefined;
  return elementsOf(root)
    .filter((entry) => localName(entry) === "infoTable")
    .flatMap((entry) => lineOf(entry, filingDate) ?? []);
}

/** "09-30-2023" → "2023-09-30"; yyyy-MM-dd passes through. */
function isoFromFiled(raw: string | undefined): string | null {
  const us = raw?.match(/^(\d{2})-(\d{2})-(\d{4})$/);
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return raw?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;
}

/** The 13F cover (primary document); undefined when the text is not an edgarSubmission. */
export function parseThirteenFCover(xml: string): ThirteenFCover | undefined {
  const root = rootOf(xml);
  if (!root || localName(root) !== "edgarSubmission") return undefined;
  const form = childOf(root, "formData");
  const coverPage = childOf(form, "coverPage");
  const address = childOf(childOf(coverPage, "filingManager"), "address");
  const city = [textOf(address, "city"), textOf(address, "stateOrCountry")].filter(Boolean);
  return {
    periodOfReport: isoFromFiled(
      textOf(root, "headerData", "filerInfo", "periodOfReport") ??
        textOf(coverPage, "reportCalendarOrQuarter"),
    ),
    reportType: textOf(coverPage, "reportType") ?? null,
    managerName: textOf(coverPage, "filingManager", "name") ?? null,
    managerCity: city.length > 0 ? city.join(", ") : null,
    tableValueTotal: numberOf(form, "summaryPage", "tableValueTotal"),
  };
}

/** "20231114" → "2023-11-14". */
function isoFromCompact(raw: string | undefined): string | undefined {
  const match = raw?.match(/^(\d{4})(\d{2})(\d{2})$/);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

function headerField(text: string, label: string): string | undefined {
  return text.match(new RegExp(`^\\s*${label}:\\s*(.+?)\\s*$`, "m"))?.[1];
}

/** The XML bodies of a full submission's documents, by their <TYPE>. */
function xmlDocuments(text: string): { type: string; xml: string }[] {
  return text.split(/<DOCUMENT>/i).flatMap((part) => {
    const type = part.match(/<TYPE>([^\n<]+)/i)?.[1]?.trim();
    const xml = part.match(/<XML>([\s\S]*?)<\/XML>/i)?.[1];
    return type && xml ? [{ type: type.toUpperCase(), xml }] : [];
  });
}

/**
 * A 13F filing from EDGAR's full submission text (`.../{accession}.txt`): its header (accession,
 * form, filing date), cover and information table. Undefined when the text is not a 13F
 * submission with a cover; a notice (13F-NT) has no table and answers no lines.
 */
export function parseThirteenFSubmission(text: string): ThirteenFFiling | undefined {
  const accessionNumber = headerField(text, "ACCESSION NUMBER");
  const form = headerField(text, "CONFORMED SUBMISSION TYPE");
  const filingDate = isoFromCompact(headerField(text, "FILED AS OF DATE"));
  if (!accessionNumber || !form?.startsWith("13F") || !filingDate) return undefined;
  const documents = xmlDocuments(text);
  const coverXml = documents.find((document) => document.type.startsWith("13F"))?.xml;
  const cover = coverXml === undefined ? undefined : parseThirteenFCover(coverXml);
  if (!cover) return undefined;
  const tableXml = documents.find((document) => document.type === "INFORMATION TABLE")?.xml;
  const lines = tableXml === undefined ? [] : parseInformationTable(tableXml, filingDate);
  return { accessionNumber, form, filingDate, cover, lines: lines ?? [] };
}
