import type { OfferedLanguage } from "../languages";

/**
 * Glossary entries translated from English: the term and its short definition only (the long
 * definition, formula and related terms stay English). Ten core terms per language, written
 * for this API and not yet reviewed by a native speaker of each language.
 */
export interface TranslatedEntry {
  term: string;
  shortDefinition: string;
}

export const TRANSLATED_SLUGS = [
  "option",
  "call-option",
  "put-option",
  "strike-price",
  "expiration-date",
  "implied-volatility",
  "delta",
  "dividend",
  "market-capitalization",
  "bid-ask-spread",
] as const;

type Translations = Record<(typeof TRANSLATED_SLUGS)[number], TranslatedEntry>;

export const GLOSSARY_TRANSLATIONS: Readonly<Record<Exclude<OfferedLanguage, "en">, Translations>> =
  {
    es: {
      option: {
        term: "Opción",
        shortDefinition:
          "Contrato que da el derecho, no la obligación, de comprar o vender un activo a un precio fijado hasta una fecha fijada.",
      },
      "call-option": {
        term: "Opción de compra (call)",
        shortDefinition: "El derecho a comprar el subyacente al precio de ejercicio.",
      },
      "put-option": {
        term: "Opción de venta (put)",
        shortDefinition: "El derecho a vender el subyacente al precio de ejercicio.",
      },
      "strike-price": {
        term: "Precio de ejercicio",
        shortDefinition: "El precio al que una opción permite comprar o vender el subyacente.",
      },
      "expiration-date": {
        term: "Fecha de vencimiento",
        shortDefinition:
          "El último día en que se puede ejercer una opción; después, el contrato deja de existir.",
      },
      "implied-volatility": {
        term: "Volatilidad implícita",
        shortDefinition:
          "La volatilidad con la que el precio de un modelo iguala el precio de mercado de una opción.",
      },
      delta: {
        term: "Delta",
        shortDefinition:
          "Cuánto cambia el precio de una opción cuando el subyacente se mueve una unidad.",
      },
      dividend: {
        term: "Dividendo",
        shortDefinition:
          "Pago en efectivo de una empresa a sus accionistas, normalmente trimestral.",
      },
      "market-capitalization": {
        term: "Capitalización bursátil",
        shortDefinition: "Las acciones en circulación de una empresa multiplicadas por su precio.",
      },
      "bid-ask-spread": {
        term: "Diferencial de compra-venta (spread)",
        shortDefinition:
          "La diferencia entre el precio de venta (ask) y el de compra (bid): un coste de operar al instante.",
      },
    },
    de: {
      option: {
        term: "Option",
        shortDefinition:
          "Ein Vertrag, der das Recht, aber nicht die Pflicht gibt, einen Basiswert zu einem festgelegten Preis bis zu einem festgelegten Datum zu kaufen oder zu verkaufen.",
      },
      "call-option": {
        term: "Kaufoption (Call)",
        shortDefinition: "Das Recht, den Basiswert zum Ausübungspreis zu kaufen.",
      },
      "put-option": {
        term: "Verkaufsoption (Put)",
        shortDefinition: "Das Recht, den Basiswert zum Ausübungspreis zu verkaufen.",
      },
      "strike-price": {
        term: "Ausübungspreis (Strike)",
        shortDefinition:
          "Der Preis, zu dem eine Option den Kauf oder Verkauf des Basiswerts erlaubt.",
      },
      "expiration-date": {
        term: "Verfallstag",
        shortDefinition:
          "Der letzte Tag, an dem eine Option ausgeübt werden kann; danach erlischt der Vertrag.",
      },
      "implied-volatility": {
        term: "Implizite Volatilität",
        shortDefinition:
          "Die Volatilität, bei der der Modellpreis dem Marktpreis einer Option entspricht.",
      },
      delta: {
        term: "Delta",
        shortDefinition:
          "Um wie viel sich der Preis einer Option ändert, wenn sich der Basiswert um eine Einheit bewegt.",
      },
      dividend: {
        term: "Dividende",
        shortDefinition:
          "Eine Barausschüttung eines Unternehmens an seine Aktionäre, meist vierteljährlich.",
      },
      "market-capitalization": {
        term: "Marktkapitalisierung",
        shortDefinition: "Die ausstehenden Aktien eines Unternehmens mal ihr Kurs.",
      },
      "bid-ask-spread": {
        term: "Geld-Brief-Spanne",
        shortDefinition:
          "Der Abstand zwischen Brief- und Geldkurs: die Kosten eines sofortigen Handels.",
      },
    },
    fr: {
      option: {
        term: "Option",
        shortDefinition:
          "Contrat donnant le droit, et non l'obligation, d'acheter ou de vendre un actif à un prix fixé jusqu'à une date fixée.",
      },
      "call-option": {
        term: "Option d'achat (call)",
        shortDefinition: "Le droit d'acheter le sous-jacent au prix d'exercice.",
      },
      "put-option": {
        term: "Option de vente (put)",
        shortDefinition: "Le droit de vendre le sous-jacent au prix d'exercice.",
      },
      "strike-price": {
        term: "Prix d'exercice",
        shortDefinition: "Le prix auquel une option permet d'acheter ou de vendre le sous-jacent.",
      },
      "expiration-date": {
        term: "Date d'échéance",
        shortDefinition:
          "Le dernier jour où une option peut être exercée ; ensuite, le contrat cesse d'exister.",
      },
      "implied-volatility": {
        term: "Volatilité implicite",
        shortDefinition:
          "La volatilité pour laquelle le prix d'un modèle égale le prix de marché d'une option.",
      },
      delta: {
        term: "Delta",
        shortDefinition:
          "La variation du prix d'une option quand le sous-jacent varie d'une unité.",
      },
      dividend: {
        term: "Dividende",
        shortDefinition:
          "Un versement en espèces d'une société à ses actionnaires, généralement trimestriel.",
      },
      "market-capitalization": {
        term: "Capitalisation boursière",
        shortDefinition:
          "Le nombre d'actions en circulation d'une société multiplié par leur cours.",
      },
      "bid-ask-spread": {
        term: "Écart acheteur-vendeur (spread)",
        shortDefinition:
          "L'écart entre le prix vendeur et le prix acheteur : le coût d'une exécution immédiate.",
      },
    },
    pt: {
      option: {
        term: "Opção",
        shortDefinition:
          "Contrato que dá o direito, não a obrigação, de comprar ou vender um ativo a um preço fixado até uma data fixada.",
      },
      "call-option": {
        term: "Opção de compra (call)",
        shortDefinition: "O direito de comprar o ativo-objeto pelo preço de exercício.",
      },
      "put-option": {
        term: "Opção de venda (put)",
        shortDefinition: "O direito de vender o ativo-objeto pelo preço de exercício.",
      },
      "strike-price": {
        term: "Preço de exercício (strike)",
        shortDefinition: "O preço pelo qual uma opção permite comprar ou vender o ativo-objeto.",
      },
      "expiration-date": {
        term: "Data de vencimento",
        shortDefinition:
          "O último dia em que uma opção pode ser exercida; depois dele o contrato deixa de existir.",
      },
      "implied-volatility": {
        term: "Volatilidade implícita",
        shortDefinition:
          "A volatilidade com a qual o preço de um modelo iguala o preço de mercado de uma opção.",
      },
      delta: {
        term: "Delta",
        shortDefinition:
          "Quanto o preço de uma opção varia quando o ativo-objeto se move uma unidade.",
      },
      dividend: {
        term: "Dividendo",
        shortDefinition:
          "Um pagamento em dinheiro de uma empresa aos seus acionistas, geralmente trimestral.",
      },
      "market-capitalization": {
        term: "Capitalização de mercado",
        shortDefinition: "As ações em circulação de uma empresa multiplicadas pela sua cotação.",
      },
      "bid-ask-spread": {
        term: "Spread de compra e venda",
        shortDefinition:
          "A diferença entre o preço de venda (ask) e o de compra (bid): um custo de negociar de imediato.",
      },
    },
    ja: {
      option: {
        term: "オプション",
        shortDefinition:
          "定められた期日までに、定められた価格で資産を買う、または売る権利（義務ではない）を与える契約。",
      },
      "call-option": {
        term: "コール・オプション",
        shortDefinition: "原資産を権利行使価格で買う権利。",
      },
      "put-option": {
        term: "プット・オプション",
        shortDefinition: "原資産を権利行使価格で売る権利。",
      },
      "strike-price": {
        term: "権利行使価格",
        shortDefinition: "オプションによって原資産を買う、または売ることができる価格。",
      },
      "expiration-date": {
        term: "満期日",
        shortDefinition: "オプションを行使できる最終日。この日を過ぎると契約は消滅する。",
      },
      "implied-volatility": {
        term: "インプライド・ボラティリティ",
        shortDefinition: "モデル価格がオプションの市場価格と一致するボラティリティ。",
      },
      delta: {
        term: "デルタ",
        shortDefinition: "原資産が1単位動いたときのオプション価格の変化量。",
      },
      dividend: {
        term: "配当",
        shortDefinition: "企業が株主に支払う現金。通常は四半期ごと。",
      },
      "market-capitalization": {
        term: "時価総額",
        shortDefinition: "企業の発行済株式数に株価を掛けたもの。",
      },
      "bid-ask-spread": {
        term: "ビッド・アスク・スプレッド",
        shortDefinition: "売り気配（アスク）と買い気配（ビッド）の差。即時に売買するためのコスト。",
      },
    },
    zh: {
      option: {
        term: "期权",
        shortDefinition:
          "一种合约，赋予持有人在约定日期前以约定价格买入或卖出某项资产的权利（而非义务）。",
      },
      "call-option": {
        term: "看涨期权",
        shortDefinition: "以行权价买入标的资产的权利。",
      },
      "put-option": {
        term: "看跌期权",
        shortDefinition: "以行权价卖出标的资产的权利。",
      },
      "strike-price": {
        term: "行权价",
        shortDefinition: "期权允许持有人买入或卖出标的资产的价格。",
      },
      "expiration-date": {
        term: "到期日",
        shortDefinition: "期权可以行权的最后一天；此后合约即告失效。",
      },
      "implied-volatility": {
        term: "隐含波动率",
        shortDefinition: "使模型价格等于期权市场价格的波动率。",
      },
      delta: {
        term: "Delta",
        shortDefinition: "标的资产价格变动一个单位时期权价格的变动量。",
      },
      dividend: {
        term: "股息",
        shortDefinition: "公司向股东支付的现金，通常每季度一次。",
      },
      "market-capitalization": {
        term: "市值",
        shortDefinition: "公司的流通股数乘以股价。",
      },
      "bid-ask-spread": {
        term: "买卖价差",
        shortDefinition: "卖出报价（ask）与买入报价（bid）之差，即立即成交的成本。",
      },
    },
  };
