import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type CalendarDeps, calendarImplementations } from "./implementations";
import { calendarRoutes } from "./routes";

/**
 * The calendars (issue 16): economic releases (lib/calendar/economic.ts), earnings with the
 * options' view (lib/api/earnings-moves.ts, lib/api/iv-rank.ts), ex-dividend dates, and the
 * coming week merged.
 */
export const calendar = defineGroup<typeof calendarRoutes, CalendarDeps>({
  name: "calendar",
  routes: calendarRoutes,
  implementations: calendarImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    })),
});
