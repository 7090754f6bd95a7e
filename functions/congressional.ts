import { congressional } from "../lib/api/groups/congressional";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(congressional);
