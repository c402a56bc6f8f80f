import {
  applicationMessages,
  applicationReceiptSchema,
  type SubmitApplication,
} from "@keyholder/contracts/applications";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { addresses, floorPlans, properties, propertyTypes, usStates } from "../../db/schema/index.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
let keys = 0;
const newKey = () => `test-key-${String(++keys).padStart(8, "0")}-${Date.now()}`;

describe("applying to a listed property", () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof createApprovedOrganization>>;
  let planId = 0;
  let otherPlanId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createApprovedOrganization(t.db, {
      name: "Applyco",
      email: "admin@applyco.example",
      password: "Applyco-Pass-123!",
      firstName: "Ada",
      lastName: "Admin",
    });
    await asSystem(t.db, async (tx) => {
      const [tx1] = await tx.select({ id: usStates.id }).from(usStates).where(eq(usStates.stateCode, "TX"));
      const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.code, "MFH"));
      for (const [name, slug, online] of [
        ["Pecan Court", "pecan-court", true],
        ["Quiet Acres", "quiet-acres", false],
      ] as const) {
        const [address] = await tx
          .insert(addresses)
          .values({
            organizationId: org.orgId,
            addressLine1: "1 Pecan St",
            city: "Austin",
            stateId: tx1?.id ?? 1,
            zipcode: "78701",
          })
          .returning({ id: addresses.id });
        const [property] = await tx
          .insert(properties)
          .values({
            organizationId: org.orgId,
            name,
            propertySlug: slug,
            showPropertyOnline: online,
            propertyTypeId: type?.id ?? 1,
            addressId: address?.id,
          })
          .returning({ id: properties.id });
        const [plan] = await tx
          .insert(floorPlans)
          .values({
            organizationId: org.orgId,
            propertyId: property?.id,
            planName: `${name} 2x1`,
            bedRooms: 2,
            bathRooms: 1,
            baseRentEstimate: 1900,
          })
          .returning({ id: floorPlans.id });
        if (online) planId = plan?.id ?? 0;
        else otherPlanId = plan?.id ?? 0;
      }
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, ip = "203.0.113.10") =>
    t.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: ip,
    });
  const application = (overrides: Partial<SubmitApplication> = {}): SubmitApplication => ({
    full_name: "Rosa Renter",
    email: "rosa@example.com",
    phone: "(512) 555-0142",
    floor_plan_id: planId,
    move_in_date: inAWeek(),
    message: "Two cats, very quiet.",
    idempotency_key: newKey(),
    ...overrides,
  });
  const rowsFor = (email: string) =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select status, full_name, floor_plan_name, organization_id, submitted_at from applications where email = ${email} order by created_date`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return rows;
    });
  const outbox = async (to: string) => {
    await t.app.mailer.idle();
    return asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select subject, text_body from mail_outbox where to_address = ${to} order by id`,
      )) as unknown as { rows: { subject: string; text_body: string }[] };
      return rows;
    });
  };

  it("stores a submitted application for the property's organization and emails a receipt and the administrators", async () => {
    const res = await post("/public/properties/by-slug/pecan-court/applications", application());
    expect(res.statusCode, res.body).toBe(201);
    const receipt = applicationReceiptSchema.parse(res.json());
    expect(receipt).toMatchObject({ property_name: "Pecan Court", email: "rosa@example.com" });
    expect(receipt.reference).toMatch(/^[0-9A-F]{8}$/);
    expect(res.body).not.toContain(org.orgId);
    const rows = await rowsFor("rosa@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "new",
      full_name: "Rosa Renter",
      floor_plan_name: "Pecan Court 2x1",
      organization_id: org.orgId,
    });
    const mails = await outbox("rosa@example.com");
    expect(mails.at(-1)?.subject).toBe("We received your application for Pecan Court");
    expect(mails.at(-1)?.text_body).toContain(receipt.reference);
    const notices = await outbox("admin@applyco.example");
    expect(notices.at(-1)?.subject).toBe("New application for Pecan Court from Rosa Renter");
  });

  it("makes one application of a submission sent twice with the same key, and answers both alike", async () => {
    const once = application({ email: "twice@example.com" });
    const [a, b] = await Promise.all([
      post("/public/properties/by-slug/pecan-court/applications", once),
      post("/public/properties/by-slug/pecan-court/applications", once),
    ]);
    const retry = await post("/public/properties/by-slug/pecan-court/applications", once);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().reference).toBe(a.json().reference);
    expect(b.json().reference).toBe(a.json().reference);
    expect(await rowsFor("twice@example.com")).toHaveLength(1);
    expect((await outbox("twice@example.com")).length).toBe(1);
  });

  it("refuses missing or malformed answers with the form's messages and keeps nothing", async () => {
    const res = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "broken", full_name: " ", phone: "12", move_in_date: "2001-01-01" }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.full_name).toEqual([applicationMessages.fullNameRequired]);
    expect(fields.email.length).toBeGreaterThan(0);
    expect(fields.phone.length).toBeGreaterThan(0);
    expect(fields.move_in_date).toEqual([applicationMessages.moveInPast]);
    const plan = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "plan@example.com", floor_plan_id: otherPlanId }),
    );
    expect(plan.statusCode).toBe(400);
    expect(plan.json().error.fields).toEqual({ floor_plan_id: [applicationMessages.floorPlanUnknown] });
    expect(await rowsFor("plan@example.com")).toEqual([]);
  });

  it("takes no application for an unlisted or unknown property", async () => {
    for (const slug of ["quiet-acres", "no-such-home"]) {
      const res = await post(
        `/public/properties/by-slug/${slug}/applications`,
        application({ email: "ghost@example.com" }),
      );
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error.message).toBe(applicationMessages.propertyNotFound);
    }
    expect(await rowsFor("ghost@example.com")).toEqual([]);
  });

  it("thanks a bot that fills the hidden field and stores nothing", async () => {
    const res = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "bot@example.com", website: "http://spam.example" }),
    );
    expect(res.statusCode).toBe(201);
    expect(await rowsFor("bot@example.com")).toEqual([]);
    expect(await outbox("bot@example.com")).toEqual([]);
  });

  it("limits applications per email and per address", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(
        "/public/properties/by-slug/pecan-court/applications",
        application({ email: "eager@example.com" }),
        `198.51.100.${i + 1}`,
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(
        "/public/properties/by-slug/pecan-court/applications",
        application({ email: `neighbour${i}@example.com` }),
        "192.0.2.77",
      );
      fromOneAddress.push(res.statusCode);
    }
    expect(fromOneAddress.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(fromOneAddress[10]).toBe(429);
  });

  it("saves a draft, emails its link, resumes it, and turns it into the application", async () => {
    const saved = await post("/public/properties/by-slug/pecan-court/application-drafts", {
      email: "Drafty@Example.com",
      full_name: "Dana Draft",
      floor_plan_id: planId,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const mail = (await outbox("drafty@example.com")).at(-1);
    expect(mail?.subject).toBe("Finish your application for Pecan Court");
    const token = /apply\?resume=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? "")?.[1] ?? "";
    expect(token).toBe(saved.json().resume_token);

    const resumed = await t.app.inject({ method: "GET", url: `/api/v1/public/application-drafts/${token}` });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({
      property_slug: "pecan-court",
      full_name: "Dana Draft",
      email: "drafty@example.com",
      phone: "",
      floor_plan_id: planId,
      unit_id: null,
      move_in_date: "",
      message: "",
    });
    expect(await rowsFor("drafty@example.com")).toMatchObject([{ status: "draft", submitted_at: null }]);

    const done = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "drafty@example.com", full_name: "Dana Draft", resume_token: token }),
    );
    expect(done.statusCode).toBe(201);
    expect(await rowsFor("drafty@example.com")).toMatchObject([{ status: "new", full_name: "Dana Draft" }]);
    const gone = await t.app.inject({ method: "GET", url: `/api/v1/public/application-drafts/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(applicationMessages.draftNotFound);
  });
});
