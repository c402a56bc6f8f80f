import { historySchema } from "@keyholder/contracts/history";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import { assigneeListSchema, assignmentResponseSchema } from "@keyholder/contracts/maintenance-assignment";
import { vendorPortalMessages, vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Session = { cookie: string };

describe("a request given to a vendor, and the vendor's emailed link", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let oak = "";
  let rooter = "";
  let lapsed = "";
  let noMail = "";

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const portal = (token: string, path = "", payload?: unknown) =>
    t.app.inject({
      method: payload === undefined && path === "" ? "GET" : "POST",
      url: `/api/v1/vendor-portal/${token}${path}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const property = async (name: string, org: Org) => {
    const res = await send("POST", "/properties/with-address", {
      org,
      payload: {
        name,
        property_type_id: 1,
        address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().property.id as string;
  };
  const request = async (propertyId: string, org: Org = alpha) => {
    const res = await send("POST", "/maintenance-requests", {
      org,
      payload: {
        property_id: propertyId,
        category: "plumbing",
        priority: "urgent",
        title: "Kitchen sink leaks",
        description: "Water under the sink",
        channel: "phone",
        permission_to_enter: true,
        pets_present: true,
        entry_notes: "Key in the lockbox, code 2211",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return maintenanceResponseSchema.parse(res.json()).request.id;
  };
  const vendor = async (name: string, o: Record<string, unknown> = {}, org: Org = alpha) => {
    const res = await send("POST", "/vendors", {
      org,
      payload: { name, trades: ["plumbing"], email: `${name.toLowerCase().replace(/\W+/g, "")}@example.com`, ...o },
    });
    expect(res.statusCode, res.body).toBe(201);
    return vendorResponseSchema.parse(res.json()).vendor.id;
  };
  const assign = (id: string, payload: Record<string, unknown>, org: Session = alpha) =>
    send("POST", `/maintenance-requests/${id}/assignment`, { org: org as Org, payload });
  const read = async (id: string) =>
    maintenanceResponseSchema.shape.request.parse((await send("GET", `/maintenance-requests/${id}`)).json());
  /** The newest vendor link mailed to `to`, read from the outbox. */
  const mailedToken = async (to: string) => {
    await t.app.mailer.idle();
    const text = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    const link = /\/vendor\/([A-Za-z0-9_-]+)/.exec(text);
    if (!link?.[1]) throw new Error(`no vendor link mailed to ${to}: ${text}`);
    return link[1];
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Vendor Link Alpha");
    bravo = await signedInOrganization(t, "Vendor Link Bravo");
    oak = await property("Oak Court", alpha);
    rooter = await vendor("Rapid Rooter", { insurance_expires_on: "2100-06-30" });
    lapsed = await vendor("Lapsed Plumbing", { insurance_expires_on: "2020-01-31" });
    noMail = await vendor("Quiet Handyman", { email: "", trades: ["general"], insurance_expires_on: "2100-01-01" });
  });
  afterAll(() => t.close());

  it("lists vendors beside the staff, those of the request's trade first, with their insurance", async () => {
    const id = await request(oak);
    const res = await send("GET", `/maintenance-requests/${id}/assignees`);
    expect(res.statusCode, res.body).toBe(200);
    const { vendors } = assigneeListSchema.parse(res.json());
    expect(vendors.map((v) => v.name)).toEqual(["Lapsed Plumbing", "Rapid Rooter", "Quiet Handyman"]);
    expect(vendors.find((v) => v.name === "Lapsed Plumbing")?.insurance_problem).toBe(
      "Insurance expired on 2020-01-31",
    );
    expect(vendors.find((v) => v.name === "Rapid Rooter")).toMatchObject({
      insurance_problem: null,
      trade_matches: true,
      has_email: true,
    });
    expect(vendors.find((v) => v.name === "Quiet Handyman")).toMatchObject({ trade_matches: false, has_email: false });
  });

  it("assigns a vendor, emails the link; the vendor reads only what was shared, accepts, posts, completes", async () => {
    const id = await request(oak);
    for (const [body, visibility] of [
      ["Tenant is difficult, internal", "internal"],
      ["We will come Tuesday", "resident"],
      ["Shutoff valve is behind the panel", "vendor"],
    ] as const) {
      const res = await send("POST", `/maintenance-requests/${id}/comments`, { payload: { body, visibility } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await assign(id, { vendor_id: rooter, scheduled_start: "2026-12-03T09:00", note: "Bring a trap" });
    expect(res.statusCode, res.body).toBe(200);
    const out = assignmentResponseSchema.parse(res.json());
    expect(out.warnings).toEqual([]);
    expect(out.request).toMatchObject({
      status: "scheduled",
      vendor_id: rooter,
      vendor_name: "Rapid Rooter",
      assigned_user_id: null,
      assigned_to_name: "Rapid Rooter",
      vendor_accepted_at: null,
    });
    expect(out.vendor_link).toMatchObject({ emailed: true });

    // The grid shows and filters the vendor under Assigned To.
    const grid = await send(
      "GET",
      `/maintenance-requests?filters=${encodeURIComponent(JSON.stringify({ assigned_to_name: "Rapid" }))}`,
    );
    expect(grid.json().requests.map((r: { id: string }) => r.id)).toContain(id);

    const token = await mailedToken("rapidrooter@example.com");
    expect(out.vendor_link?.url).toContain(`/vendor/${token}`);
    const view = vendorPortalViewSchema.parse((await portal(token)).json());
    expect(view).toMatchObject({
      state: "open",
      vendor_name: "Rapid Rooter",
      organization_name: "Vendor Link Alpha",
      request: {
        title: "Kitchen sink leaks",
        priority: "urgent",
        address: "9 Elm St, Austin, TX 78702",
        permission_to_enter: true,
        pets_present: true,
        entry_notes: "Key in the lockbox, code 2211",
        scheduled_start: "2026-12-03T09:00",
      },
    });
    // Only the comment shared with the vendor: never the internal or the resident's.
    expect(view.comments.map((c) => c.body)).toEqual(["Shutoff valve is behind the panel"]);
    expect(JSON.stringify(view)).not.toContain("internal");

    // Posting before accepting is fine; completing is not.
    expect((await portal(token, "/complete", {})).statusCode).toBe(409);
    const accepted = await portal(token, "/accept", {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(vendorPortalViewSchema.parse(accepted.json()).state).toBe("accepted");
    expect((await portal(token, "/accept", {})).statusCode).toBe(409);
    expect((await read(id)).vendor_accepted_at).not.toBeNull();

    const update = await portal(token, "/comments", { body: "  Replaced the trap, testing now  " });
    expect(update.statusCode, update.body).toBe(201);
    expect(vendorPortalViewSchema.parse(update.json()).comments.at(-1)).toMatchObject({
      body: "Replaced the trap, testing now",
      author_kind: "vendor",
      author_name: "Rapid Rooter",
    });
    expect((await portal(token, "/comments", { body: " " })).statusCode).toBe(400);
    // The staff read the vendor's update as one shared with the vendor.
    const staffComments = (await send("GET", `/maintenance-requests/${id}/comments`)).json().comments;
    expect(staffComments.at(-1)).toMatchObject({ visibility: "vendor", author_kind: "vendor" });

    // A photo through the link, read back through the link.
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 9, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer();
    const photo = await t.app.inject({
      method: "POST",
      url: `/api/v1/vendor-portal/${token}/photos`,
      ...multipart("file", "done.jpg", "image/jpeg", jpeg),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const shown = vendorPortalViewSchema.parse(photo.json()).photos;
    expect(shown).toHaveLength(1);
    expect(shown[0]?.uploaded_by_name).toBe("Rapid Rooter");
    const bytes = await t.app.inject({ method: "GET", url: shown[0]?.url ?? "" });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers["content-type"]).toBe("image/webp");

    const done = await portal(token, "/complete", { note: "Fixed, no more leak" });
    expect(done.statusCode, done.body).toBe(200);
    expect(vendorPortalViewSchema.parse(done.json()).state).toBe("completed");
    const completed = await read(id);
    expect(completed.status).toBe("completed");
    expect(completed.completed_at).not.toBeNull();
    // Read-only afterwards: the view still opens, nothing more is posted.
    expect((await portal(token)).statusCode).toBe(200);
    expect((await portal(token, "/comments", { body: "one more" })).statusCode).toBe(409);

    // Every step of the vendor's is in the history, under their name; the table's path is kept.
    const history = historySchema.parse((await send("GET", `/maintenance-requests/${id}/history`)).json()).history;
    const byVendor = history.filter((h) => h.changed_by?.name === "Rapid Rooter (vendor)");
    expect(byVendor.map((h) => h.changes.status?.to ?? null)).toEqual(["completed", "in_progress", null]);
    expect(byVendor.every((h) => h.changed_by?.id === null)).toBe(true);
  });

  it("warns of a vendor's expired insurance, and refuses a vendor and a staff member at once", async () => {
    const id = await request(oak);
    const res = await assign(id, { vendor_id: lapsed });
    expect(res.statusCode, res.body).toBe(200);
    expect(assignmentResponseSchema.parse(res.json()).warnings).toEqual([
      "Lapsed Plumbing: Insurance expired on 2020-01-31",
    ]);
    const both = await assign(id, { vendor_id: rooter, assigned_user_id: alpha.adminUserId });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.vendor_id).toEqual(["Choose a staff member or a vendor, not both"]);
  });

  it("gives the link to share when the vendor has no email", async () => {
    const id = await request(oak);
    const res = await assign(id, { vendor_id: noMail });
    const out = assignmentResponseSchema.parse(res.json());
    expect(out.vendor_link?.emailed).toBe(false);
    const token = /\/vendor\/([A-Za-z0-9_-]+)/.exec(out.vendor_link?.url ?? "")?.[1] ?? "";
    expect((await portal(token)).statusCode).toBe(200);
  });

  it("a decline returns the request to triage, tells the managers, and closes the link; a new assignment works", async () => {
    const manager = await signedInUser(t, alpha, {
      username: "pm-oak@example.com",
      role: "PROPERTY_MANAGER",
      password: "Vendor-Link-Pass-1!",
    });
    expect(manager.id).toBeGreaterThan(0);
    const id = await request(oak);
    await assign(id, { vendor_id: rooter, scheduled_start: "2026-12-04T10:00" });
    const token = await mailedToken("rapidrooter@example.com");
    expect((await portal(token, "/decline", { reason: " " })).statusCode).toBe(400);
    const declined = await portal(token, "/decline", { reason: "Fully booked this week" });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await read(id);
    expect(after).toMatchObject({ status: "triaged", vendor_id: null, assigned_to_name: null, scheduled_start: null });
    const history = historySchema.parse((await send("GET", `/maintenance-requests/${id}/history`)).json()).history;
    expect(history[0]).toMatchObject({
      changed_by: { id: null, name: "Rapid Rooter (vendor)" },
      changes: {
        status: { from: "scheduled", to: "triaged" },
        assigned_to: { from: "Rapid Rooter", to: "Unassigned" },
        note: { to: "Declined: Fully booked this week" },
      },
    });
    await t.app.mailer.idle();
    const told = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select text_body from mail_outbox where to_address = 'pm-oak@example.com' order by id desc limit 1`,
      )) as unknown as { rows: { text_body: string }[] };
      return rows[0]?.text_body ?? "";
    });
    expect(told).toContain("Fully booked this week");

    // The declined link is refused from then on, with a clear message.
    for (const res of [await portal(token), await portal(token, "/accept", {})]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(vendorPortalMessages.declined);
    }
    // Given again, the vendor gets a new link that works.
    await assign(id, { vendor_id: rooter });
    const fresh = await mailedToken("rapidrooter@example.com");
    expect(fresh).not.toBe(token);
    expect((await portal(fresh)).statusCode).toBe(200);
  });

  it("refuses a link revoked by a new assignment, an expired one, and an unknown one", async () => {
    const id = await request(oak);
    await assign(id, { vendor_id: rooter });
    const first = await mailedToken("rapidrooter@example.com");
    await assign(id, { vendor_id: lapsed });
    const second = await mailedToken("lapsedplumbing@example.com");
    const revoked = await portal(first);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toBe(vendorPortalMessages.revoked);
    expect((await portal(second)).statusCode).toBe(200);

    await asSystem(t.db, (tx) =>
      tx.execute(sql`update maintenance_vendor_links set expires_at = now() - interval '1 minute'
        where request_id = ${id} and revoked_at is null`),
    );
    const expired = await portal(second, "/accept", {});
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(vendorPortalMessages.expired);

    const unknown = await portal("x".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(vendorPortalMessages.notFound);

    // Unassigning revokes too.
    const other = await request(oak);
    await assign(other, { vendor_id: rooter });
    const third = await mailedToken("rapidrooter@example.com");
    await assign(other, { vendor_id: null, assigned_user_id: null });
    expect((await portal(third)).statusCode).toBe(410);
    expect((await read(other)).status).toBe("triaged");
  });

  it("answers 404 for another organization's request or vendor, and 403 to a technician giving work to a vendor", async () => {
    const id = await request(oak);
    const theirs = await vendor("Bravo Pipes", {}, bravo);
    const cross = await assign(id, { vendor_id: theirs });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.fields.vendor_id).toEqual(["That vendor is not one of yours"]);
    expect((await assign(id, { vendor_id: rooter }, bravo)).statusCode).toBe(404);
    expect((await send("GET", `/maintenance-requests/${id}/assignees`, { org: bravo })).statusCode).toBe(404);

    const tech = await signedInUser(t, alpha, {
      username: "tech-vendor",
      role: "MAINTENANCE_TECHNICIAN",
      password: "Vendor-Link-Pass-1!",
    });
    const refused = await assign(id, { vendor_id: rooter }, tech);
    expect(refused.statusCode).toBe(403);
    const listed = assigneeListSchema.parse(
      (await send("GET", `/maintenance-requests/${id}/assignees`, { org: tech as Session as Org })).json(),
    );
    expect(listed.vendors).toEqual([]);
    // Given to a vendor, the request is neither unassigned nor the technician's: they do not see it.
    expect((await assign(id, { vendor_id: rooter })).statusCode).toBe(200);
    expect((await send("GET", `/maintenance-requests/${id}`, { org: tech as Session as Org })).statusCode).toBe(404);
  });

  it("a decline of work in progress goes through On Hold back to Triaged", async () => {
    const id = await request(oak);
    await assign(id, { vendor_id: rooter });
    const token = await mailedToken("rapidrooter@example.com");
    expect((await portal(token, "/accept", {})).statusCode).toBe(200);
    const started = await send("POST", `/maintenance-requests/${id}/status`, { payload: { status: "in_progress" } });
    expect(started.statusCode, started.body).toBe(200);
    expect((await portal(token, "/decline", { reason: "Needs a licensed electrician" })).statusCode).toBe(200);
    const history = historySchema.parse((await send("GET", `/maintenance-requests/${id}/history`)).json()).history;
    expect(history.slice(0, 2).map((h) => h.changes.status)).toEqual([
      { from: "on_hold", to: "triaged" },
      { from: "in_progress", to: "on_hold" },
    ]);
    expect((await read(id)).status).toBe("triaged");
  });
});
