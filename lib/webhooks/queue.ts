/**
 * The webhook delivery queue and its dead-letter queue, shared by the CDK stack and the
 * local runtime (fauxqs) so both behave alike.
 */
export const WEBHOOK_QUEUE = {
  name: "webhook-deliveries",
  deadLetterName: "webhook-deliveries-dlq",
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: 5,
  /** Must exceed the consumer's timeout so an in-flight message is not delivered twice. */
  visibilityTimeoutSeconds: 60,
  /** Dead letters are kept for inspection for 14 days (the SQS maximum). */
  deadLetterRetentionSeconds: 14 * 24 * 3600,
} as const;
