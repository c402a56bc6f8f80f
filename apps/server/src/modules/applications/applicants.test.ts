import {
  APPLICANT_SORT_KEYS,
  APPLICATION_STATUSES,
  applicantListSchema,
  applicantRowSchema,
  applicationMessages,
} from "@keyholder/contracts/applications";
import { historySchema } from "@keyholder/contracts/history";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;

interface Seeded {
  id: string;
  email: string;
  property: string;
  status: string;
  submitted: string;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("Applicants > All Applicants", () => {
  let t: TestApp;
  let alpha: Org;
  let bravo: Org;
  let props: { id: string; name: string }[] = [];
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Applicant Alpha", { scale: 200, seed: 3 });
    bravo = await signedInOrganization(t, "Applicant Bravo");
    props = await asSystem(t.db, async (tx) =>
      rows<{ id: string; name: string }>(
        await tx.execute(
          sql`select id, name from properties where organization_id = ${alpha.orgId} order by name, id limit 3`,
        ),
      ),
    );
    // 30 applications over three properties; two by the same email to the first property (a
    // duplicate), one by that email to another property (not a duplicate), and one draft.
    await asSystem(t.db, async (tx) => {
      // The test's own applications only (the demo generator adds some to every organization).
      await tx.execute(sql`delete from applications where organization_id = ${alpha.orgId}`);
      for (let i = 0; i < 30; i++) {
        const property = props[i % 3];
        const email = i === 0 || i === 3 || i === 1 ? "same@example.com" : `person${i}@example.com`;
        const status = APPLICATION_STATUSES[i % APPLICATION_STATUSES.length] ?? "new";
        const submitted = new Date(Date.UTC(2026, 9, 1 + i, 12)).toISOString();
        const [row] = rows<{ id: string }>(
          await tx.execute(sql`insert into applications (organization_id, property_id, property_name, full_name, email,
              phone, move_in_date, status, submitted_at)
            values (${alpha.orgId}, ${property?.id}, ${property?.name}, ${`Applicant ${String(i).padStart(2, "0")}`},
              ${email}, '(512) 555-0100', ${`2026-12-${String(1 + (i % 28)).padStart(2, "0")}`}, ${status}, ${submitted})
            returning id`),
        );
        seeded.push({ id: String(row?.id), email, property: String(property?.id), status, submitted });
      }
      await tx.execute(sql`insert into applications (organization_id, property_id, property_name, email, status)
        values (${alpha.orgId}, ${props[0]?.id}, ${props[0]?.name}, 'drafting@example.com', 'draft')`);
    });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const list = async (query: string, org: Org = alpha) => {
    const res = await send("GET", `/applicants/details?${query}`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return applicantListSchema.parse(res.json());
  };

  it("lists submitted applications newest first by default, never drafts, flagging duplicates", async () => {
    const page = await list("limit=200");
    expect(page.total_count).toBe(30);
    expect(page.applicants.map((a) => a.id)).toEqual(
      [...seeded].sort((a, b) => b.submitted.localeCompare(a.submitted)).map((s) => s.id),
    );
    expect(page.applicants.map((a) => a.email)).not.toContain("drafting@example.com");
    const duplicates = page.applicants
      .filter((a) => a.duplicate)
      .map((a) => a.full_name)
      .sort();
    expect(duplicates).toEqual(["Applicant 00", "Applicant 03"]);
  });

  it("sorts by every key both ways with no row twice, and filters the status by its label", async () => {
    for (const key of APPLICANT_SORT_KEYS) {
      for (const direction of ["asc", "desc"]) {
        const first = await list(`sort_by=${key}&sort_direction=${direction}&limit=20`);
        const second = await list(`sort_by=${key}&sort_direction=${direction}&limit=20&offset=20`);
        const ids = [...first.applicants, ...second.applicants].map((a) => a.id);
        expect(new Set(ids).size, `${key} ${direction}`).toBe(30);
      }
    }
    const reviewing = await list(`filters=${encodeURIComponent(JSON.stringify({ status: "Reviewing" }))}`);
    expect(reviewing.total_count).toBe(seeded.filter((s) => s.status === "reviewing").length);
    expect(reviewing.applicants.every((a) => a.status === "reviewing")).toBe(true);
  });

  it("changes a status with a note, emails the applicant, and keeps it in the history", async () => {
    const target = seeded.find((s) => s.status === "new" && s.email !== "same@example.com");
    if (!target) throw new Error("a new application");
    const res = await send("PUT", `/applicants/${target.id}/status`, {
      payload: { status: "approved", note: "Welcome! Keys on the 1st.", notify_applicant: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(applicantRowSchema.parse(res.json())).toMatchObject({
      status: "approved",
      status_note: "Welcome! Keys on the 1st.",
    });
    await t.app.mailer.idle();
    const mail = await asSystem(t.db, async (tx) =>
      rows<{ subject: string; text_body: string }>(
        await tx.execute(
          sql`select subject, text_body from mail_outbox where to_address = ${target.email} order by id desc limit 1`,
        ),
      ),
    );
    expect(mail[0]?.subject).toMatch(/: Approved$/);
    expect(mail[0]?.text_body).toContain("Welcome! Keys on the 1st.");
    const history = historySchema.parse((await send("GET", `/applicants/${target.id}/history`)).json());
    expect(history.history[0]?.changes).toMatchObject({ status: { from: "new", to: "approved" } });

    // Unchanged is refused; a change without notifying sends nothing.
    const again = await send("PUT", `/applicants/${target.id}/status`, {
      payload: { status: "approved", note: "Welcome! Keys on the 1st." },
    });
    expect(again.statusCode).toBe(409);
    const quiet = await send("PUT", `/applicants/${target.id}/status`, {
      payload: { status: "reviewing", notify_applicant: false },
    });
    expect(quiet.statusCode).toBe(200);
    await t.app.mailer.idle();
    const count = await asSystem(t.db, async (tx) =>
      rows<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from mail_outbox where to_address = ${target.email}`),
      ),
    );
    expect(count[0]?.n).toBe(1);
    const bad = await send("PUT", `/applicants/${target.id}/status`, { payload: { status: "hired" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toEqual([applicationMessages.statusRequired]);
  });

  it("never shows or changes another organization's applicants", async () => {
    const other = await list("limit=200", bravo);
    expect(other.total_count).toBe(0);
    const target = seeded[6]?.id ?? "";
    for (const [method, url, payload] of [
      ["GET", `/applicants/${target}`, undefined],
      ["GET", `/applicants/${target}/history`, undefined],
      ["PUT", `/applicants/${target}/status`, { status: "declined" }],
    ] as const) {
      const res = await send(method, url, { org: bravo, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await send("GET", `/applicants/${target}`);
    expect(still.json().status).toBe(seeded[6]?.status);
  });

  it("shows a user who works on some properties only the applicants of those", async () => {
    const hash = await hashPassword("Scoped-Pass-123!");
    const [user] = await asSystem(t.db, async (tx) =>
      rows<{ id: number }>(
        await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash, all_properties)
          values (${alpha.orgId}, (select id from roles where name = 'STAFF'), 'scoped.applicants@example.com', ${hash}, false)
          returning id`),
      ),
    );
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into user_properties (organization_id, user_id, property_id)
        values (${alpha.orgId}, ${user?.id}, ${props[1]?.id})`),
    );
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-keyholder-request": "1" },
      payload: { username: "scoped.applicants@example.com", password: "Scoped-Pass-123!" },
    });
    const cookie = login.cookies.find((c) => c.name === "kh_session")?.value ?? "";
    const scoped = await list("limit=200", { ...alpha, cookie });
    const expected = seeded
      .filter((s) => s.property === props[1]?.id)
      .map((s) => s.id)
      .sort();
    expect(scoped.applicants.map((a) => a.id).sort()).toEqual(expected);
    expect(scoped.total_count).toBe(expected.length);
    const elsewhere = seeded.find((s) => s.property !== props[1]?.id)?.id;
    expect((await send("GET", `/applicants/${elsewhere}`, { org: { ...alpha, cookie } })).statusCode).toBe(404);
  });
});
