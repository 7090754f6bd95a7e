import { marketAnalysis } from "../lib/api/groups/marketAnalysis";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(marketAnalysis);
