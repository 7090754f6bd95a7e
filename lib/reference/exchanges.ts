/**
 * Exchanges: the venues the API quotes (the exchange part of a contract code, e.g. NASDAQ in
 * AAPL_NASDAQ) and the major world exchanges, with their ISO 10383 market identifier codes (MIC,
 * the segment or market; operating MIC, the operator), country (ISO 3166-1 alpha-2), city, IANA
 * time zone, trading currency and regular continuous-trading hours in local time. Written by hand
 * from the exchanges' published hours and the ISO 10383 register (late 2025): no npm package
 * keeps them. Auctions and extended sessions are not in `regularHours` (see /reference/markets
 * for the sessions the API serves).
 */

export interface TradingHours {
  /** Local HH:mm. */
  open: string;
  /** Local HH:mm; "24:00" for a venue open around the clock. */
  close: string;
  /** True when the session opens on the evening before its trade date (CME Globex). */
  opensPreviousDay: boolean;
  /** Midday breaks, local HH:mm. */
  breaks: { start: string; end: string }[];
}

export interface ExchangeEntry {
  /** ISO 10383 MIC; null for a venue without one (a crypto exchange's spot market). */
  mic: string | null;
  operatingMic: string | null;
  name: string;
  acronym: string;
  country: string;
  city: string;
  timezone: string;
  currency: string;
  regularHours: TradingHours;
  /** The exchange part of this API's contract codes for the venue; null if the API quotes none there. */
  apiExchange: string | null;
  website: string;
}

const hours = (
  open: string,
  close: string,
  breaks: [string, string][] = [],
  opensPreviousDay = false,
): TradingHours => ({
  open,
  close,
  opensPreviousDay,
  breaks: breaks.map(([start, end]) => ({ start, end })),
});

const US_EQUITY = hours("09:30", "16:00");
/** CME Globex: 17:00 to 16:00 Chicago time (18:00-17:00 New York), Sunday evening to Friday. */
const GLOBEX = hours("17:00", "16:00", [], true);

export const EXCHANGES: readonly ExchangeEntry[] = [
  {
    mic: "XNAS",
    operatingMic: "XNAS",
    name: "Nasdaq Stock Market",
    acronym: "NASDAQ",
    country: "US",
    city: "New York",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: US_EQUITY,
    apiExchange: "NASDAQ",
    website: "https://www.nasdaq.com",
  },
  {
    mic: "XNYS",
    operatingMic: "XNYS",
    name: "New York Stock Exchange",
    acronym: "NYSE",
    country: "US",
    city: "New York",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: US_EQUITY,
    apiExchange: "NYSE",
    website: "https://www.nyse.com",
  },
  {
    mic: "ARCX",
    operatingMic: "XNYS",
    name: "NYSE Arca",
    acronym: "NYSE Arca",
    country: "US",
    city: "New York",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: US_EQUITY,
    apiExchange: "ARCA",
    website: "https://www.nyse.com/markets/nyse-arca",
  },
  {
    mic: "BATS",
    operatingMic: "XCBO",
    name: "Cboe BZX U.S. Equities Exchange",
    acronym: "Cboe BZX",
    country: "US",
    city: "Chicago",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: US_EQUITY,
    apiExchange: "BATS",
    website: "https://www.cboe.com/us/equities",
  },
  {
    mic: "XCME",
    operatingMic: "XCME",
    name: "Chicago Mercantile Exchange",
    acronym: "CME",
    country: "US",
    city: "Chicago",
    timezone: "America/Chicago",
    currency: "USD",
    regularHours: GLOBEX,
    apiExchange: "CME",
    website: "https://www.cmegroup.com",
  },
  {
    mic: "XCBT",
    operatingMic: "XCME",
    name: "Chicago Board of Trade",
    acronym: "CBOT",
    country: "US",
    city: "Chicago",
    timezone: "America/Chicago",
    currency: "USD",
    regularHours: GLOBEX,
    apiExchange: "CBOT",
    website: "https://www.cmegroup.com",
  },
  {
    mic: "XNYM",
    operatingMic: "XCME",
    name: "New York Mercantile Exchange",
    acronym: "NYMEX",
    country: "US",
    city: "New York",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: GLOBEX,
    apiExchange: "NYMEX",
    website: "https://www.cmegroup.com",
  },
  {
    mic: "XCEC",
    operatingMic: "XCME",
    name: "Commodity Exchange (COMEX)",
    acronym: "COMEX",
    country: "US",
    city: "New York",
    timezone: "America/New_York",
    currency: "USD",
    regularHours: GLOBEX,
    apiExchange: "COMEX",
    website: "https://www.cmegroup.com",
  },
  {
    mic: null,
    operatingMic: null,
    name: "Coinbase Exchange",
    acronym: "Coinbase",
    country: "US",
    city: "San Francisco",
    timezone: "UTC",
    currency: "USD",
    regularHours: hours("00:00", "24:00"),
    apiExchange: "COINBASE",
    website: "https://exchange.coinbase.com",
  },
  {
    mic: "XTSE",
    operatingMic: "XTSE",
    name: "Toronto Stock Exchange",
    acronym: "TSX",
    country: "CA",
    city: "Toronto",
    timezone: "America/Toronto",
    currency: "CAD",
    regularHours: hours("09:30", "16:00"),
    apiExchange: null,
    website: "https://www.tsx.com",
  },
  {
    mic: "BVMF",
    operatingMic: "BVMF",
    name: "B3 - Brasil Bolsa Balcão",
    acronym: "B3",
    country: "BR",
    city: "São Paulo",
    timezone: "America/Sao_Paulo",
    currency: "BRL",
    regularHours: hours("10:00", "17:00"),
    apiExchange: null,
    website: "https://www.b3.com.br",
  },
  {
    mic: "XLON",
    operatingMic: "XLON",
    name: "London Stock Exchange",
    acronym: "LSE",
    country: "GB",
    city: "London",
    timezone: "Europe/London",
    currency: "GBP",
    regularHours: hours("08:00", "16:30"),
    apiExchange: null,
    website: "https://www.londonstockexchange.com",
  },
  {
    mic: "XETR",
    operatingMic: "XETR",
    name: "Xetra (Deutsche Börse)",
    acronym: "Xetra",
    country: "DE",
    city: "Frankfurt",
    timezone: "Europe/Berlin",
    currency: "EUR",
    regularHours: hours("09:00", "17:30"),
    apiExchange: null,
    website: "https://www.xetra.com",
  },
  {
    mic: "XPAR",
    operatingMic: "XPAR",
    name: "Euronext Paris",
    acronym: "Euronext Paris",
    country: "FR",
    city: "Paris",
    timezone: "Europe/Paris",
    currency: "EUR",
    regularHours: hours("09:00", "17:30"),
    apiExchange: null,
    website: "https://www.euronext.com",
  },
  {
    mic: "XAMS",
    operatingMic: "XAMS",
    name: "Euronext Amsterdam",
    acronym: "Euronext Amsterdam",
    country: "NL",
    city: "Amsterdam",
    timezone: "Europe/Amsterdam",
    currency: "EUR",
    regularHours: hours("09:00", "17:30"),
    apiExchange: null,
    website: "https://www.euronext.com",
  },
  {
    mic: "XSWX",
    operatingMic: "XSWX",
    name: "SIX Swiss Exchange",
    acronym: "SIX",
    country: "CH",
    city: "Zurich",
    timezone: "Europe/Zurich",
    currency: "CHF",
    regularHours: hours("09:00", "17:30"),
    apiExchange: null,
    website: "https://www.six-group.com",
  },
  {
    mic: "XJSE",
    operatingMic: "XJSE",
    name: "Johannesburg Stock Exchange",
    acronym: "JSE",
    country: "ZA",
    city: "Johannesburg",
    timezone: "Africa/Johannesburg",
    currency: "ZAR",
    regularHours: hours("09:00", "17:00"),
    apiExchange: null,
    website: "https://www.jse.co.za",
  },
  {
    mic: "XNSE",
    operatingMic: "XNSE",
    name: "National Stock Exchange of India",
    acronym: "NSE",
    country: "IN",
    city: "Mumbai",
    timezone: "Asia/Kolkata",
    currency: "INR",
    regularHours: hours("09:15", "15:30"),
    apiExchange: null,
    website: "https://www.nseindia.com",
  },
  {
    mic: "XBOM",
    operatingMic: "XBOM",
    name: "BSE",
    acronym: "BSE",
    country: "IN",
    city: "Mumbai",
    timezone: "Asia/Kolkata",
    currency: "INR",
    regularHours: hours("09:15", "15:30"),
    apiExchange: null,
    website: "https://www.bseindia.com",
  },
  {
    mic: "XSHG",
    operatingMic: "XSHG",
    name: "Shanghai Stock Exchange",
    acronym: "SSE",
    country: "CN",
    city: "Shanghai",
    timezone: "Asia/Shanghai",
    currency: "CNY",
    regularHours: hours("09:30", "15:00", [["11:30", "13:00"]]),
    apiExchange: null,
    website: "https://english.sse.com.cn",
  },
  {
    mic: "XSHE",
    operatingMic: "XSHE",
    name: "Shenzhen Stock Exchange",
    acronym: "SZSE",
    country: "CN",
    city: "Shenzhen",
    timezone: "Asia/Shanghai",
    currency: "CNY",
    regularHours: hours("09:30", "15:00", [["11:30", "13:00"]]),
    apiExchange: null,
    website: "https://www.szse.cn",
  },
  {
    mic: "XHKG",
    operatingMic: "XHKG",
    name: "Hong Kong Exchanges and Clearing",
    acronym: "HKEX",
    country: "HK",
    city: "Hong Kong",
    timezone: "Asia/Hong_Kong",
    currency: "HKD",
    regularHours: hours("09:30", "16:00", [["12:00", "13:00"]]),
    apiExchange: null,
    website: "https://www.hkex.com.hk",
  },
  {
    mic: "XKRX",
    operatingMic: "XKRX",
    name: "Korea Exchange",
    acronym: "KRX",
    country: "KR",
    city: "Seoul",
    timezone: "Asia/Seoul",
    currency: "KRW",
    regularHours: hours("09:00", "15:30"),
    apiExchange: null,
    website: "https://global.krx.co.kr",
  },
  {
    mic: "XTKS",
    operatingMic: "XJPX",
    name: "Tokyo Stock Exchange",
    acronym: "TSE",
    country: "JP",
    city: "Tokyo",
    timezone: "Asia/Tokyo",
    currency: "JPY",
    regularHours: hours("09:00", "15:30", [["11:30", "12:30"]]),
    apiExchange: null,
    website: "https://www.jpx.co.jp",
  },
  {
    mic: "XASX",
    operatingMic: "XASX",
    name: "Australian Securities Exchange",
    acronym: "ASX",
    country: "AU",
    city: "Sydney",
    timezone: "Australia/Sydney",
    currency: "AUD",
    regularHours: hours("10:00", "16:00"),
    apiExchange: null,
    website: "https://www.asx.com.au",
  },
];

/** An exchange by MIC or by this API's exchange code (any case); undefined when unknown. */
export function exchangeNamed(name: string): ExchangeEntry | undefined {
  const wanted = name.trim().toUpperCase();
  return EXCHANGES.find(
    (exchange) => exchange.mic === wanted || exchange.apiExchange?.toUpperCase() === wanted,
  );
}
