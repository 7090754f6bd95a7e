import { serviceDescriptor } from "../api/descriptor";
import type { Implementations } from "../api/route";
import { ROUTES } from "../api/routes";
import type { metaRoutes } from "../api/routes/meta";

export const metaImplementations: Implementations<typeof metaRoutes> = {
  "meta.descriptor": ({ context }) => serviceDescriptor(ROUTES, context.baseUrl),
};
