import { corporateImplementations } from "../lib/handlers/corporate";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("corporate", corporateImplementations);
