import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import {
  operatorMessages,
  outboxListSchema,
  waitlistDecisionResponseSchema,
  waitlistListSchema,
} from "@keyholder/contracts/operator";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ensureOperator } from "./ensure-operator.ts";
import { insertApplicant, operatorUser, sessionFor } from "./test-fixtures.ts";

describe("operator waitlist API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operatorCookie: Record<string, string>;
  const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://keys.example.com" });
    await ensureOperator(t.db, { OPERATOR_EMAIL: "ops@example.com", OPERATOR_PASSWORD: "Operator-Pass-1!" });
    operatorCookie = { [t.app.sessionCookieName]: await sessionFor(t.db, await operatorUser(t.db)) };
  });
  afterAll(() => t.close());

  const get = (url: string, cookies = operatorCookie) => t.app.inject({ method: "GET", url, cookies });
  const post = (url: string, cookies = operatorCookie) => t.app.inject({ method: "POST", url, cookies, headers });
  const outbox = async () => outboxListSchema.parse((await get("/api/v1/operator/outbox")).json()).messages;

  it("lists waitlisted organizations with their applicant, never the platform's own", async () => {
    const { org, email } = await insertApplicant(t.db);
    const res = await get("/api/v1/operator/waitlist");
    expect(res.statusCode).toBe(200);
    const { organizations } = waitlistListSchema.parse(res.json());
    const entry = organizations.find((o) => o.id === org.id);
    expect(entry).toMatchObject({
      waitlist_status: "waitlisted",
      num_of_units: 12,
      owner: { email, first_name: "Ada" },
    });
    const approved = waitlistListSchema.parse((await get("/api/v1/operator/waitlist?status=approved")).json());
    expect(approved.organizations.map((o) => o.name)).not.toContain("Keyholder Platform");
  });

  it("approves: status, reviewed_at, users no longer waitlisted, and a mail to the applicant", async () => {
    const { org, email } = await insertApplicant(t.db);
    const res = await post(`/api/v1/operator/waitlist/${org.id}/approve`);
    expect(res.statusCode).toBe(200);
    const { organization } = waitlistDecisionResponseSchema.parse(res.json());
    expect(organization.waitlist_status).toBe("approved");
    expect(organization.reviewed_at).not.toBeNull();
    const [user] = await asSystem(t.db, (tx) => tx.select().from(users).where(eq(users.organizationId, org.id)));
    expect(user?.waitlisted).toBe(false);
    const mail = (await outbox()).find((m) => m.to_address === email);
    expect(mail?.transport).toBe("outbox");
    expect(mail?.text_body).toContain("https://keys.example.com/login");
    const waitlisted = waitlistListSchema.parse((await get("/api/v1/operator/waitlist")).json());
    expect(waitlisted.organizations.map((o) => o.id)).not.toContain(org.id);
  });

  it("rejects politely, and a second decision is a 409", async () => {
    const { org, email } = await insertApplicant(t.db);
    const res = await post(`/api/v1/operator/waitlist/${org.id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(res.json().organization.waitlist_status).toBe("rejected");
    const [user] = await asSystem(t.db, (tx) => tx.select().from(users).where(eq(users.organizationId, org.id)));
    expect(user?.waitlisted).toBe(true);
    const mail = (await outbox()).find((m) => m.to_address === email);
    expect(mail?.text_body).toContain("not able to open an account");

    const again = await post(`/api/v1/operator/waitlist/${org.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: "CONFLICT", message: operatorMessages.notWaitlisted } });
  });

  it("answers 404 for an unknown organization and 400 for a malformed id", async () => {
    const unknown = await post("/api/v1/operator/waitlist/00000000-0000-4000-8000-000000000000/approve");
    expect(unknown.statusCode).toBe(404);
    const malformed = await post("/api/v1/operator/waitlist/not-an-id/approve");
    expect(malformed.statusCode).toBe(400);
  });

  it("refuses ordinary users (403) and signed-out callers (401)", async () => {
    const { org, user } = await insertApplicant(t.db);
    const cookie = { [t.app.sessionCookieName]: await sessionFor(t.db, user) };
    const asUser = await get("/api/v1/operator/waitlist", cookie);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.message).toBe(operatorMessages.notOperator);
    expect((await post(`/api/v1/operator/waitlist/${org.id}/approve`, cookie)).statusCode).toBe(403);
    expect((await get("/api/v1/operator/outbox", cookie)).statusCode).toBe(403);
    expect((await get("/api/v1/operator/waitlist", {})).statusCode).toBe(401);
    expect((await post(`/api/v1/operator/waitlist/${org.id}/reject`, {})).statusCode).toBe(401);
    const [still] = await asSystem(t.db, (tx) => tx.select().from(users).where(eq(users.organizationId, org.id)));
    expect(still?.waitlisted).toBe(true);
  });

  it("rejects an unknown status filter with a 400", async () => {
    expect((await get("/api/v1/operator/waitlist?status=everything")).statusCode).toBe(400);
  });
});
