import { fundamentals } from "../lib/api/groups/fundamentals";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(fundamentals);
