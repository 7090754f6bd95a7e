import { type GlossaryTerm, termsOf } from "./types";

export const FILINGS_OWNERSHIP: GlossaryTerm[] = termsOf("filings-ownership", {
  "sec-edgar": {
    term: "SEC EDGAR",
    short: "The US Securities and Exchange Commission's public database of company filings.",
    long: "EDGAR (Electronic Data Gathering, Analysis and Retrieval) holds every public filing since the 1990s, free to read. Its fair-access rules ask automated clients to identify themselves in the User-Agent; this API's EDGAR adapters do.",
    related: ["form-10-k", "form-8-k", "xbrl"],
    endpoint: "GET /company/{code}/filings",
    aliases: ["EDGAR"],
  },
  xbrl: {
    term: "XBRL",
    short:
      "The tagged data format in which companies file their financial statements with the SEC.",
    long: "Each figure carries a concept (such as us-gaap:Revenues), a period and a unit, so statements can be read by machine. With COMPANY_PROVIDER=edgar this API reads XBRL company facts for its financials.",
    related: ["sec-edgar", "form-10-k", "form-10-q"],
    endpoint: "GET /fundamentals/{code}/financials",
    aliases: ["eXtensible Business Reporting Language"],
  },
  "form-10-k": {
    term: "Form 10-K",
    short: "A company's annual report to the SEC, with audited financial statements.",
    long: "The 10-K describes the business, its risks and its results for the fiscal year, with the auditor's opinion. Large filers must file within 60 days of the year end.",
    related: ["form-10-q", "fiscal-year", "sec-edgar"],
    endpoint: "GET /company/{code}/filings",
    aliases: ["10-K", "annual report"],
  },
  "form-10-q": {
    term: "Form 10-Q",
    short: "A company's quarterly report to the SEC, with unaudited financial statements.",
    long: "Filed for each of the first three fiscal quarters; the fourth is covered by the 10-K.",
    related: ["form-10-k", "trailing-twelve-months"],
    endpoint: "GET /company/{code}/filings",
    aliases: ["10-Q"],
  },
  "form-8-k": {
    term: "Form 8-K",
    short: "A current report of a material event, filed within four business days.",
    long: "Earnings releases, acquisitions, executive changes and other material events are reported on 8-K. With NEWS_PROVIDER=edgar this API's news reads the SEC's current 8-K feed.",
    related: ["earnings-report", "sec-edgar"],
    endpoint: "GET /company/{code}/filings",
    aliases: ["8-K", "current report"],
  },
  "form-4": {
    term: "Form 4",
    short:
      "The SEC filing in which an insider reports a trade in the company's shares, within two business days.",
    long: "Transaction code P is an open-market purchase and S an open-market sale; grants, option exercises and tax withholding use other codes and say little about an insider's view.",
    related: ["insider", "insider-cluster"],
    endpoint: "GET /graph/{code}/insiders",
    aliases: ["Form 4 filing"],
  },
  "form-13f": {
    term: "Form 13F",
    short:
      "A quarterly report of US equity holdings by institutional managers with over 100 million USD.",
    long: "Filed within 45 days of the quarter end, it shows long positions only (no shorts or cash) and is therefore a lagging, partial view of a manager's book.",
    related: ["institutional-ownership", "sec-edgar"],
    endpoint: "GET /graph/{code}/institutions",
    aliases: ["13F"],
  },
  insider: {
    term: "Insider",
    short: "An officer, director or holder of over 10 % of a company's shares.",
    long: "Insiders must report their trades on Form 4. Open-market purchases, especially by several insiders at once, are read as a signal of confidence; sales have many non-informative reasons.",
    related: ["form-4", "insider-cluster"],
    endpoint: "GET /graph/{code}/insiders",
    aliases: ["corporate insider"],
  },
  "insider-cluster": {
    term: "Insider buying cluster",
    short: "Several insiders of one company buying in the open market within a short window.",
    long: "Clustered purchases have historically been a stronger signal than single ones. This API finds clusters in Form 4 purchases and scores each insider's trades.",
    related: ["insider", "form-4"],
    endpoint: "GET /graph/{code}/insiders/clusters",
    aliases: ["cluster buying"],
  },
  "institutional-ownership": {
    term: "Institutional ownership",
    short: "The share of a company held by funds, banks, insurers and other institutions.",
    long: "Read from 13F filings. High ownership means professional investors dominate the shareholder base; changes quarter to quarter show their flows.",
    related: ["form-13f", "company-graph"],
    endpoint: "GET /graph/{code}/institutions",
  },
  sector: {
    term: "Sector",
    short: "A broad group of companies in related businesses, such as Information Technology.",
    long: "This API classifies companies in the 11 GICS-style sectors and their industries, and compares sector returns with SPY.",
    related: ["gics", "etf", "relative-strength"],
    endpoint: "GET /company/{code}/sector",
    aliases: ["industry"],
  },
  gics: {
    term: "GICS",
    short:
      "The Global Industry Classification Standard of MSCI and S&P: 11 sectors and their industries.",
    long: "The sectors are Communication Services, Consumer Discretionary, Consumer Staples, Energy, Financials, Health Care, Industrials, Information Technology, Materials, Real Estate and Utilities.",
    related: ["sector"],
    endpoint: "GET /market/analysis/sectors",
    aliases: ["Global Industry Classification Standard"],
  },
});
