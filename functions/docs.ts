import { docsImplementations } from "../lib/handlers/docs";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("docs", docsImplementations);
