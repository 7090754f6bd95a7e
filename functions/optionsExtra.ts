import { optionsExtra } from "../lib/api/groups/optionsExtra";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(optionsExtra);
