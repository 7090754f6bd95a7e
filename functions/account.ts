import { accountImplementations } from "../lib/handlers/account";
import { createGroupHandler } from "./shared/http-handler";

export const handler = createGroupHandler("account", accountImplementations);
