/**
 * The webhook delivery queue and its dead-letter queue, shared by the CDK stack and the
 * local runtime (fauxqs) so both behave alike.
 */
export const WEBHOOK_QUEUE = {
  name: "webhook-deliveries",
  deadLetterName: "webhook-deliveries-dlq",
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: 5,
  /**
   * The consumer Lambda's timeout: a batch of 10 attempted concurrently, each at most 10 s,
   * plus the delivery-log writes and re-enqueues, with room to spare.
   */
  consumerTimeoutSeconds: 30,
  /**
   * At least 6 × the consumer's timeout, AWS's guidance for a Lambda SQS event source: the
   * poller's retries of a throttled invocation must fit before the message turns visible
   * again, or an in-flight message is delivered twice. Also how long a failed message waits
   * before its redelivery (ReportBatchItemFailures).
   */
  visibilityTimeoutSeconds: 180,
  /** Dead letters are kept for inspection for 14 days (the SQS maximum). */
  deadLetterRetentionSeconds: 14 * 24 * 3600,
} as const;
