import { hedge } from "../lib/api/groups/hedge";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(hedge);
