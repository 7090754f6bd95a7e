import { account } from "../lib/api/groups/account";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler(account);
