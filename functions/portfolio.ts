import { portfolio } from "../lib/api/groups/portfolio";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(portfolio);
