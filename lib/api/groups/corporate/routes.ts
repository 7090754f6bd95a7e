import { object, string } from "zod";
import { groupRoutes } from "../../route";
import { contactBodySchema } from "../../schemas/contact";

/** The corporate website's contact form posts here from the browser (CORS allowlist). */
const corporateContactBody = contactBodySchema
  .omit({ subject: true })
  .extend({ source: contactBodySchema.shape.company.meta({ description: "Page or campaign" }) });

export const corporateRoutes = groupRoutes("corporate", {
  contact: {
    method: "POST",
    path: "/corporate/contact",
    auth: "none",
    errors: ["ORIGIN_NOT_ALLOWED", "SEND_FAILED"],
    cors: true,
    // The spec lists the intake in its Account table: one controller, two functions.
    controller: "account",
    summary: "Corporate-site contact intake",
    description:
      "Browser requests must come from an allowed origin (403 ORIGIN_NOT_ALLOWED). Invalid " +
      "fields answer 400 INVALID_NAME, INVALID_EMAIL or INVALID_MESSAGE (others " +
      "INVALID_PARAMETER); 502 SEND_FAILED when the mail hand-off is rejected.",
    fieldErrorCodes: { name: "INVALID_NAME", email: "INVALID_EMAIL", message: "INVALID_MESSAGE" },
    body: corporateContactBody,
    response: object({ message: string() }),
  },
  preflight: {
    method: "OPTIONS",
    path: "/corporate/contact",
    auth: "none",
    errors: ["ORIGIN_NOT_ALLOWED"],
    cors: true,
    unmetered: true,
    hidden: true,
    summary: "CORS preflight for the contact intake",
    response: "raw",
  },
});
