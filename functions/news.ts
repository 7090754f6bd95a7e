import { news } from "../lib/api/groups/news";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(news);
