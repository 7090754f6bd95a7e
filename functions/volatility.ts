import { volatility } from "../lib/api/groups/volatility";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(volatility);
