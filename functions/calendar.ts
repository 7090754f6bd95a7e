import { calendar } from "../lib/api/groups/calendar";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(calendar);
