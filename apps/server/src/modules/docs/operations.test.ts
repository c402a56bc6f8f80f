import { Writable } from "node:stream";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";

/** A log stream for the app whose lines the test reads. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe("operations endpoints and headers", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves an OpenAPI 3 document generated from the route schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/v1/property-types",
        "/api/v1/auth/login",
        "/api/v1/auth/create-account",
      ]),
    );
    expect(doc.paths["/api/v1/auth/login"].post.requestBody).toBeDefined();
  });

  it("serves a readable reference without any script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("/api/v1/auth/login");
    expect(res.body).not.toMatch(/<script/i);
  });

  it("answers health with a database round trip", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends security headers: CSP without inline script, no framing, nosniff, no HSTS over plain HTTP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("adds HSTS behind an HTTPS proxy, and only to answers that went out over HTTPS", async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ env: testEnv({ TRUST_PROXY: "true" }), database, webDist: "/nonexistent" });
    const res = await app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    const plain = await app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    await app.close();
    await database.close();
  });

  it("logs requests as JSON with their id and never the cookie or password", async () => {
    const { lines, stream } = logCapture();
    const database = await createTestDatabase();
    const app = await buildApp({
      env: testEnv(),
      database,
      webDist: "/nonexistent",
      logger: {
        level: "info",
        stream,
        redact: { paths: ["req.headers.cookie", "req.headers.authorization"], censor: "[redacted]" },
      },
    });
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { username: "someone@example.com", password: "Sup3r-Secret-Pass!" },
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        cookie: "kh_session=very-secret-token",
        "x-request-id": "req-abc-123",
      },
    });
    expect(res.statusCode).toBe(401);
    await app.close();
    await database.close();
    const log = lines.join("");
    expect(log).toContain("req-abc-123");
    expect(log).not.toContain("very-secret-token");
    expect(log).not.toContain("Sup3r-Secret-Pass!");
    expect(() => lines.map((l) => JSON.parse(l))).not.toThrow();
  });

  it("logs a failed query's SQL and reason but never its parameters", async () => {
    const { lines, stream } = logCapture();
    const database = await createTestDatabase();
    const app = await buildApp({
      env: testEnv({ LOG_LEVEL: "error" }),
      database,
      webDist: "/nonexistent",
      logStream: stream,
    });
    // A query that fails inside the database with a user's value among its parameters.
    app.get("/api/test/failing-query", () =>
      database.db.execute(sql`select ${"someone.private@example.com"}::int as n`),
    );
    const res = await app.inject({ method: "GET", url: "/api/test/failing-query" });
    expect(res.statusCode).toBe(500);
    await app.close();
    await database.close();
    const log = lines.join("");
    expect(log).toContain("Failed query");
    expect(log).toContain("invalid input syntax");
    expect(log).not.toContain("someone.private@example.com");
  });
});
