import { optionsImplementations } from "../lib/handlers/options";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("options", optionsImplementations);
