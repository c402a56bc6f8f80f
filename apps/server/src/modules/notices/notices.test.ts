import { NOTICE_KINDS, NOTICES_LIMIT, noticeListSchema, noticeMessages } from "@keyholder/contracts/notices";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { type NewNotice, postNotice, resolveNotices } from "../../lib/notices.ts";
import { hashPassword } from "../../lib/passwords.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Notice-Pass-123!";

/** The bell's API (decision 025): whose notices are whose, reading them, and nothing across organizations. */
describe("notices", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let manager: Org & { userId: number };

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const post = (org: { orgId: string }, notice: Omit<NewNotice, "kind"> & { kind?: NewNotice["kind"] }) =>
    withOrg(t.db, { orgId: org.orgId }, (tx) =>
      postNotice(tx, org.orgId, { kind: NOTICE_KINDS.staffAwaitingApproval, ...notice }),
    );
  const list = async (who: Org = alpha) => {
    const res = await send("GET", "/notices", { org: who });
    expect(res.statusCode, res.body).toBe(200);
    return noticeListSchema.parse(res.json());
  };
  const setRole = (userId: number, role: string) =>
    asSystem(t.db, (tx) =>
      tx.execute(sql`update users set role_id = (select id from roles where name = ${role}) where id = ${userId}`),
    );

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Alpha Notices");
    bravo = await signedInOrganization(t, "Bravo Notices");
    const hash = await hashPassword(PASSWORD);
    const email = "manager@alpha-notices.example";
    const userId = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
        values (${alpha.orgId}, (select id from roles where name = 'PROPERTY_MANAGER'), ${email}, ${hash})
        returning id`)) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
    const res = await send("POST", "/auth/login", { org: null, payload: { username: email, password: PASSWORD } });
    const cookie = res.cookies.find((c) => c.name === "kh_session")?.value ?? "";
    manager = { ...alpha, email, cookie, userId };
  });
  afterAll(() => t?.close());

  it("shows a notice to the user it names, and one for a permission to those whose role holds it now", async () => {
    await post(alpha, { title: "For the manager", subject: null, audience: { userId: manager.userId } });
    await post(alpha, {
      title: "For approvers",
      subject: { type: "staff", id: "00000000-0000-4000-8000-000000000001" },
      audience: { permission: "staff.manage" },
    });
    expect((await list(manager)).notices.map((n) => n.title)).toEqual(["For the manager"]);
    expect((await list(alpha)).notices.map((n) => n.title)).toEqual(["For approvers"]);
    expect(await list(bravo)).toEqual({ notices: [], unread_count: 0 });

    // The manager made an administrator: the approvers' notice is theirs from the next request.
    await setRole(manager.userId, "ADMIN");
    expect((await list(manager)).notices.map((n) => n.title)).toEqual(["For approvers", "For the manager"]);
    await setRole(manager.userId, "PROPERTY_MANAGER");
  });

  it("keeps one open notice per kind and record, and drops it from every list once resolved", async () => {
    const subject = { type: "staff" as const, id: "00000000-0000-4000-8000-000000000002" };
    await post(alpha, { title: "First", subject, audience: { permission: "staff.manage" } });
    await post(alpha, { title: "Again", subject, audience: { permission: "staff.manage" } });
    const titles = (await list()).notices.filter((n) => n.subject?.id === subject.id).map((n) => n.title);
    expect(titles).toEqual(["First"]);
    await withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      resolveNotices(tx, alpha.orgId, NOTICE_KINDS.staffAwaitingApproval, subject),
    );
    expect((await list()).notices.some((n) => n.subject?.id === subject.id)).toBe(false);
  });

  it("marks one notice read for its reader only, and all of them at once", async () => {
    const mine = await list();
    const first = mine.notices[0];
    if (!first) throw new Error("alpha has no notice");
    expect(mine.unread_count).toBe(mine.notices.filter((n) => !n.read).length);

    const read = await send("POST", `/notices/${first.id}/read`);
    expect(read.statusCode, read.body).toBe(204);
    // Twice is the same as once.
    expect((await send("POST", `/notices/${first.id}/read`)).statusCode).toBe(204);
    const after = await list();
    expect(after.unread_count).toBe(mine.unread_count - 1);
    expect(after.notices.find((n) => n.id === first.id)?.read).toBe(true);

    const all = await send("POST", "/notices/read");
    expect(all.statusCode, all.body).toBe(204);
    expect((await list()).unread_count).toBe(0);
    // The manager's own notice is not alpha's to read.
    expect((await list(manager)).unread_count).toBe(1);
  });

  it("answers at most the newest NOTICES_LIMIT and counts every unread one", async () => {
    const many = NOTICES_LIMIT + 5;
    for (let i = 1; i <= many; i++) {
      await post(bravo, {
        title: `Notice ${i}`,
        subject: { type: "staff", id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` },
        audience: { userId: bravo.adminUserId },
      });
    }
    const page = await list(bravo);
    expect(page.notices).toHaveLength(NOTICES_LIMIT);
    expect(page.unread_count).toBe(many);
    expect(page.notices[0]?.title).toBe(`Notice ${many}`);
    expect(page.notices.at(-1)?.title).toBe(`Notice ${many - NOTICES_LIMIT + 1}`);
  });

  it("refuses another user's or organization's notice, bad ids and signed-out callers", async () => {
    const others = (await list(manager)).notices[0];
    const bravos = (await list(bravo)).notices[0];
    for (const id of [others?.id, bravos?.id, 987654]) {
      const res = await send("POST", `/notices/${id}/read`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error.message).toBe(noticeMessages.notFound);
    }
    expect((await list(manager)).notices[0]?.read).toBe(false);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      expect((await send("POST", `/notices/${id}/read`)).statusCode, id).toBe(400);
    }
    expect((await send("GET", "/notices", { org: null })).statusCode).toBe(401);
    expect((await send("POST", "/notices/read", { org: null })).statusCode).toBe(401);
  });
});
