import type { NewsOutlet } from "../ports";
import type { StoryKind } from "./story";

/**
 * The simulated newsroom's outlets and the research firms whose notes it reports. All of them,
 * their reporters and their analysts are FICTIONAL: invented names that are no real
 * publication, bank or broker (test/news/sim checks them against a list of real ones), at
 * example.com addresses.
 */

/** How an outlet writes: a wire is first and terse, a newspaper later and fuller, a site punchy. */
export type OutletStyle = "wire" | "paper" | "online";

export interface OutletProfile extends NewsOutlet {
  style: OutletStyle;
  /** Bylines (fictional). */
  reporters: readonly string[];
  /** The desk editor a wire names in its sign-off (fictional). */
  editor: string;
  /** How likely the outlet is to cover each kind of story (0: never). */
  beats: Partial<Record<StoryKind, number>>;
}

const HOME = "https://news.example.com";

const EVERYTHING: Partial<Record<StoryKind, number>> = {
  earnings: 3,
  "earnings-preview": 1,
  "earnings-reaction": 2,
  move: 2,
  gap: 2,
  mover: 1,
  movers: 1,
  "market-open": 2,
  "market-midday": 1,
  "midday-mover": 2,
  "market-close": 2,
  volume: 1,
  "stocks-to-watch": 1,
  "ex-dividend": 1,
  sector: 1,
  halt: 3,
  "halt-resumed": 2,
  dividend: 2,
  analyst: 2,
  macro: 3,
  "macro-preview": 1,
  "weekly-recap": 1,
  "week-ahead": 1,
  "analyst-roundup": 1,
  "market-holiday": 1,
};

function outlet(
  id: string,
  name: string,
  style: OutletStyle,
  reporters: string[],
  editor: string,
  beats: Partial<Record<StoryKind, number>>,
): OutletProfile {
  const kind = style === "paper" ? "newspaper" : style;
  return { id, name, homepage: `${HOME}/${id}`, kind, style, reporters, editor, beats };
}

export const OUTLETS: readonly OutletProfile[] = [
  outlet(
    "meridian-wire",
    "Meridian Wire",
    "wire",
    ["Nadia Korhonen", "Elias Brandt-Moreno", "Priya Venkataraman"],
    "Oswin Tremaine",
    EVERYTHING,
  ),
  outlet(
    "kestrel-newswire",
    "Kestrel Newswire",
    "wire",
    ["Tomasz Welling", "Greta Lindahl", "Obiora Nwankwo"],
    "Philippa Gaunt",
    { ...EVERYTHING, "week-ahead": 0, "analyst-roundup": 0 },
  ),
  outlet(
    "harbor-street-journal",
    "Harbor Street Journal",
    "paper",
    ["Harriet Quennell", "Marcus Ebbesen", "Lucinda Farrow"],
    "Ambrose Kettering",
    {
      earnings: 3,
      "earnings-reaction": 2,
      move: 2,
      sector: 2,
      "market-close": 3,
      macro: 3,
      "macro-preview": 2,
      analyst: 1,
      "weekly-recap": 2,
      "week-ahead": 2,
      "market-holiday": 1,
    },
  ),
  outlet(
    "lantern-bay-business-post",
    "Lantern Bay Business Post",
    "paper",
    ["Rafael Quintero-Sousa", "Imelda Crosthwaite", "Dominic Ashworth"],
    "Veronika Stallard",
    {
      earnings: 2,
      "earnings-reaction": 2,
      move: 1,
      sector: 2,
      dividend: 1,
      "market-close": 2,
      macro: 2,
      "weekly-recap": 2,
      "analyst-roundup": 1,
    },
  ),
  outlet(
    "quayside-investor",
    "The Quayside Investor",
    "online",
    ["Sana Mirza-Holt", "Callum Pettigrew", "Noor Haddadin"],
    "Benedikt Amsel",
    {
      earnings: 2,
      "earnings-preview": 2,
      "earnings-reaction": 2,
      move: 2,
      mover: 1,
      movers: 1,
      "stocks-to-watch": 1,
      "ex-dividend": 1,
      analyst: 2,
      dividend: 2,
      "analyst-roundup": 2,
      "week-ahead": 2,
    },
  ),
  outlet(
    "cobalt-ridge-daily",
    "Cobalt Ridge Daily",
    "online",
    ["Wes Harrowgate", "Ingrid Solvang", "Tariq Bellamy"],
    "Cordelia Winthorpe",
    {
      move: 3,
      gap: 2,
      mover: 2,
      movers: 2,
      "market-open": 2,
      "market-midday": 2,
      "midday-mover": 2,
      "market-close": 2,
      volume: 2,
      brief: 2,
      sector: 2,
      "earnings-reaction": 1,
      halt: 1,
      macro: 1,
      "weekly-recap": 1,
    },
  ),
  outlet(
    "ashgrove-ticker",
    "Ashgrove Ticker",
    "online",
    ["Juno Fairclough", "Bram Oosterhuis", "Kezia Mabry"],
    "Lorcan Whitebrook",
    {
      earnings: 2,
      gap: 2,
      mover: 2,
      movers: 2,
      halt: 2,
      "halt-resumed": 1,
      analyst: 2,
      "earnings-preview": 1,
      move: 1,
      "midday-mover": 2,
      volume: 2,
      brief: 3,
      "stocks-to-watch": 2,
      "ex-dividend": 1,
    },
  ),
  outlet(
    "saltmarsh-capital-brief",
    "Saltmarsh Capital Brief",
    "paper",
    ["Agnes Thistlewood", "Laszlo Verhoeven", "Delphine Arkwright"],
    "Rupert Vellacott",
    {
      macro: 3,
      "macro-preview": 2,
      sector: 2,
      "market-close": 1,
      dividend: 2,
      "weekly-recap": 1,
      "week-ahead": 1,
      "market-holiday": 1,
      "analyst-roundup": 1,
    },
  ),
  outlet(
    "brackenfold-markets",
    "Brackenfold Markets",
    "online",
    ["Milo Strandberg", "Yara Castellane", "Fintan Doherty-Blake"],
    "Henrietta Quarles",
    {
      "earnings-preview": 2,
      earnings: 1,
      dividend: 2,
      analyst: 2,
      mover: 1,
      "week-ahead": 1,
      "analyst-roundup": 1,
      "market-open": 1,
      "market-midday": 1,
      brief: 1,
      "stocks-to-watch": 2,
      "ex-dividend": 2,
    },
  ),
];

export interface ResearchFirm {
  id: string;
  name: string;
  /** The firm's ratings, best first: [positive, neutral, negative]. */
  scale: readonly [string, string, string];
  /** Its analysts (fictional). */
  analysts: readonly string[];
}

export const RESEARCH_FIRMS: readonly ResearchFirm[] = [
  {
    id: "halvard-pike",
    name: "Halvard & Pike Securities",
    scale: ["Buy", "Hold", "Sell"],
    analysts: ["Imogen Trask", "Severin Alcott", "Dahlia Renwick"],
  },
  {
    id: "tarnwell",
    name: "Tarnwell Capital Markets",
    scale: ["Outperform", "Market Perform", "Underperform"],
    analysts: ["Ferdinand Osei", "Clementine Rook", "Yusuf Halloran"],
  },
  {
    id: "orrin-vale",
    name: "Orrin Vale Research",
    scale: ["Overweight", "Equal Weight", "Underweight"],
    analysts: ["Beatrix Lomond", "Ansel Kavanagh", "Mireille Dunstan"],
  },
  {
    id: "fenmore",
    name: "Fenmore Brothers",
    scale: ["Buy", "Neutral", "Sell"],
    analysts: ["Cosmo Prendergast", "Ottilie Saker", "Rohan Achterberg"],
  },
  {
    id: "pelham-crane",
    name: "Pelham Crane & Co.",
    scale: ["Outperform", "Neutral", "Underperform"],
    analysts: ["Leontyne Ferrars", "Emrys Calloway-Stone", "Kaveh Ardalani"],
  },
  {
    id: "ostrander-lyle",
    name: "Ostrander Lyle Securities",
    scale: ["Buy", "Hold", "Sell"],
    analysts: ["Winifred Astell", "Joaquim Pereira-Lund", "Tamsin Greaves"],
  },
  {
    id: "bramblecote",
    name: "Bramblecote Partners",
    scale: ["Overweight", "Neutral", "Underweight"],
    analysts: ["Alaric Fenwright", "Signe Holmqvist", "Dev Malhotra-Reyes"],
  },
  {
    id: "quillon-street",
    name: "Quillon Street Research",
    scale: ["Accumulate", "Hold", "Reduce"],
    analysts: ["Perpetua Lyle-Mason", "Gideon Farquhar", "Anouk Vermeulen"],
  },
  {
    id: "larkspur",
    name: "Larkspur Equity Research",
    scale: ["Buy", "Hold", "Sell"],
    analysts: ["Thaddeus Brightwell", "Marisol Etxeberria", "Corentin Duclos"],
  },
  {
    id: "wrenfield-hale",
    name: "Wrenfield Hale Capital",
    scale: ["Outperform", "Sector Perform", "Underperform"],
    analysts: ["Hollis Abernethy", "Zofia Kaczmarek", "Lachlan Mordaunt"],
  },
];
