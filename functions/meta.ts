import { metaImplementations } from "../lib/handlers/meta";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("meta", metaImplementations);
