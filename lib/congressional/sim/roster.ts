import type { Chamber, CongressMember, Party } from "../ports";

/**
 * The simulated Congress: 46 FICTIONAL members (30 representatives, 16 senators) across both
 * parties, an independent, and 25 states. Every name is invented; none is the name of a real
 * current or past member of Congress (test/congressional/roster.test.ts checks the last names
 * against the current Congress's). Districts exist in their state under the 2020 apportionment
 * (`HOUSE_SEATS`); at-large states have "AL". No state has more than two senators and no seat
 * two representatives.
 */

type Seat = [first: string, last: string, party: Party, state: string, district?: number];

/** Representatives (district 0 = at large). */
const HOUSE: readonly Seat[] = [
  ["Corliss", "Vantreese", "D", "CA", 14],
  ["Odalys", "Quennell", "D", "CA", 37],
  ["Warrick", "Ashgrove", "R", "CA", 22],
  ["Tamsin", "Oakhurst", "R", "TX", 8],
  ["Dexter", "Fenwright", "R", "TX", 31],
  ["Lucinda", "Marrowbridge", "D", "TX", 29],
  ["Gideon", "Thistlewood", "R", "FL", 19],
  ["Priya", "Castellane", "D", "FL", 23],
  ["Royce", "Everholt", "R", "FL", 3],
  ["Marguerite", "Ravensworth", "D", "NY", 12],
  ["Anselm", "Kowalczyk-Reyes", "R", "NY", 2],
  ["Delphine", "Strandquist", "D", "NY", 17],
  ["Holt", "Westerby", "R", "PA", 9],
  ["Simone", "Achterberg", "D", "PA", 5],
  ["Cyrus", "Penwarden", "R", "OH", 4],
  ["Nadia", "Elderkin", "D", "OH", 11],
  ["Beau", "Cranmoor", "R", "GA", 11],
  ["Imani", "Fairweather-Lowe", "D", "GA", 5],
  ["Everett", "Quarrington", "R", "NC", 10],
  ["Rosalind", "Hasterlin", "D", "MI", 12],
  ["Jasper", "Idlewood", "R", "MI", 4],
  ["Maren", "Jessamine", "D", "NJ", 8],
  ["Colby", "Garrowden", "R", "VA", 1],
  ["Ines", "Valcourt", "D", "WA", 7],
  ["Tobias", "Kestrelman", "R", "AZ", 5],
  ["Leonie", "Brightmore", "D", "MA", 4],
  ["Wade", "Dunstable", "R", "TN", 6],
  ["Carmen", "Oyelaran", "D", "IL", 7],
  ["Hollis", "Gravenor", "R", "WY", 0],
  ["Annika", "Moorcroft", "R", "MT", 2],
];

const SENATE: readonly Seat[] = [
  ["Evangeline", "Marchetti-Sloane", "D", "CA"],
  ["Thaddeus", "Crowhurst", "R", "TX"],
  ["Lorraine", "Sutcliffe-Amado", "D", "NY"],
  ["Barnaby", "Ketterman", "R", "FL"],
  ["Josefina", "Larkspur", "D", "AZ"],
  ["Cornelius", "Pembrook", "R", "OH"],
  ["Delia", "Quintrell", "D", "MI"],
  ["Augustin", "Rourkeby", "R", "GA"],
  ["Wilhelmina", "Osterhout", "D", "WI"],
  ["Garrison", "Halvane", "R", "KY"],
  ["Noor", "Evenstad", "I", "VT"],
  ["Percival", "Stanmore", "R", "MT"],
  ["Ophelia", "Vashti-Lund", "D", "NM"],
  ["Lachlan", "Pettigrove", "R", "SC"],
  ["Celeste", "Marwood", "D", "MN"],
  ["Fitz", "Okonkwo-Hale", "R", "UT"],
];

/** House seats per state under the 2020 apportionment (the states the roster uses). */
export const HOUSE_SEATS: Readonly<Record<string, number>> = {
  AZ: 9,
  CA: 52,
  FL: 28,
  GA: 14,
  IL: 17,
  MA: 9,
  MI: 13,
  MT: 2,
  NC: 14,
  NJ: 12,
  NY: 26,
  OH: 15,
  PA: 17,
  TN: 9,
  TX: 38,
  VA: 11,
  WA: 10,
  WY: 1,
};

const slug = (first: string, last: string) => `${first}-${last}`.toLowerCase();

function member(chamber: Chamber, [first, last, party, state, district]: Seat): CongressMember {
  return {
    id: slug(first, last),
    firstName: first,
    lastName: last,
    chamber,
    party,
    state,
    district: chamber === "senate" ? null : district === 0 ? "AL" : String(district),
  };
}

/** Every simulated member, representatives first, in roster order. */
export const SIMULATED_MEMBERS: readonly CongressMember[] = [
  ...HOUSE.map((seat) => member("house", seat)),
  ...SENATE.map((seat) => member("senate", seat)),
];

export const fullName = (m: Pick<CongressMember, "firstName" | "lastName">) =>
  `${m.firstName} ${m.lastName}`;
