/**
 * Form 8-K's items: the SEC's official titles (Form 8-K, General Instructions B and the form's
 * item list, as amended through the 2023 cybersecurity rule that added Item 1.05), a shorter
 * wording for headlines where the official one runs long, and our topic slugs for each.
 *
 * Item 9.01 (financial statements and exhibits) accompanies most filings and says nothing on
 * its own: it has no topics and appears in a headline only when it is the sole item.
 */

export interface EightKItem {
  /** As the SEC numbers it: "2.02". */
  number: string;
  /** The SEC's title. */
  title: string;
  /** For headlines: the official title, shortened where it is long. */
  headline: string;
  topics: readonly string[];
}

function item(
  number: string,
  title: string,
  topics: readonly string[],
  headline: string = title,
): EightKItem {
  return { number, title, headline, topics };
}

const ABS = ["asset-backed-securities"];

export const EIGHT_K_ITEMS: ReadonlyMap<string, EightKItem> = new Map(
  [
    // Section 1: Registrant's Business and Operations
    item("1.01", "Entry into a Material Definitive Agreement", ["agreements"]),
    item("1.02", "Termination of a Material Definitive Agreement", ["agreements"]),
    item("1.03", "Bankruptcy or Receivership", ["bankruptcy"]),
    item("1.04", "Mine Safety - Reporting of Shutdowns and Patterns of Violations", [
      "mine-safety",
    ]),
    item("1.05", "Material Cybersecurity Incidents", ["cybersecurity"]),
    // Section 2: Financial Information
    item("2.01", "Completion of Acquisition or Disposition of Assets", ["m-and-a"]),
    item("2.02", "Results of Operations and Financial Condition", ["earnings"]),
    item(
      "2.03",
      "Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant",
      ["debt"],
      "Creation of a Direct Financial Obligation",
    ),
    item(
      "2.04",
      "Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement",
      ["debt"],
      "Triggering Events That Accelerate a Financial Obligation",
    ),
    item("2.05", "Costs Associated with Exit or Disposal Activities", ["restructuring"]),
    item("2.06", "Material Impairments", ["impairments"]),
    // Section 3: Securities and Trading Markets
    item(
      "3.01",
      "Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing",
      ["listing"],
      "Notice of Delisting or Failure to Satisfy a Listing Rule",
    ),
    item("3.02", "Unregistered Sales of Equity Securities", ["share-issuance"]),
    item("3.03", "Material Modification to Rights of Security Holders", ["shareholder-rights"]),
    // Section 4: Matters Related to Accountants and Financial Statements
    item("4.01", "Changes in Registrant's Certifying Accountant", ["auditors"]),
    item(
      "4.02",
      "Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review",
      ["restatements"],
      "Non-Reliance on Previously Issued Financial Statements",
    ),
    // Section 5: Corporate Governance and Management
    item("5.01", "Changes in Control of Registrant", ["change-of-control", "m-and-a"]),
    item(
      "5.02",
      "Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers",
      ["management-changes"],
      "Changes in Directors or Officers",
    ),
    item(
      "5.03",
      "Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year",
      ["governance"],
      "Amendments to Articles of Incorporation or Bylaws",
    ),
    item(
      "5.04",
      "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
      ["governance"],
      "Suspension of Trading Under Employee Benefit Plans",
    ),
    item(
      "5.05",
      "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics",
      ["governance"],
      "Amendment to or Waiver of the Code of Ethics",
    ),
    item("5.06", "Change in Shell Company Status", ["shell-company"]),
    item("5.07", "Submission of Matters to a Vote of Security Holders", ["shareholder-meeting"]),
    item("5.08", "Shareholder Director Nominations", ["shareholder-meeting"]),
    // Section 6: Asset-Backed Securities
    item("6.01", "ABS Informational and Computational Material", ABS),
    item("6.02", "Change of Servicer or Trustee", ABS),
    item("6.03", "Change in Credit Enhancement or Other External Support", ABS),
    item("6.04", "Failure to Make a Required Distribution", ABS),
    item("6.05", "Securities Act Updating Disclosure", ABS),
    item("6.06", "Static Pool", ABS),
    // Section 7: Regulation FD
    item("7.01", "Regulation FD Disclosure", ["corporate"]),
    // Section 8: Other Events
    item("8.01", "Other Events", ["corporate"]),
    // Section 9: Financial Statements and Exhibits
    item("9.01", "Financial Statements and Exhibits", []),
  ].map((entry) => [entry.number, entry]),
);

export const EXHIBITS_ITEM = "9.01";
