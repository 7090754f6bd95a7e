import { array, int, number, object, string } from "zod";
import { groupRoutes } from "../../../route";
import { contractCode, daysToExpiration, pricingInputs } from "./schemas";

/**
 * Option volume and open interest against their recent averages: today's activity from the
 * listed chains, the averages from the source's record of past sessions.
 */

/** Completed sessions the averages cover. */
export const AVERAGE_SESSIONS = 20;

const contracts = (description: string) =>
  int().meta({ description: `${description}, contracts (× 100 shares each)` });

const average = (description: string, nullable: string) =>
  number()
    .nullable()
    .meta({
      description: `${description}, contracts, 2 decimals; null ${nullable}`,
    });

const toAverage = (description: string) =>
  number()
    .nullable()
    .meta({
      description: `${description}, 6 decimals (1 = as active as on average); null when the average is 0 or there is none`,
    });

/** Every side's fields today, their averages and ratios; averages are null only `nullable`. */
function activityFields(nullable: string) {
  return {
    callVolume: contracts("Calls traded in the session"),
    putVolume: contracts("Puts traded in the session"),
    totalVolume: contracts("callVolume + putVolume"),
    callOpenInterest: contracts("Open calls"),
    putOpenInterest: contracts("Open puts"),
    totalOpenInterest: contracts("callOpenInterest + putOpenInterest"),
    averageCallVolume: average("Mean callVolume of the averaged sessions", nullable),
    averagePutVolume: average("Mean putVolume of the averaged sessions", nullable),
    averageTotalVolume: average("Mean totalVolume of the averaged sessions", nullable),
    averageCallOpenInterest: average("Mean callOpenInterest of the averaged sessions", nullable),
    averagePutOpenInterest: average("Mean putOpenInterest of the averaged sessions", nullable),
    averageTotalOpenInterest: average("Mean totalOpenInterest of the averaged sessions", nullable),
    callVolumeToAverage: toAverage("callVolume / averageCallVolume"),
    putVolumeToAverage: toAverage("putVolume / averagePutVolume"),
    totalVolumeToAverage: toAverage("totalVolume / averageTotalVolume"),
    callOpenInterestToAverage: toAverage("callOpenInterest / averageCallOpenInterest"),
    putOpenInterestToAverage: toAverage("putOpenInterest / averagePutOpenInterest"),
    totalOpenInterestToAverage: toAverage("totalOpenInterest / averageTotalOpenInterest"),
  };
}

const TOTAL_NULLABLE = "when no past session was averaged (averageSessions = 0)";
const EXPIRATION_NULLABLE = "when the expiration was listed in none of the averaged sessions";

export const optionsVolumeRoutes = groupRoutes("options", {
  volume: {
    method: "GET",
    path: "/options/{code}/volume",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Option volume and open interest against their 20-session averages",
    description:
      "Call, put and total option volume and open interest of every listed expiration, soonest " +
      "first, and of all of them together, against their averages over the 20 completed " +
      "sessions before `session`. `session` is the session whose trading the volume counts: " +
      "today's (New York) once its regular session has opened, so far (it grows during the " +
      "day), else the latest one, whole (before the open, on weekends and holidays). Volume = " +
      "contracts traded in the session, open interest = open contracts, both summed over the " +
      "listed contracts of the expiration (total: of every listed expiration); today's are read " +
      "off the chains now (as /options/{code}/chain shows them), past sessions' from the " +
      "source's daily record at each session's close. averageX = Σ X over the averaged " +
      "sessions / their number, 2 decimals; in total, each past session counts every " +
      "expiration listed that day; per expiration, only the sessions in which it was listed " +
      "(averageSessions says how many). XToAverage = X / averageX, 6 decimals, null when the " +
      "average is 0 or missing: above 1, more active than usual (an intraday session's volume " +
      "is compared with whole sessions). daysToExpiration counts calendar days from today in " +
      "New York. 404 NO_CHAIN_DATA for an unknown code or a contract without listed options; " +
      "503 MARKET_DATA_UNAVAILABLE when the source is down, lists no expirations or keeps no " +
      "record of past sessions' option activity.",
    params: object({ code: contractCode }),
    response: pricingInputs.extend({
      symbol: string(),
      session: string().meta({
        description:
          "yyyy-MM-dd: the session the volume counts (today's once its regular session has opened, else the latest)",
      }),
      averageSessions: int().meta({
        description:
          "Completed sessions averaged: the 20 before `session` (fewer if the source has fewer)",
      }),
      averageFrom: string()
        .nullable()
        .meta({ description: "yyyy-MM-dd of the oldest averaged session; null when none" }),
      averageTo: string()
        .nullable()
        .meta({ description: "yyyy-MM-dd of the latest averaged session; null when none" }),
      total: object(activityFields(TOTAL_NULLABLE)).meta({
        description: "Every listed expiration together",
      }),
      expirations: array(
        object({
          expiration: string().meta({ description: "yyyy-MM-dd" }),
          daysToExpiration,
          averageSessions: int().meta({
            description: "Averaged sessions in which this expiration was listed (0-20)",
          }),
          ...activityFields(EXPIRATION_NULLABLE),
        }),
      ).meta({ description: "Every listed expiration, soonest first" }),
    }),
  },
});
