import { publicPropertyDetailsSchema } from "@keyholder/contracts/public-properties";
import { type StaffFormInput, staffRecordSchema } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

/** Issue 15, item 5: a staff member is a public contact once they have accepted their invitation. */
describe("public contacts: shown once the person has accepted", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Contact Homes");
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into properties (organization_id, name, property_type_id, property_slug, show_property_online)
        values (${org.orgId}, 'Contact Court', (select id from property_types where code = 'MFH'), 'contact-court', true)`),
    );
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const contacts = async () => {
    const res = await send("GET", "/public/properties/by-slug/contact-court", { org: null });
    expect(res.statusCode, res.body).toBe(200);
    return publicPropertyDetailsSchema.parse(res.json()).contacts.map((c) => c.email);
  };
  const invite = async (overrides: Partial<StaffFormInput>) => {
    const res = await send("POST", "/staff", {
      payload: {
        name: "Casey Lee",
        job_title: "Leasing Agent",
        phone: "(555) 123-4567",
        department: "Leasing",
        bio: null,
        is_public_contact: true,
        display_order: 1,
        ...overrides,
      } as StaffFormInput,
    });
    expect(res.statusCode, res.body).toBe(201);
    return staffRecordSchema.parse(res.json());
  };
  /** The invitation link mailed to `to`, read from the outbox. */
  const mailedToken = async (to: string) => {
    await t.app.mailer.idle();
    const text = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const token = /\/staff-onboarding\?invite=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${to}`);
    return token;
  };

  it("keeps an invited contact off the public page until they accept, then shows them", async () => {
    await invite({ email: "casey.lee@example.com" });
    // Invited, not accepted: the public does not see a person who may never join.
    expect(await contacts()).not.toContain("casey.lee@example.com");

    const accepted = await send("POST", "/auth/staff-signup", {
      org: null,
      payload: {
        invite_guid: await mailedToken("casey.lee@example.com"),
        password: "Contact-Pass-123!",
        first_name: "Casey",
        last_name: "Lee",
        phone: "(555) 123-4567",
        receive_marketing: false,
        accepted_terms: true,
      },
    });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    expect(await contacts()).toContain("casey.lee@example.com");
  });

  it("never shows a contact whose invitation is still open, even among accepted ones", async () => {
    await invite({ email: "pending.person@example.com", display_order: 0 });
    const shown = await contacts();
    expect(shown).not.toContain("pending.person@example.com");
    expect(shown).toContain("casey.lee@example.com");
  });
});
