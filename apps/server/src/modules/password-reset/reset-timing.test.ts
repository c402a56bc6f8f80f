import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Issue item 17: forgot-password must not take measurably longer for a known address (4.9 against
 * 3.0 ms were measured). Timed is all the work a request causes, the answer and what runs after it
 * (the next request of a prober waits for that on a busy server), known and unknown interleaved.
 */
describe("forgot password timing", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const known = (i: number) => `timing-${i}@example.com`;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://keys.example.com" });
    const owner = {
      name: "Timing Homes",
      email: known(0),
      password: "Timing-Pass-123!",
      firstName: "T",
      lastName: "H",
    };
    const { orgId } = await createApprovedOrganization(t.db, owner);
    // One account per request, each under the per-address cap: every known request makes a link and a mail.
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
        select ${orgId}, (select id from roles where name = 'STAFF'), 'timing-' || n || '@example.com', 'x'
        from generate_series(1, 80) as n`),
    );
  });
  afterAll(() => t.close());

  const timed = async (email: string, n: number) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/forgot-password",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: `203.0.113.${n % 250}`,
      payload: { email },
    });
    await t.app.backgroundSettled();
    await t.app.mailer.idle();
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  };

  it("does the same work for a known and an unknown address", async () => {
    const differences: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 10; i++) await timed(i % 2 ? known(70 + i) : `warm-${i}@example.com`, 200 + i);
    // Pairs side by side: whatever else slows the machine slows both of a pair alike.
    for (let i = 0; i < 60; i++) {
      const unknown = await timed(`nobody-${i}@example.com`, i + 100);
      differences.push((await timed(known(i + 1), i)) - unknown);
      unknownTimes.push(unknown);
    }
    const difference = median(differences);
    const base = median(unknownTimes);
    console.log(`known takes ${difference.toFixed(2)} ms more than unknown (${base.toFixed(2)} ms)`);
    // Measured before: 6 to 15 ms more (twice as long), from two more transactions and a mail.
    expect(difference).toBeLessThan(Math.max(1, base * 0.2));
    // Every known request did mail its link (65: the warm-up's five and the sixty).
    const mails = await asSystem(t.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from mail_outbox where to_address like 'timing-%'`),
    );
    expect((mails as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(65);
  });
});
