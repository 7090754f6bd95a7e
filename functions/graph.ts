import { graph } from "../lib/api/groups/graph";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(graph);
