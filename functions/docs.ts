import { docs } from "../lib/api/groups/docs";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(docs);
