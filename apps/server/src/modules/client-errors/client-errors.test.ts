import { createServer } from "node:http";
import { Writable } from "node:stream";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";

describe("POST /api/v1/client-errors", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it("logs a structured client_error event and forwards it to analytics when configured", async () => {
    const received: unknown[] = [];
    const analytics = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push(JSON.parse(body));
        res.end("ok");
      });
    });
    await new Promise<void>((r) => analytics.listen(0, "127.0.0.1", r));
    cleanup.push(() => new Promise((r) => analytics.close(r)));
    const port = (analytics.address() as { port: number }).port;

    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({
      env: testEnv({ LOG_LEVEL: "info", ANALYTICS_URL: `http://127.0.0.1:${port}/capture` }),
      database,
      webDist: "/nonexistent",
      logStream,
    });
    cleanup.push(
      () => database.close(),
      () => app.close(),
    );

    const res = await app.inject({
      method: "POST",
      url: "/api/v1/client-errors",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: {
        message: "could not store the session",
        meta: { where: "login" },
        error_name: "QuotaExceededError",
        error_message: "The quota has been exceeded.",
        stack: "QuotaExceededError: ...\n    at writeSession",
        timestamp: "2026-11-23T00:00:00.000Z",
      },
    });
    expect(res.statusCode).toBe(202);
    const event = lines.map((l) => JSON.parse(l)).find((l) => l.event === "client_error");
    expect(event).toMatchObject({ msg: "client_error", error_name: "QuotaExceededError", meta: { where: "login" } });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({
      event: "client_error",
      properties: { message: "could not store the session" },
    });

    const bad = await app.inject({
      method: "POST",
      url: "/api/v1/client-errors",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { message: 42 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
