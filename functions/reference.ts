import { reference } from "../lib/api/groups/reference";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(reference);
