/** A subscription tier. Null figures: no limit (daily) or not published (price). */
export interface Tier {
  id: number;
  name: string;
  perMinuteLimit: number | null;
  dailyLimit: number | null;
  monthlyPrice: number | null;
  description: string;
}

/** The spec's tier table (Limits). Business and Enterprise: figures the spec leaves out are null. */
export const TIERS: readonly Tier[] = [
  {
    id: 0,
    name: "Free",
    perMinuteLimit: 60,
    dailyLimit: 1000,
    monthlyPrice: 0,
    description: "For trying the API and personal projects.",
  },
  {
    id: 1,
    name: "Starter",
    perMinuteLimit: 60,
    dailyLimit: 10000,
    monthlyPrice: 49,
    description: "For individual developers running tools every day.",
  },
  {
    id: 2,
    name: "Professional",
    perMinuteLimit: 300,
    dailyLimit: 50000,
    monthlyPrice: 199,
    description: "For production trading tools and small teams.",
  },
  {
    id: 3,
    name: "Business",
    perMinuteLimit: 1000,
    dailyLimit: null,
    monthlyPrice: null,
    description: "High throughput with no daily limit. Contact sales for pricing.",
  },
  {
    id: 4,
    name: "Enterprise",
    perMinuteLimit: null,
    dailyLimit: null,
    monthlyPrice: null,
    description: "Custom limits, no daily limit and dedicated support. Contact sales.",
  },
];
