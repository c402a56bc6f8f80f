import { sessionSchema } from "@keyholder/contracts/auth";
import { historySchema } from "@keyholder/contracts/history";
import {
  INVITE_ERROR_CODES,
  INVITE_STATUSES,
  inviteCheckSchema,
  inviteMessages,
  type StaffFormInput,
  staffListSchema,
  staffMessages,
  staffRecordSchema,
  staffRowSchema,
} from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Staff-Pass-123!";

describe("staff invitations: invite, verify, accept, approve", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Alpha Staffing");
    bravo = await signedInOrganization(t, "Bravo Staffing");
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const form = (overrides: Partial<StaffFormInput> = {}): StaffFormInput => ({
    email: "casey.lee@example.com",
    name: "Casey Lee",
    job_title: "Leasing Agent",
    phone: "(555) 123-4567",
    department: "Leasing",
    bio: null,
    is_public_contact: true,
    display_order: 2,
    ...overrides,
  });
  const invite = async (overrides: Partial<StaffFormInput> = {}, org: Org = alpha) => {
    const res = await send("POST", "/staff", { org, payload: form(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return staffRecordSchema.parse(res.json());
  };
  /** The token of the newest invitation mailed to `to`, read from the outbox as the operator would. */
  const mailedToken = async (to: string) => {
    await t.app.mailer.idle();
    const text = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const link = /\/staff-onboarding\?invite=([A-Za-z0-9_-]+)/.exec(text);
    if (!link?.[1]) throw new Error(`no invitation link mailed to ${to}: ${text}`);
    return link[1];
  };
  const verify = (token: string) =>
    send("GET", `/staff/invite/verify-invite?guid=${encodeURIComponent(token)}`, { org: null });
  const signup = (token: string, overrides: Record<string, unknown> = {}) =>
    send("POST", "/auth/staff-signup", {
      org: null,
      payload: {
        invite_guid: token,
        password: PASSWORD,
        first_name: "Casey",
        last_name: "Lee",
        phone: "(555) 123-4567",
        receive_marketing: false,
        accepted_terms: true,
        ...overrides,
      },
    });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === "kh_session")?.value ?? "";
  const row = async (id: string, org: Org = alpha) => {
    const res = await send("GET", `/staff/${id}`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return staffRowSchema.parse(res.json());
  };

  it("runs the whole flow: invite, mail, verify, sign up, wait, approve, work", async () => {
    const created = await invite();
    expect(created).toMatchObject({ email: "casey.lee@example.com", accepted_invite: false, approved_invite: false });
    const expires = new Date(created.invite_expires_at ?? "").getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect((await row(created.id)).invite_status).toBe(INVITE_STATUSES.pendingAcceptance);

    const token = await mailedToken("casey.lee@example.com");
    // At least 128 bits from a CSPRNG, and only its hash is stored.
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const stored = await asSystem(t.db, async (tx) =>
      JSON.stringify(((await tx.execute(sql`select * from staff_invitations`)) as unknown as { rows: unknown[] }).rows),
    );
    expect(stored).not.toContain(token);

    const check = await verify(token);
    expect(check.statusCode, check.body).toBe(200);
    expect(inviteCheckSchema.parse(check.json())).toMatchObject({
      name: "Casey Lee",
      email: "casey.lee@example.com",
      phone: "(555) 123-4567",
      job_title: "Leasing Agent",
      organization_name: "Alpha Staffing",
    });

    const joined = await signup(token);
    expect(joined.statusCode, joined.body).toBe(200);
    const session = sessionSchema.parse(joined.json());
    expect(session.user).toMatchObject({ username: "casey.lee@example.com", awaiting_approval: true });
    expect(session.user.role.role_name).toBe("STAFF");
    const casey = { ...alpha, cookie: cookieOf(joined) };
    expect(casey.cookie).not.toBe("");

    // Waiting: the session answers, the organization's data does not.
    const waiting = await send("GET", "/buildings/details", { org: casey });
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().error.code).toBe(INVITE_ERROR_CODES.awaitingApproval);
    const own = await send("GET", "/auth/session", { org: casey });
    expect(sessionSchema.parse(own.json()).user.awaiting_approval).toBe(true);
    expect((await row(created.id)).invite_status).toBe(INVITE_STATUSES.pendingApproval);

    // Signing in again while waiting works and still waits.
    const again = await send("POST", "/auth/login", {
      org: null,
      payload: { username: "casey.lee@example.com", password: PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(sessionSchema.parse(again.json()).user.awaiting_approval).toBe(true);

    const approved = await send("POST", `/staff/${created.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(staffRecordSchema.parse(approved.json())).toMatchObject({
      accepted_invite: true,
      approved_invite: true,
      approved_by: alpha.adminUserId,
    });
    const shown = await row(created.id);
    expect(shown).toMatchObject({ invite_status: INVITE_STATUSES.active, user_name: "casey.lee@example.com" });
    expect(shown.role_name).toBe("Staff");

    // From the next request on, the same session works.
    const working = await send("GET", "/buildings/details", { org: casey });
    expect(working.statusCode, working.body).toBe(200);

    // The link is spent.
    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe(INVITE_ERROR_CODES.used);
    expect((await signup(token)).statusCode).toBe(400);

    const history = historySchema.parse((await send("GET", `/staff/${created.id}/history`)).json()).history;
    expect(history.map((h) => h.action)).toEqual(["update", "update", "create"]);
    expect(history[0]?.changes.approved_invite).toEqual({ from: false, to: true });
    expect(history[0]?.changed_by?.id).toBe(alpha.adminUserId);
    expect(history[1]?.changes.accepted_invite).toEqual({ from: false, to: true });
  });

  it("tells a malformed, unknown, expired, replaced and another account's link apart", async () => {
    const malformed = await verify("not-a-token");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: INVITE_ERROR_CODES.format,
      message: inviteMessages.invalidFormat,
    });
    const unknown = await verify("A".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: INVITE_ERROR_CODES.notFound, message: inviteMessages.notFound });

    // Resend: the old link stops working, the new one works.
    const dana = await invite({ email: "dana@example.com", name: "Dana" });
    const first = await mailedToken("dana@example.com");
    const resent = await send("POST", `/staff/${dana.id}/resend-invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await mailedToken("dana@example.com");
    expect(second).not.toBe(first);
    const old = await verify(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe(INVITE_ERROR_CODES.replaced);
    expect((await verify(second)).statusCode).toBe(200);

    // Expired: refused, and the invitee can ask for a new link, which the administrator sees and is mailed.
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update staff_invitations set expires_at = now() - interval '1 minute'
        where staff_id = ${dana.id} and replaced_at is null`),
    );
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update staff set invite_expires_at = now() - interval '1 minute' where id = ${dana.id}`),
    );
    const expired = await verify(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({
      code: INVITE_ERROR_CODES.expired,
      message: inviteMessages.invalidOrExpired,
    });
    expect((await signup(second, { first_name: "Dana" })).statusCode).toBe(400);
    expect((await row(dana.id)).invite_status).toBe(INVITE_STATUSES.expired);
    const asked = await send("POST", "/staff/invite/request-new-link", {
      org: null,
      payload: { invite_guid: second },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await row(dana.id)).new_link_requested_at).not.toBeNull();
    await t.app.mailer.idle();
    const notices = await asSystem(
      t.db,
      async (tx) =>
        (
          (await tx.execute(
            sql`select subject from mail_outbox where to_address = ${alpha.email} and subject like '%new Keyholder invitation%'`,
          )) as unknown as { rows: unknown[] }
        ).rows.length,
    );
    expect(notices).toBe(1);
    // A resend answers the request: a fresh link, the request cleared.
    await send("POST", `/staff/${dana.id}/resend-invitation`);
    const third = await mailedToken("dana@example.com");
    expect((await verify(third)).statusCode).toBe(200);
    expect((await row(dana.id)).new_link_requested_at).toBeNull();

    // Another account cannot accept it: alpha's administrator signs in with Dana's link.
    const other = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: third, username: alpha.email, password: "Fixture-Pass-123!" },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({
      code: INVITE_ERROR_CODES.otherAccount,
      message: inviteMessages.otherAccount("dana@example.com"),
    });
    expect((await verify(third)).statusCode).toBe(200);
  });

  it("accepts with an existing account of the organization, and refuses wrong credentials", async () => {
    // The administrator invites themselves (to appear as a public contact, say) and accepts by signing in.
    const self = await invite({ email: alpha.email, name: "Alpha Admin" });
    const token = await mailedToken(alpha.email);
    const wrong = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: token, username: alpha.email, password: "not the password" },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: token, username: alpha.email, password: "Fixture-Pass-123!" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // An administrator never waits for approval.
    expect(sessionSchema.parse(ok.json()).user.awaiting_approval).toBe(false);
    expect((await row(self.id)).user_id).toBe(alpha.adminUserId);
  });

  it("refuses a second account for an email that has one", async () => {
    await invite({ email: bravo.email, name: "Bravo's admin" });
    const token = await mailedToken(bravo.email);
    const res = await signup(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(inviteMessages.accountExists);
    const elsewhere = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: token, username: bravo.email, password: "Fixture-Pass-123!" },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe(INVITE_ERROR_CODES.otherOrganization);
  });

  it("checks the form and the ids with the spec's messages", async () => {
    const dup = await send("POST", "/staff", { payload: form({ email: "CASEY.LEE@example.com" }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields.email).toEqual([staffMessages.emailExists]);
    const noEmail = await send("POST", "/staff", { payload: form({ email: "" }) });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields.email).toContain(staffMessages.emailRequired);
    const badPhone = await send("POST", "/staff", { payload: form({ email: "p@example.com", phone: "12" }) });
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json().error.fields)).toEqual(["phone"]);
    for (const id of ["0", "null", "undefined", "12"]) {
      const res = await send("POST", `/staff/${id}/approve`);
      expect(res.statusCode, id).toBe(400);
      expect(res.body).toContain(staffMessages.invalidId);
    }
    const notAccepted = await invite({ email: "eli@example.com" });
    const approve = await send("POST", `/staff/${notAccepted.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.message).toBe(staffMessages.notAccepted);
    const missingSignupFields = await signup(await mailedToken("eli@example.com"), {
      password: "short",
      first_name: "",
    });
    expect(missingSignupFields.statusCode).toBe(400);
    expect(Object.keys(missingSignupFields.json().error.fields).sort()).toEqual(["first_name", "password"]);
  });

  it("edits, lists, sorts, filters and deletes; deleting ends the account's access", async () => {
    const fay = await invite({ email: "fay@example.com", name: "Fay Zed", department: "Maintenance" });
    const saved = await send("PUT", `/staff/${fay.id}`, {
      payload: form({ email: "fay@example.com", name: "Fay Zed", department: "Operations", display_order: 5 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(staffRecordSchema.parse(saved.json())).toMatchObject({ department: "Operations", display_order: 5 });

    const list = async (query: Record<string, string>) => {
      const res = await send("GET", `/staff/details?${new URLSearchParams(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      return staffListSchema.parse(res.json());
    };
    const all = await list({ limit: "200" });
    expect(all.total_count).toBe(all.staff.length);
    expect(all.limit).toBe(200);
    const names = all.staff.map((s) => s.name ?? "");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const pending = await list({ filters: JSON.stringify({ invite_status: "pending acc" }) });
    expect(pending.staff.length).toBeGreaterThan(0);
    expect(pending.staff.every((s) => s.invite_status === INVITE_STATUSES.pendingAcceptance)).toBe(true);
    const ops = await list({
      conditions: JSON.stringify([{ column: "department", op: "equals", value: "Operations" }]),
    });
    expect(ops.staff.map((s) => s.email)).toEqual(["fay@example.com"]);
    for (const sort_by of ["s.email", "u.username", "r.display_name", "invite_status", "s.display_order"]) {
      for (const sort_direction of ["asc", "desc"]) {
        const page = await list({ sort_by, sort_direction });
        expect(page.total_count).toBe(all.total_count);
      }
    }
    expect((await send("GET", "/staff/details?sort_by=s.password")).statusCode).toBe(400);

    // Casey (accepted and approved in the first test) is removed: the session ends at once.
    const casey = all.staff.find((s) => s.email === "casey.lee@example.com");
    if (!casey) throw new Error("casey missing");
    const login = await send("POST", "/auth/login", {
      org: null,
      payload: { username: "casey.lee@example.com", password: PASSWORD },
    });
    const caseySession = { ...alpha, cookie: cookieOf(login) };
    expect((await send("GET", "/buildings/details", { org: caseySession })).statusCode).toBe(200);
    const removed = await send("DELETE", `/staff/${casey.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await send("GET", "/buildings/details", { org: caseySession })).statusCode).toBe(401);
    const relogin = await send("POST", "/auth/login", {
      org: null,
      payload: { username: "casey.lee@example.com", password: PASSWORD },
    });
    expect(relogin.statusCode).toBe(403);
    expect((await send("GET", `/staff/${casey.id}`)).statusCode).toBe(404);
    // History outlives the record.
    const history = historySchema.parse((await send("GET", `/staff/${casey.id}/history`)).json()).history;
    expect(history[0]?.action).toBe("delete");
  });

  it("keeps organizations apart", async () => {
    const own = await invite({ email: "gil@example.com" }, bravo);
    for (const [method, url] of [
      ["GET", `/staff/${own.id}`],
      ["PUT", `/staff/${own.id}`],
      ["DELETE", `/staff/${own.id}`],
      ["POST", `/staff/${own.id}/resend-invitation`],
      ["POST", `/staff/${own.id}/approve`],
      ["GET", `/staff/${own.id}/history`],
    ] as const) {
      const res = await send(method, url, method === "PUT" ? { payload: form({ email: "gil@example.com" }) } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = staffListSchema.parse((await send("GET", "/staff/details")).json());
    expect(list.staff.some((s) => s.id === own.id)).toBe(false);
    // The same email may be staff of two organizations.
    expect((await send("POST", "/staff", { payload: form({ email: "gil@example.com" }) })).statusCode).toBe(201);
    for (const url of ["/staff/details", `/staff/${own.id}`]) {
      expect((await send("GET", url, { org: null })).statusCode).toBe(401);
    }
  });
});
