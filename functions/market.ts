import { marketImplementations } from "../lib/handlers/market";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("market", marketImplementations);
