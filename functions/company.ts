import { company } from "../lib/api/groups/company";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(company);
