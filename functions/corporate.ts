import { corporate } from "../lib/api/groups/corporate";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(corporate);
