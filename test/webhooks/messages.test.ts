import { describe, expect, it } from "vitest";
import {
  type DeliveryMessage,
  decodeDeliveryMessage,
  encodeDeliveryMessage,
} from "../../lib/webhooks/messages";

/** The queue message's encoding, and what the consumer refuses as poison. */

const MESSAGE: DeliveryMessage = {
  event: {
    id: "msg_01KB0W7D3F5H7K9M1P3R5T7V9X",
    type: "alert.price",
    timestamp: "2026-11-24T15:31:02.000Z",
    data: { alertId: "al_7d2kq6m4x6c3v5b2n5z3", value: 200.42 },
  },
  userId: 42,
  webhookId: "wh_q4vq2k7c5m3x6n2p6r2t",
  attempt: 3,
  waitSeconds: 900,
};

describe("delivery messages", () => {
  it("decode what was encoded, with or without a wait", () => {
    expect(decodeDeliveryMessage(encodeDeliveryMessage(MESSAGE))).toEqual(MESSAGE);
    const { waitSeconds: _, ...now } = MESSAGE;
    expect(decodeDeliveryMessage(encodeDeliveryMessage(now))).toEqual(now);
  });

  it.each([
    ["not JSON", "{"],
    ["an array", "[]"],
    ["no event", JSON.stringify({ ...MESSAGE, event: undefined })],
    [
      "an event id with a space",
      JSON.stringify({ ...MESSAGE, event: { ...MESSAGE.event, id: "a b" } }),
    ],
    ["an empty type", JSON.stringify({ ...MESSAGE, event: { ...MESSAGE.event, type: "" } })],
    [
      "a timestamp that is no date",
      JSON.stringify({ ...MESSAGE, event: { ...MESSAGE.event, timestamp: "soon" } }),
    ],
    ["no data", JSON.stringify({ ...MESSAGE, event: { ...MESSAGE.event, data: undefined } })],
    ["a user id of 0", JSON.stringify({ ...MESSAGE, userId: 0 })],
    ["a user id as text", JSON.stringify({ ...MESSAGE, userId: "42" })],
    ["no webhook id", JSON.stringify({ ...MESSAGE, webhookId: "" })],
    ["attempt 0", JSON.stringify({ ...MESSAGE, attempt: 0 })],
    ["a fractional attempt", JSON.stringify({ ...MESSAGE, attempt: 1.5 })],
    ["a negative wait", JSON.stringify({ ...MESSAGE, waitSeconds: -1 })],
  ])("refuse %s", (_label, body) => {
    expect(decodeDeliveryMessage(body)).toBeUndefined();
  });
});
