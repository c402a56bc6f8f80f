import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import { loadEnv } from "../env.ts";

/**
 * Behind a proxy that appends the address it saw, a client can prepend any address it likes to
 * X-Forwarded-For. Only the hops the operator names may be trusted, or a per-address limit is
 * escaped by writing a new address into each request.
 */
async function forgotPasswordTwelveTimes(trustProxy: string) {
  const database = await createTestDatabase();
  const app = await buildApp({ env: testEnv({ TRUST_PROXY: trustProxy }), database, webDist: "/nonexistent" });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/auth/forgot-password",
      remoteAddress: "127.0.0.1",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, "x-forwarded-for": `203.0.113.${i}, 198.51.100.9` },
      payload: { email: "someone@example.com" },
    });
    statuses.push(res.statusCode);
  }
  await app.close();
  await database.close();
  return statuses;
}

describe("TRUST_PROXY", () => {
  it.each(["1", "true", "127.0.0.1", "127.0.0.0/8, ::1"])(
    "%s: a spoofed first X-Forwarded-For entry does not escape the per-address limit",
    async (trustProxy) => {
      const statuses = await forgotPasswordTwelveTimes(trustProxy);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    },
  );

  it("refuses a setting that is neither a hop count nor addresses, naming it", () => {
    expect(() => loadEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });

  it("is off by default: X-Forwarded-For is ignored", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });
});
