import { content } from "../lib/api/groups/content";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(content);
