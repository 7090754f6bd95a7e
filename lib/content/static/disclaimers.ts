import type { OfferedLanguage } from "../languages";
import type { DocumentDraft } from "./types";

/**
 * Disclaimers. The regulatory one (investment-risk) is the one regional content shows; its
 * summary is translated into every offered language (written for this API, not yet reviewed by
 * a native speaker or a lawyer of each market).
 */

export const DISCLAIMERS: Record<string, DocumentDraft> = {
  "investment-risk": {
    title: "Investment risk disclaimer",
    summary:
      "Information from this API is for informational purposes only and is not investment advice. Trading stocks and options involves risk, including the loss of more than your initial investment; options are not suitable for every investor. Past performance does not guarantee future results.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Not advice",
        body: "Nothing served by this API is a recommendation to buy, sell or hold any security, or a solicitation of an offer. Scores, verdicts, suggestions and predictions are computed by stated formulas and models and can be wrong.",
      },
      {
        heading: "Options risk",
        body: "Options can lose their whole value quickly, and selling options can lose more than the premium received. Read the Characteristics and Risks of Standardized Options (the OCC's options disclosure document) before trading options.",
      },
      {
        heading: "Your responsibility",
        body: "Make your own decisions, with a licensed adviser where appropriate, and consider your objectives, experience and ability to bear losses.",
      },
    ],
    related: ["/content/disclaimers/market-data", "/content/disclaimers/options-risk"],
  },
  "market-data": {
    title: "Market data disclaimer",
    summary:
      "Prices, analytics and company data may be simulated, delayed, incomplete or wrong; do not rely on them for trading without checking an authoritative source.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Sources",
        body: "By default the service runs on a simulated market: real tickers and names, but prices, option chains, financial statements, filings, insiders and news generated from a seeded model, and simulated people are fictional. A deployment may use real vendors instead (MARKET_PROVIDER, COMPANY_PROVIDER, NEWS_PROVIDER); each answer comes from the configured source.",
      },
      {
        heading: "Timeliness",
        body: "Quotes carry lastUpdated and analytics state their asOf time and inputs. Real vendors' data may be delayed according to their terms.",
      },
    ],
    related: ["/content/disclaimers/investment-risk", "/content/faq/data"],
  },
  "options-risk": {
    title: "Options risk disclosure",
    summary:
      "Options are leveraged, expire, and can be assigned at any time before expiry (American style). Buyers can lose the whole premium; uncovered sellers can lose far more.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Leverage and expiry",
        body: "A small move in the underlying can make a large change in an option's value, and an out-of-the-money option expires worthless.",
      },
      {
        heading: "Assignment",
        body: "A seller of an American-style option can be assigned on any business day; short calls are most at risk before an ex-dividend date.",
      },
      {
        heading: "Models",
        body: "Theoretical prices and Greeks come from Black-Scholes under its assumptions (constant volatility and rate, no dividends unless stated); real prices can differ.",
      },
    ],
    related: ["/glossary/assignment", "/glossary/black-scholes-model"],
  },
};

/** The investment-risk disclaimer's summary in every offered language. */
export const RISK_DISCLAIMER_TRANSLATIONS: Readonly<Record<OfferedLanguage, string>> = {
  en: DISCLAIMERS["investment-risk"]?.summary ?? "",
  es: "La información de esta API es solo informativa y no constituye asesoramiento de inversión. Operar con acciones y opciones conlleva riesgos, incluida la pérdida de más que su inversión inicial; las opciones no son adecuadas para todos los inversores. La rentabilidad pasada no garantiza resultados futuros.",
  de: "Die Informationen dieser API dienen nur zu Informationszwecken und sind keine Anlageberatung. Der Handel mit Aktien und Optionen ist mit Risiken verbunden, einschließlich des Verlusts von mehr als dem eingesetzten Kapital; Optionen sind nicht für jeden Anleger geeignet. Vergangene Wertentwicklungen sind keine Garantie für zukünftige Ergebnisse.",
  fr: "Les informations de cette API sont fournies à titre informatif uniquement et ne constituent pas un conseil en investissement. La négociation d'actions et d'options comporte des risques, y compris la perte de plus que votre investissement initial ; les options ne conviennent pas à tous les investisseurs. Les performances passées ne préjugent pas des résultats futurs.",
  pt: "As informações desta API têm caráter apenas informativo e não constituem recomendação de investimento. Negociar ações e opções envolve riscos, incluindo a perda de mais do que o investimento inicial; as opções não são adequadas a todos os investidores. Rentabilidade passada não é garantia de resultados futuros.",
  ja: "本APIの情報は情報提供のみを目的としており、投資助言ではありません。株式およびオプションの取引にはリスクが伴い、当初の投資額を超える損失が生じる可能性があります。オプションはすべての投資家に適しているわけではありません。過去の実績は将来の結果を保証するものではありません。",
  zh: "本API提供的信息仅供参考，不构成投资建议。股票和期权交易存在风险，损失可能超过初始投资；期权并不适合所有投资者。过往表现不代表未来结果。",
};
