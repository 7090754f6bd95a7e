import { screener } from "../lib/api/groups/screener";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(screener);
