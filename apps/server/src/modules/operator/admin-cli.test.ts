import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { runAdmin } from "../../cli/admin.ts";
import { listOutbox } from "./list-outbox.ts";
import { listWaitlist } from "./list-waitlist.ts";
import { insertApplicant } from "./test-fixtures.ts";

describe("npm run admin", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, {
      db: t.db,
      mailer: t.app.mailer,
      env: t.env,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("lists waitlisted organizations as a table", async () => {
    const { org, email } = await insertApplicant(t.db, { name: "Cli Listed Homes" });
    const res = await admin("waitlist", "list");
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Number\s+Id\s+Organization/);
    expect(res.out).toContain("Cli Listed Homes");
    expect(res.out).toContain(org.id);
    expect(res.out).toContain(email);
  });

  it("approves by number and rejects by id, mailing the applicant", async () => {
    const a = await insertApplicant(t.db);
    const approved = await admin("waitlist", "approve", String(a.org.number));
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain(`Approved organization ${a.org.number}`);
    const b = await insertApplicant(t.db);
    const rejected = await admin("waitlist", "reject", b.org.id);
    expect(rejected.code).toBe(0);
    expect((await listWaitlist(t.db, "approved")).map((o) => o.id)).toContain(a.org.id);
    expect((await listWaitlist(t.db, "rejected")).map((o) => o.id)).toContain(b.org.id);
    const mailed = (await listOutbox(t.db)).map((m) => m.to_address);
    expect(mailed).toEqual(expect.arrayContaining([a.email, b.email]));
    const outbox = await admin("outbox");
    expect(outbox.code).toBe(0);
    expect(outbox.out).toContain(a.email);
  });

  it("refuses a second decision and an unknown organization with a message", async () => {
    const a = await insertApplicant(t.db);
    await admin("waitlist", "reject", a.org.id);
    const again = await admin("waitlist", "approve", a.org.id);
    expect(again.code).toBe(1);
    expect(again.err).toContain("already been reviewed");
    const unknown = await admin("waitlist", "approve", "999999");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("999999");
  });

  it("reports bad arguments with the usage and a non-zero code", async () => {
    for (const argv of [
      [],
      ["nonsense"],
      ["waitlist"],
      ["waitlist", "approve"],
      ["waitlist", "list", "everything"],
      ["waitlist", "approve", "1", "2"],
    ]) {
      const res = await admin(...argv);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.err).toContain("Usage: npm run admin");
    }
  });
});
