import { webhooks } from "../lib/api/groups/webhooks";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(webhooks);
