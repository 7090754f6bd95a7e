/**
 * Name parts for the simulated world's fictional insiders: common US first names and surnames,
 * combined at random (people.ts). Simulated trades must never be attributed to real people, so
 * a combination is refused when its first initial and surname match a well-known business
 * person's (NOTABLE_PEOPLE), and the most distinctive famous surnames are not in the list at all.
 * A match on initial and surname is stricter than on the full name: it also catches nicknames
 * (Rob, Bob and Robert Ford).
 */

import { draw } from "./filings-calendar";

/** The words of a block of text, split on `separator`. */
function words(text: string, separator: RegExp): string[] {
  return text.trim().split(separator);
}

export const FIRST_NAMES: readonly string[] = words(
  `
  Aaron Adrian Alan Alicia Allison Amanda Amy Andrea Angela Anthony Barbara Benjamin Brenda Brian
  Bruce Caroline Catherine Charles Cheryl Christine Christopher Claire Colin Craig Cynthia Daniel
  Deborah Dennis Diane Donald Douglas Edward Elaine Elizabeth Elliott Emily Eric Frances Frank
  Gary Gregory Hannah Heather Helen Henry Ian Jacqueline James Janet Jason Jeffrey Jennifer Jeremy
  Joan Jonathan Joseph Joyce Julia Karen Katherine Keith Kenneth Kevin Laura Lawrence Leslie Linda
  Lisa Margaret Maria Marilyn Mark Martin Matthew Megan Melissa Michael Michelle Nancy Natalie
  Nicholas Olivia Patricia Patrick Paul Peter Philip Rachel Raymond Rebecca Richard Robert Roger
  Ronald Ruth Samuel Sandra Sarah Scott Sharon Stephanie Stephen Steven Susan Teresa Thomas
  Timothy Victoria Walter Wendy William
`,
  /\s+/,
);

export const SURNAMES: readonly string[] = words(
  `
  Abbott Ackerman Aldridge Alvarez Armstrong Ashford Bailey Baldwin Barrett Beckett Bennett Bishop
  Blackwell Bradford Brennan Briggs Brooks Burke Calloway Carrington Carver Castillo Chandler
  Chapman Clayton Coleman Conway Crawford Cummings Dalton Daniels Davenport Davis Delgado Dempsey
  Donovan Doyle Drummond Dunbar Easton Ellis Emerson Everett Fairbanks Farrell Fenwick Fletcher
  Ford Foster Fowler Franklin Gallagher Garcia Garrison Gibson Goodwin Graham Greer Griffith
  Hadley Halvorsen Hammond Harding Harper Hartley Hawkins Hayes Hendricks Hill Holloway Hopkins
  Howell Hughes Ingram Jennings Kendall Kessler Kimball Kingsley Lambert Langford Larsen Lawson
  Lindqvist Lockhart Lowell Lucero Lyons Macintyre Maddox Marsh Mathis Maxwell McAllister McCallum
  Mendez Mercer Merritt Monroe Montgomery Morales Morrow Nakamura Navarro Nolan Norris Oakley
  O'Connell Okafor Osborne Paxton Pearson Pembroke Perkins Peters Porter Prescott Quinlan
  Radcliffe Ramsey Reyes Rhodes Richter Roberts Rowland Russo Salazar Sanford Sawyer Schaefer
  Sheridan Shields Simmons Sinclair Slater Soto Spencer Stafford Sterling Sullivan Sutton Tanaka
  Thornton Townsend Tran Underwood Valdez Vance Vaughn Wainwright Wallace Walsh Warner Webster
  Whitaker Whitfield Whitman Wilder Winslow Wood Wyatt Yates Yoder Zimmerman
`,
  /\s+/,
);

export const MIDDLE_INITIALS = "ABCDEFGHJKLMNPRSTW";

/**
 * Well-known business people: the chief executives (present and recent) of the universe's
 * companies and other famous executives and investors. Only initial and surname are compared.
 */
export const NOTABLE_PEOPLE: readonly string[] = words(
  `
  Tim Cook, Satya Nadella, Jensen Huang, Andy Jassy, Jeff Bezos, Sundar Pichai, Mark Zuckerberg,
  Elon Musk, Warren Buffett, Greg Abel, Jamie Dimon, Ryan McInerney, Andrew Witty, Stephen Hemsley,
  Darren Woods, Joaquin Duato, Doug McMillon, John Furner, Jon Moeller, Michael Miebach,
  Ted Decker, Mike Wirth, Rob Michael, James Quincey, Ramon Laguarta, Hock Tan, Ron Vachris,
  Rob Davis, Safra Catz, Larry Ellison, Lisa Su, Greg Peters, Ted Sarandos, Reed Hastings,
  Marc Benioff, Shantanu Narayen, Pat Gelsinger, Chuck Robbins, Bob Iger, Kelly Ortberg,
  Jim Umpleby, Joe Creed, David Solomon, Dave Ricks, Brian Moynihan, Charlie Scharf, Jane Fraser,
  Ted Pick, James Gorman, Stephen Squeri, Larry Fink, Rick Wurster, Alex Chriss, Dara Khosrowshahi,
  Glenn Fogel, Alex Karp, Marc Casper, Robert Ford, Albert Bourla, Robert Bradway, Daniel O'Day,
  Chris Boerner, Karen Lynch, David Joyner, Geoff Martha, Reshma Kewalramani, Bill McDermott,
  Sasan Goodarzi, Arvind Krishna, Ginni Rometty, Cristiano Amon, Haviv Ilan, Sanjay Mehrotra,
  Gary Dickerson, Tim Archer, Rick Wallace, Vincent Roche, Jayshree Ullal, Nikesh Arora,
  George Kurtz, Frank Slootman, Michael Dell, Chris Kempczinski, Elliott Hill, Phil Knight,
  John Donahoe, Brian Niccol, Howard Schultz, Marvin Ellison, Brian Cornell, Ernie Herrman,
  Jacek Olczak, Billy Gifford, Dirk Van de Put, Brian Chesky, Scott Boatwright, Jim Farley,
  Bill Ford, Mary Barra, RJ Scaringe, Calvin McDonald, Larry Culp, Vimal Kapur, Greg Hayes,
  Chris Calio, Jim Taiclet, Jim Vena, Carol Tome, John May, Ryan Lance, Olivier Le Peuch,
  Vicki Hollub, John Ketchum, Lynn Good, Chris Womack, Hamid Moghadam, Steven Vondran, Sumit Roy,
  Adaire Fox-Martin, Sanjiv Lamba, Kathleen Quirk, Richard Adkerson, Tom Palmer, Heidi Petz,
  John Stankey, Hans Vestberg, Mike Sievert, Brian Roberts, Charles Liang, Brian Armstrong,
  Michael Saylor, Vlad Tenev, Ryan Cohen, Adam Aron, Dave Girouard, Ernie Garcia, Anthony Noto,
  Jason Robins, Anthony Wood, Ed Bastian, Stephane Bancel, Douglas Peterson, Martina Hund-Mejean,
  Kevin Lobo, Maria Black, Mike Roman, Bill Brown, Bill Gates, Steve Ballmer, Steve Jobs,
  Larry Page, Sergey Brin, Jack Welch, Jack Dorsey, Sam Altman, Ken Griffin, Carl Icahn,
  Bill Ackman, Ray Dalio, Peter Thiel, Charlie Munger, Indra Nooyi, Meg Whitman, Michael Bloomberg,
  Richard Branson, Sheryl Sandberg, Susan Wojcicki, Lee Iacocca
`,
  /\s*,\s*/,
);

/** Fictional names, unique across the world, never a notable person's initial and surname. */
export class NameRegistry {
  private readonly taken = new Set<string>();
  private readonly denied = new Set(NOTABLE_PEOPLE.map((name) => initialAndSurname(name)));

  next(key: string): string {
    for (let attempt = 0; ; attempt++) {
      const u = (lane: number) => draw(key, "name", attempt, lane);
      const first = FIRST_NAMES[Math.floor(u(0) * FIRST_NAMES.length)] as string;
      const last = SURNAMES[Math.floor(u(1) * SURNAMES.length)] as string;
      const full = `${first} ${last}`;
      if (this.taken.has(full) || this.denied.has(initialAndSurname(full))) continue;
      this.taken.add(full);
      const middle =
        u(2) < 0.7 ? `${MIDDLE_INITIALS[Math.floor(u(3) * MIDDLE_INITIALS.length)]}. ` : "";
      return `${first} ${middle}${last}`;
    }
  }
}

/** "r ford" for "Robert Ford", "Rob Ford" or "Robert J. Ford"; the surname is the last word. */
export function initialAndSurname(name: string): string {
  const words = name.trim().toLowerCase().split(/\s+/);
  return `${words[0]?.[0] ?? ""} ${words.at(-1) ?? ""}`;
}
