import { market } from "../lib/api/groups/market";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(market);
