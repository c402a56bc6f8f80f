import { NOTICE_KINDS } from "@keyholder/contracts/notices";
import { INVITE_STATUSES, STAFF_STATUSES, type StaffFormInput } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

/**
 * A staff member who accepts their invitation waits for an administrator: every administrator of
 * the organization is told, by email (delivered to a real SMTP server here) and by a notice in the
 * workspace that opens the staff member; the staff row says what is pending; approving (or
 * removing them) takes the notice away for everyone.
 */
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Member = Org & { userId: number };
const PASSWORD = "Approval-Pass-123!";

describe("staff waiting for approval", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let secondAdmin: Member;
  let manager: Member;

  const send = apiSender(
    () => t.app,
    () => alpha,
  );

  /** Another user of alpha with this role, signed in (or only created, when disabled). */
  async function member(email: string, role: string, o: { enabled?: boolean } = {}): Promise<Member> {
    const hash = await hashPassword(PASSWORD);
    const userId = await asSystem(t.db, async (tx) => {
      const { rows } =
        (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash, enabled)
        values (${alpha.orgId}, (select id from roles where name = ${role}), ${email}, ${hash}, ${o.enabled ?? true})
        returning id`)) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
    if (o.enabled === false) return { ...alpha, email, cookie: "", userId };
    const res = await send("POST", "/auth/login", { org: null, payload: { username: email, password: PASSWORD } });
    const cookie = res.cookies.find((c) => c.name === "kh_session")?.value;
    if (!cookie) throw new Error(`login as ${email} failed: ${res.body}`);
    return { ...alpha, email, cookie, userId };
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://keyholder.example" });
    alpha = await signedInOrganization(t, "Alpha Approvals");
    bravo = await signedInOrganization(t, "Bravo Approvals");
    secondAdmin = await member("second.admin@alpha.example", "ADMIN");
    await member("disabled.admin@alpha.example", "ADMIN", { enabled: false });
    manager = await member("manager@alpha.example", "PROPERTY_MANAGER");
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const form = (email: string, name: string): StaffFormInput => ({
    email,
    name,
    job_title: "Leasing Agent",
    phone: null,
    department: null,
    bio: null,
    is_public_contact: false,
    display_order: 1,
  });
  const invite = async (email: string, name: string) => {
    const res = await send("POST", "/staff", { payload: form(email, name) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const tokenMailedTo = async (to: string) => {
    await t.app.mailer.idle();
    const text = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const token = /\/staff-onboarding\?invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${to}: ${text}`);
    return token;
  };
  const signUp = async (email: string, first: string, last: string) => {
    const res = await send("POST", "/auth/staff-signup", {
      org: null,
      payload: {
        invite_guid: await tokenMailedTo(email),
        password: PASSWORD,
        first_name: first,
        last_name: last,
        phone: "",
        receive_marketing: false,
        accepted_terms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The staff row as the grid and the View dialog get it. */
  const shown = async (id: string) => {
    const res = await send("GET", `/staff/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; invite_status: string; approved_invite: boolean };
  };
  /** What the bell shows a user. */
  const noticesOf = async (who: { cookie: string }) => {
    const res = await send("GET", "/notices", { org: who as Org });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      notices: {
        id: number;
        kind: string;
        title: string;
        subject: { type: string; id: string } | null;
        read: boolean;
      }[];
      unread_count: number;
    };
  };
  const aboutStaff = async (who: { cookie: string }, id: string) =>
    (await noticesOf(who)).notices.filter((n) => n.subject?.type === "staff" && n.subject.id === id);
  const approvalMails = async (name: string) => {
    await t.app.mailer.idle();
    return smtp.received.filter((m) => m.text.includes(`Subject: ${name} is waiting for your approval`));
  };

  it("says what is pending in the Status column, from invitation to approval", async () => {
    const ivy = await invite("ivy@example.com", "Ivy Invited");
    expect(await shown(ivy.id)).toMatchObject({
      status: STAFF_STATUSES.invitationSent,
      invite_status: INVITE_STATUSES.pendingAcceptance,
    });
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update staff set invite_expires_at = now() - interval '1 minute' where id = ${ivy.id}`),
    );
    expect((await shown(ivy.id)).status).toBe(STAFF_STATUSES.invitationExpired);

    const casey = await invite("casey@example.com", "Casey Lee");
    await signUp("casey@example.com", "Casey", "Lee");
    expect(await shown(casey.id)).toMatchObject({
      status: STAFF_STATUSES.awaitingApproval,
      invite_status: INVITE_STATUSES.pendingApproval,
      approved_invite: false,
    });
    // The grid's quick filter and sort work on what the column says.
    const filtered = await send("GET", `/staff/details?${new URLSearchParams({ filters: '{"status":"awaiting"}' })}`);
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect((filtered.json() as { staff: { id: string }[] }).staff.map((s) => s.id)).toEqual([casey.id]);
    for (const sort_direction of ["asc", "desc"]) {
      const sorted = await send("GET", `/staff/details?sort_by=status&sort_direction=${sort_direction}`);
      expect(sorted.statusCode, sorted.body).toBe(200);
      const statuses = (sorted.json() as { staff: { status: string }[] }).staff.map((s) => s.status);
      const expected = [...statuses].sort();
      expect(statuses).toEqual(sort_direction === "asc" ? expected : expected.reverse());
    }

    expect((await send("POST", `/staff/${casey.id}/approve`)).statusCode).toBe(200);
    expect((await shown(casey.id)).status).toBe(STAFF_STATUSES.active);
  });

  it("emails every administrator who can approve, over SMTP, with a link that opens the staff member", async () => {
    const dana = await invite("dana@example.com", "Dana Diaz");
    await signUp("dana@example.com", "Dana", "Diaz");
    const mails = await approvalMails("Dana Diaz");
    // The enabled administrators, each once; not the disabled one, the property manager, Dana or bravo.
    expect(mails.flatMap((m) => m.to).sort()).toEqual([alpha.email, secondAdmin.email].sort());
    const body = mails[0]?.text ?? "";
    expect(body).toContain("Dana Diaz (dana@example.com)");
    expect(body).toContain("Alpha Approvals");
    expect(body).toContain(`http://keyholder.example/workspace?open=staff:${dana.id}`);
  });

  it("puts a notice in the workspace of every administrator, opening the staff member, gone once approved", async () => {
    const eve = await invite("eve@example.com", "Eve Park");
    expect(await aboutStaff(alpha, eve.id)).toEqual([]);
    await signUp("eve@example.com", "Eve", "Park");

    const [notice] = await aboutStaff(alpha, eve.id);
    expect(notice).toMatchObject({
      kind: NOTICE_KINDS.staffAwaitingApproval,
      subject: { type: "staff", id: eve.id },
      read: false,
    });
    expect(notice?.title).toContain("Eve Park");
    expect(await aboutStaff(secondAdmin, eve.id)).toHaveLength(1);
    // Not for those who cannot approve, nor for another organization.
    expect(await aboutStaff(manager, eve.id)).toEqual([]);
    expect(await aboutStaff(bravo, eve.id)).toEqual([]);

    // Read by one administrator: read for them, still unread for the other.
    const before = (await noticesOf(alpha)).unread_count;
    const read = await send("POST", `/notices/${notice?.id}/read`);
    expect(read.statusCode, read.body).toBe(204);
    expect((await noticesOf(alpha)).unread_count).toBe(before - 1);
    expect((await aboutStaff(alpha, eve.id))[0]?.read).toBe(true);
    expect((await aboutStaff(secondAdmin, eve.id))[0]?.read).toBe(false);

    // Approved by the second administrator: gone for both.
    const approved = await send("POST", `/staff/${eve.id}/approve`, { org: secondAdmin });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await aboutStaff(alpha, eve.id)).toEqual([]);
    expect(await aboutStaff(secondAdmin, eve.id)).toEqual([]);
  });

  it("takes the notice away when the waiting staff member is removed", async () => {
    const finn = await invite("finn@example.com", "Finn Gray");
    await signUp("finn@example.com", "Finn", "Gray");
    expect(await aboutStaff(alpha, finn.id)).toHaveLength(1);
    expect((await send("DELETE", `/staff/${finn.id}`)).statusCode).toBe(204);
    expect(await aboutStaff(alpha, finn.id)).toEqual([]);
  });

  it("tells administrators when someone accepts with the account they have", async () => {
    const invited = await invite(manager.email, "Mona Manager");
    const res = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: await tokenMailedTo(manager.email), username: manager.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await shown(invited.id)).status).toBe(STAFF_STATUSES.awaitingApproval);
    expect(await aboutStaff(alpha, invited.id)).toHaveLength(1);
    expect((await approvalMails("Mona Manager")).flatMap((m) => m.to).sort()).toEqual(
      [alpha.email, secondAdmin.email].sort(),
    );
  });

  it("does not make an administrator who accepts wait for approval", async () => {
    const self = await invite(secondAdmin.email, "Second Admin");
    const res = await send("POST", "/auth/staff-login", {
      org: null,
      payload: { invite_guid: await tokenMailedTo(secondAdmin.email), username: secondAdmin.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(self.id)).toMatchObject({ status: STAFF_STATUSES.active, approved_invite: true });
    expect(await aboutStaff(alpha, self.id)).toEqual([]);
    expect(await approvalMails("Second Admin")).toEqual([]);
  });
});
