import { parseXml, XmlElement } from "@rgrove/parse-xml";
import type { InsiderFiling, InsiderRelationship, InsiderTransaction } from "../ports";

/**
 * A Form 4 (or 4/A) as EDGAR serves it: the XML `ownershipDocument` of the SEC's ownership
 * technical specification, parsed into an InsiderFiling.
 *
 * - Several reporting owners may sign one form (a fund and its manager, joint filers): the
 *   first is taken, as the form lists it first; the others are not reported.
 * - Holdings (nonDerivativeHolding, derivativeHolding) are positions, not transactions: skipped.
 * - A transaction line without a code, a date, a share count, an acquired/disposed code or a
 *   direct/indirect code cannot be summarised: skipped rather than guessed.
 * - Prices and share counts are decimals as filed; a price given only by footnote (weighted
 *   averages, grants) is null; booleans may be "1"/"0" or "true"/"false".
 * - Rule 10b5-1: the document-level `aff10b5One` box (forms since 1 April 2023) gives
 *   `tradingPlan` true/false; a form without the box (older schemas) gives null.
 * - Amendments ("4/A") parse like originals; `dateOfOriginalSubmission` names the day the
 *   amended form was filed (the form does not give the amended accession number).
 */

export interface Form4Document {
  /** The issuer's CIK, 10 digits; null when the form does not give one. */
  issuerCik: string | null;
  /** "4" or "4/A". */
  documentType: string;
  /** aff10b5One: the form's trades were made under a Rule 10b5-1 plan; null without the box. */
  tradingPlan: boolean | null;
  /** A 4/A's dateOfOriginalSubmission (yyyy-MM-dd); null for an original. */
  dateOfOriginalSubmission: string | null;
  insider: InsiderFiling;
}

/** Elements that repeat: always arrays in the tree, even when a form has one. */
const REPEATED = new Set(["reportingOwner", "nonDerivativeTransaction", "derivativeTransaction"]);

type Node = Record<string, unknown>;

/**
 * An element as a plain tree: a leaf is its text (every value a string: CIKs keep their
 * leading zeros, numbers are read here; entities decoded by the parser), other elements an
 * object of their children by name (the first of a name, or an array for REPEATED ones).
 * Attributes are not needed by the ownership schema.
 */
function treeOf(element: XmlElement): unknown {
  const elements = element.children.filter((node) => node instanceof XmlElement);
  if (elements.length === 0) return element.text;
  const node: Node = {};
  for (const item of elements) {
    const value = treeOf(item);
    if (REPEATED.has(item.name)) {
      const repeated = (node[item.name] as unknown[] | undefined) ?? [];
      repeated.push(value);
      node[item.name] = repeated;
    } else if (!(item.name in node)) {
      node[item.name] = value;
    }
  }
  return node;
}

function child(node: unknown, name: string): unknown {
  return node !== null && typeof node === "object" ? (node as Node)[name] : undefined;
}

function path(node: unknown, ...names: string[]): unknown {
  return names.reduce(child, node);
}

/** A leaf's text ("" for an empty element); undefined when absent or not a leaf. */
function text(node: unknown): string | undefined {
  if (typeof node === "string") return node.trim();
  if (typeof node === "number") return String(node);
  return undefined;
}

/** The text of an element written <x><value>…</value></x> (a footnote may replace the value). */
function filedValue(node: unknown): string | undefined {
  const value = text(child(node, "value"));
  return value === "" ? undefined : value;
}

function decimal(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const parsed = Number(raw.replace(/,/g, ""));
  return raw !== "" && Number.isFinite(parsed) ? parsed : null;
}

function flag(node: unknown): boolean {
  const raw = text(node)?.toLowerCase();
  return raw === "1" || raw === "true";
}

/** A box that may be absent: true/false as filed, null when the form has no such element. */
function optionalFlag(node: unknown): boolean | null {
  const raw = text(node)?.toLowerCase();
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  return null;
}

function nonEmpty(node: unknown): string | null {
  const raw = text(node);
  return raw ? raw : null;
}

function tenDigits(raw: string | undefined): string | null {
  return raw && /^\d{1,10}$/.test(raw) ? raw.padStart(10, "0") : null;
}

/** yyyy-MM-dd; xs:date may carry a time-zone suffix ("2022-05-04-05:00"). */
function isoDay(raw: string | undefined): string | undefined {
  return raw?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
}

function relationshipOf(owner: unknown): InsiderRelationship {
  const relation = child(owner, "reportingOwnerRelationship");
  return {
    isDirector: flag(child(relation, "isDirector")),
    isOfficer: flag(child(relation, "isOfficer")),
    officerTitle: nonEmpty(child(relation, "officerTitle")),
    isTenPercentOwner: flag(child(relation, "isTenPercentOwner")),
    otherText: nonEmpty(child(relation, "otherText")),
  };
}

function transactionOf(line: unknown, derivative: boolean): InsiderTransaction | undefined {
  const amounts = child(line, "transactionAmounts");
  const code = text(path(line, "transactionCoding", "transactionCode"));
  const transactionDate = isoDay(filedValue(child(line, "transactionDate")));
  const shares = decimal(filedValue(child(amounts, "transactionShares")));
  const acquiredDisposed = filedValue(child(amounts, "transactionAcquiredDisposedCode"));
  const ownership = filedValue(path(line, "ownershipNature", "directOrIndirectOwnership"));
  if (!code || !transactionDate || shares === null) return undefined;
  if (
    (acquiredDisposed !== "A" && acquiredDisposed !== "D") ||
    (ownership !== "D" && ownership !== "I")
  ) {
    return undefined;
  }
  return {
    securityTitle: filedValue(child(line, "securityTitle")) ?? "",
    derivative,
    transactionDate,
    code,
    shares,
    pricePerShare: decimal(filedValue(child(amounts, "transactionPricePerShare"))),
    acquiredDisposed,
    sharesOwnedAfter: decimal(
      filedValue(path(line, "postTransactionAmounts", "sharesOwnedFollowingTransaction")),
    ),
    ownership,
  };
}

function transactionsOf(table: unknown, element: string, derivative: boolean) {
  const lines = child(table, element);
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line) => transactionOf(line, derivative) ?? []);
}

/** The form's content, or undefined when the text is not an ownershipDocument with an owner. */
export function parseForm4(xml: string): Form4Document | undefined {
  let root: unknown;
  try {
    const document = parseXml(xml).root;
    root = document?.name === "ownershipDocument" ? treeOf(document) : undefined;
  } catch {
    return undefined;
  }
  const owners = child(root, "reportingOwner");
  const owner = Array.isArray(owners) ? owners[0] : undefined;
  const ownerName = text(path(owner, "reportingOwnerId", "rptOwnerName"));
  if (!ownerName) return undefined;
  const tradingPlan = optionalFlag(child(root, "aff10b5One"));
  const dateOfOriginalSubmission = isoDay(text(child(root, "dateOfOriginalSubmission"))) ?? null;
  return {
    issuerCik: tenDigits(text(path(root, "issuer", "issuerCik"))),
    documentType: text(child(root, "documentType")) ?? "",
    tradingPlan,
    dateOfOriginalSubmission,
    insider: {
      ownerName,
      ownerCik: tenDigits(text(path(owner, "reportingOwnerId", "rptOwnerCik"))),
      relationship: relationshipOf(owner),
      tradingPlan,
      originalFilingDate: dateOfOriginalSubmission,
      transactions: [
        ...transactionsOf(child(root, "nonDerivativeTable"), "nonDerivativeTransaction", false),
        ...transactionsOf(child(root, "derivativeTable"), "derivativeTransaction", true),
      ],
    },
  };
}
