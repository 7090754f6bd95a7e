import { intelligence } from "../lib/api/groups/intelligence";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(intelligence);
