import { boolean, int, iso, object, string, enum as zEnum } from "zod";
import { SESSION_NAMES } from "../../market/sessions";
import { defineRoutes } from "../route";

export const marketStatusSchema = object({
  currentSession: zEnum(SESSION_NAMES),
  nextSession: zEnum(SESSION_NAMES),
  secondsToNextSession: int().min(0),
  isWeekend: boolean().meta({ description: "Saturday or Sunday in New York" }),
  isHoliday: boolean().meta({ description: "A full NYSE holiday (weekday) in New York" }),
  isEarlyClose: boolean().meta({ description: "Regular session closes at 13:00 today" }),
  currentTimeEst: string().meta({
    description: "New York wall-clock time, `yyyy-MM-dd HH:mm:ss` and EST or EDT",
    example: "2026-11-23 10:15:03 EST",
  }),
  serverTimeUtc: iso.datetime(),
  nextSessionStartUtc: iso.datetime(),
});

export const marketRoutes = defineRoutes({
  status: {
    id: "market.status",
    group: "market",
    method: "GET",
    path: "/market/status",
    auth: "key",
    summary: "US equity market session clock",
    description:
      "The NYSE session in New York time: Pre-Market 04:00-09:30, Market 09:30-16:00 " +
      "(13:00 on early-close days), After-Hours to 20:00 (17:00 on early-close days), " +
      "Overnight 20:00-04:00 on the night before each trading day, otherwise Closed.",
    response: marketStatusSchema,
  },
});
