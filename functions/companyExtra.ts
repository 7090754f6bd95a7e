import { companyExtra } from "../lib/api/groups/companyExtra";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(companyExtra);
