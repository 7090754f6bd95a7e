import { sendContactMessage } from "../../../contact/contact";
import type { CoreDeps, Deps } from "../../../deps";
import { apiError } from "../../errors";
import type { Implementations, RequestContext } from "../../route";
import type { corporateRoutes } from "./routes";

/** Requests without an Origin header (servers, curl) are not browsers and need no allowlist. */
function requireAllowedOrigin(context: RequestContext, deps: CorporateDeps) {
  if (context.origin !== undefined && !deps.corsOrigins.includes(context.origin)) {
    throw apiError("ORIGIN_NOT_ALLOWED", { origin: context.origin });
  }
}

/** What the corporate group's implementations use (wired in ./index.ts). */
export type CorporateDeps = CoreDeps & Pick<Deps, "mailer">;

export const corporateImplementations: Implementations<typeof corporateRoutes, CorporateDeps> = {
  "corporate.contact": async ({ body, context }, deps) => {
    requireAllowedOrigin(context, deps);
    const { source, ...fields } = body;
    await sendContactMessage(
      {
        source: "corporate",
        ...fields,
        origin: source,
        receivedAt: deps.clock.now().toISOString(),
      },
      context,
      deps,
    );
    return { message: "Thank you. We will be in touch." };
  },
  "corporate.preflight": ({ context }, deps) => {
    requireAllowedOrigin(context, deps);
    return { contentType: "text/plain; charset=utf-8", body: "", status: 204 };
  },
};
