import { describe, expect, it } from "vitest";
import { toClientError } from "./error-forwarding.ts";

describe("client error events", () => {
  it("carries the message, meta, error name, message, stack and timestamp", () => {
    const error = new TypeError("boom");
    const event = toClientError({ message: "save failed", meta: { id: 3 }, error }, new Date("2026-01-02T03:04:05Z"));
    expect(event).toMatchObject({
      message: "save failed",
      meta: { id: 3 },
      error_name: "TypeError",
      error_message: "boom",
      timestamp: "2026-01-02T03:04:05.000Z",
    });
    expect(event.stack).toContain("boom");
  });

  it("accepts non-Error values", () => {
    expect(toClientError({ message: "x", error: "plain text" }).error_message).toBe("plain text");
  });
});
