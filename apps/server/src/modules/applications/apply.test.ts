import {
  APPLICATION_DRAFT_LINKS_PER_HOUR,
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
        ["Walnut Row", "walnut-row", true],
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

  it("gives a bot that fills the hidden field a receipt shaped like a person's, for the property it named", async () => {
    const person = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "person.shape@example.com" }),
      "198.51.100.210",
    );
    const bot = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "Bot.Shape@Example.com", website: "http://spam.example" }),
      "198.51.100.211",
    );
    expect(bot.statusCode).toBe(person.statusCode);
    const real = applicationReceiptSchema.parse(person.json());
    const fake = applicationReceiptSchema.parse(bot.json());
    expect(Object.keys(fake)).toEqual(Object.keys(real));
    expect(fake.property_name).toBe(real.property_name);
    expect(fake.email).toBe("bot.shape@example.com");
    expect(fake.reference).toMatch(/^[0-9A-F]{8}$/);
    expect(fake.reference).not.toBe(real.reference);
    expect(Math.abs(Date.parse(fake.submitted_at) - Date.parse(real.submitted_at))).toBeLessThan(60_000);
    expect(fake.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(bot.headers["content-type"]).toBe(person.headers["content-type"]);
    expect(await rowsFor("bot.shape@example.com")).toEqual([]);
    // A property that takes no applications is as absent for the bot as for a person.
    const nowhere = await post(
      "/public/properties/by-slug/no-such-home/applications",
      application({ email: "bot.shape@example.com", website: "http://spam.example" }),
    );
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toBe(applicationMessages.propertyNotFound);

    // "Save and finish later" too: a link-shaped token that lasts as long as a real one.
    const draft = { email: "draft.shape@example.com", full_name: "Dee Shape" };
    const saved = await post("/public/properties/by-slug/pecan-court/application-drafts", draft, "198.51.100.200");
    const botSaved = await post(
      "/public/properties/by-slug/pecan-court/application-drafts",
      { ...draft, email: "bot.draft@example.com", website: "http://spam.example" },
      "198.51.100.201",
    );
    expect(botSaved.statusCode).toBe(saved.statusCode);
    const token = saved.json().resume_token as string;
    const fakeToken = botSaved.json().resume_token as string;
    expect(fakeToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fakeToken.length).toBe(token.length);
    expect(Math.abs(Date.parse(botSaved.json().expires_at) - Date.parse(saved.json().expires_at))).toBeLessThan(60_000);
    expect(await outbox("bot.draft@example.com")).toEqual([]);
  });

  it("never answers a reused request key with another application's receipt", async () => {
    const key = newKey();
    const first = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "first.key@example.com", full_name: "First Keyholder", idempotency_key: key }),
      "198.51.100.76",
    );
    expect(first.statusCode, first.body).toBe(201);
    const receipt = applicationReceiptSchema.parse(first.json());

    // Someone else's answers, or the same answers to another property, under that key.
    for (const [slug, answers] of [
      ["pecan-court", { email: "second.key@example.com", full_name: "Second Comer" }],
      ["pecan-court", { email: "first.key@example.com", full_name: "First Keyholder", phone: "(512) 555-0199" }],
      ["walnut-row", { email: "first.key@example.com", full_name: "First Keyholder", floor_plan_id: null }],
    ] as const) {
      const reused = await post(
        `/public/properties/by-slug/${slug}/applications`,
        application({ ...answers, idempotency_key: key }),
        "198.51.100.77",
      );
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json().error.message).toBe(applicationMessages.keyReused);
      expect(reused.body).not.toContain(receipt.reference);
      expect(reused.body).not.toContain("first.key@example.com");
    }
    expect(await rowsFor("second.key@example.com")).toEqual([]);
    expect(await outbox("second.key@example.com")).toEqual([]);

    // The same submission sent again still gets its own receipt back.
    const retry = await post(
      "/public/properties/by-slug/pecan-court/applications",
      application({ email: "first.key@example.com", full_name: "First Keyholder", idempotency_key: key }),
      "198.51.100.76",
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(receipt);
  });

  it("caps the links 'Save and finish later' sends to one address, from however many clients", async () => {
    const victim = "draft.target@example.com";
    const codes: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < APPLICATION_DRAFT_LINKS_PER_HOUR + 2; i++) {
      const res = await post(
        "/public/properties/by-slug/pecan-court/application-drafts",
        { email: i % 2 ? victim.toUpperCase() : victim },
        `203.0.113.${100 + i}`,
      );
      codes.push(res.statusCode);
      if (res.statusCode === 201) tokens.push(res.json().resume_token);
    }
    expect(codes).toEqual([...Array(APPLICATION_DRAFT_LINKS_PER_HOUR).fill(201), ...Array(2).fill(429)]);
    expect((await outbox(victim)).length).toBe(APPLICATION_DRAFT_LINKS_PER_HOUR);
    const refused = await post(
      "/public/properties/by-slug/pecan-court/application-drafts",
      { email: victim },
      "203.0.113.250",
    );
    expect(refused.json().error.message).toBe(applicationMessages.tooManyDraftLinks);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);

    // An update with a link that no longer works would send a new one: capped the same way.
    const put = (token: string, email: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/public/properties/by-slug/pecan-court/application-drafts/${token}`,
        payload: { email, full_name: "Still Typing" },
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        remoteAddress: "203.0.113.251",
      });
    expect((await put("x".repeat(43), victim)).statusCode).toBe(429);
    expect((await outbox(victim)).length).toBe(APPLICATION_DRAFT_LINKS_PER_HOUR);
    // Saving into a draft that works sends nothing, so it is never refused.
    const kept = await put(tokens[0] ?? "", victim);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resume_token).toBe(tokens[0]);
    // Other addresses are not held back by it.
    const other = await post(
      "/public/properties/by-slug/pecan-court/application-drafts",
      { email: "someone.else@example.com" },
      "203.0.113.100",
    );
    expect(other.statusCode).toBe(201);
    expect((await outbox("someone.else@example.com")).length).toBe(1);
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
