import { sessionSchema } from "@keyholder/contracts/auth";
import { staffRecordSchema } from "@keyholder/contracts/staff";
import { userListSchema } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Last-Login-123!";

/** Issue 12: every way into a session counts as a sign-in in "Last Login" (Users table and session). */
describe("last login", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;
  beforeAll(async () => {
    t = await createTestApp({ AUTO_APPROVE_SIGNUPS: "true" });
    org = await signedInOrganization(t, "Last Login Homes");
  });
  afterAll(() => t.close());
  const send = apiSender(
    () => t.app,
    () => org,
  );
  const lastLoginInUsers = async (username: string) => {
    const res = await send("GET", "/users/details");
    expect(res.statusCode, res.body).toBe(200);
    const row = userListSchema.parse(res.json()).users.find((u) => u.username === username);
    if (!row) throw new Error(`${username} is not in the Users table`);
    return row.last_login;
  };

  it("counts joining through a staff invitation as a sign-in", async () => {
    const invited = await send("POST", "/staff", {
      payload: { email: "joiner@example.com", name: "Jo Iner", is_public_contact: false },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const staffId = staffRecordSchema.parse(invited.json()).id;
    await t.app.mailer.idle();
    const text = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = 'joiner@example.com' order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const token = /\/staff-onboarding\?invite=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";
    const before = Date.now();
    const joined = await send("POST", "/auth/staff-signup", {
      org: null,
      payload: {
        invite_guid: token,
        password: PASSWORD,
        first_name: "Jo",
        last_name: "Iner",
        phone: "(555) 123-4567",
        receive_marketing: false,
        accepted_terms: true,
      },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const session = sessionSchema.parse(joined.json());
    expect(session.user.last_login).not.toBeNull();
    expect(Date.parse(session.user.last_login ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect((await send("POST", `/staff/${staffId}/approve`)).statusCode).toBe(200);
    const shown = await lastLoginInUsers("joiner@example.com");
    expect(shown).not.toBeNull();
    expect(Date.parse(shown ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });

  it("counts the sign-in that creating an account opens", async () => {
    const res = await send("POST", "/auth/create-account", {
      org: null,
      payload: {
        email: "new-owner@example.com",
        password: PASSWORD,
        first_name: "New",
        last_name: "Owner",
        phone: "(555) 987-6543",
        receive_marketing: false,
        accepted_terms: true,
        accepted_terms_date: new Date().toISOString(),
        company_name: "Fresh Start Rentals",
        num_of_units: 4,
        property_types: "Single-Family Home",
        current_software: "Spreadsheets",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user.last_login).not.toBeNull();
    const again = await send("GET", "/auth/session", {
      org: { ...org, cookie: res.cookies.find((c) => c.name === "kh_session")?.value ?? "" },
    });
    expect(sessionSchema.parse(again.json()).user.last_login).toBe(session.user.last_login);
  });
});
