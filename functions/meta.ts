import { meta } from "../lib/api/groups/meta";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(meta);
