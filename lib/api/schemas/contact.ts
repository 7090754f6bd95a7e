import { email, object, string } from "zod";

/**
 * Request fields more than one group accepts (account and corporate contact forms, the
 * account's credentials), here so neither group's bundle carries the other's routes.
 */

/** No CR or LF: these fields end up in mail headers (and key names in lists). */
export const headerSafe = (max: number) =>
  string()
    .regex(/^[^\r\n]*$/, "must not contain line breaks")
    .trim()
    .min(1)
    .max(max);

const emailField = email({ message: "must be a valid email address" })
  .max(254)
  .regex(/^[^\r\n]*$/, "must not contain line breaks");

/** Emails are trimmed and lower-cased before they are stored or compared. */
export const normalisedEmail = string()
  .regex(/^[^\r\n]*$/, "must not contain line breaks")
  .trim()
  .toLowerCase()
  .pipe(emailField);

export const contactBodySchema = object({
  name: headerSafe(200),
  email: normalisedEmail,
  message: string().trim().min(1).max(5000),
  company: headerSafe(200).optional(),
  role: headerSafe(200).optional(),
  subject: headerSafe(200).optional(),
  inquiryType: headerSafe(50).optional().meta({ description: "e.g. sales, support, partnership" }),
});
