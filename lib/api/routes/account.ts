import { array, int, nullable, number, object, string } from "zod";
import { defineRoutes } from "../route";

export const tierSchema = object({
  id: int(),
  name: string(),
  perMinuteLimit: nullable(int()).meta({ description: "Requests per minute; null: by contract" }),
  dailyLimit: nullable(int()).meta({ description: "Requests per UTC day; null: no daily limit" }),
  monthlyPrice: nullable(number()).meta({ description: "USD per month; null: contact sales" }),
  description: string(),
});

export const accountRoutes = defineRoutes({
  tiers: {
    id: "account.tiers",
    group: "account",
    method: "GET",
    path: "/account/tiers",
    auth: "none",
    summary: "Subscription tiers and their limits",
    response: array(tierSchema),
  },
});
