import type { Mailer } from "./mailer";
import { plainText } from "./mailer";

/**
 * In AWS: SES v2, from and to addresses from configuration, reply-to the sender. The SES
 * client is imported on the first message, so a cold start of the function never pays for it.
 */
export function sesMailer(region: string, from: string, to: string): Mailer {
  let client: Promise<import("@aws-sdk/client-sesv2").SESv2Client> | undefined;
  return {
    async send(message) {
      const sdk = await import("@aws-sdk/client-sesv2");
      client ??= Promise.resolve(new sdk.SESv2Client({ region }));
      const subject = `[contact/${message.source}] ${message.subject ?? message.inquiryType ?? "message"}`;
      await (await client).send(
        new sdk.SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          ReplyToAddresses: [message.email],
          Content: {
            Simple: {
              Subject: { Data: `${subject} from ${message.name}` },
              Body: { Text: { Data: plainText(message) } },
            },
          },
        }),
      );
    },
  };
}
