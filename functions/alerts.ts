import { alerts } from "../lib/api/groups/alerts";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(alerts);
