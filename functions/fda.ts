import { fda } from "../lib/api/groups/fda";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(fda);
