import { createFallbackHandler } from "./shared/http-handler";

/** API Gateway's `$default` route: 404 for unknown paths, 405 for known paths with another method. */
export const handler = createFallbackHandler();
