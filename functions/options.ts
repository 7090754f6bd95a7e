import { options } from "../lib/api/groups/options";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(options);
