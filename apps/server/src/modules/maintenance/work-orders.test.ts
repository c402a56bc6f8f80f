import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import { requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import {
  workOrderLinkResponseSchema,
  workOrderListSchema,
  workOrderMessages,
  workOrderResponseSchema,
} from "@keyholder/contracts/maintenance-work-orders";
import { vendorPortalMessages, vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Work-Order-Pass-1!";

describe("work orders: one per dispatch of a request", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let oak = "";
  let rooter = "";
  let drains = "";
  let tech: { cookie: string; id: number };
  let colleague: { cookie: string; id: number };

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const as = (who: { cookie: string }) => who as unknown as Org;
  const portal = (token: string, path = "", payload?: unknown) =>
    t.app.inject({
      method: payload === undefined && path === "" ? "GET" : "POST",
      url: `/api/v1/vendor-portal/${token}${path}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const request = async (title = "Kitchen sink leaks") => {
    const res = await send("POST", "/maintenance-requests", {
      payload: { property_id: oak, category: "plumbing", priority: "urgent", title, channel: "phone" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return maintenanceResponseSchema.parse(res.json()).request;
  };
  const vendor = async (name: string) => {
    const res = await send("POST", "/vendors", {
      payload: {
        name,
        trades: ["plumbing"],
        email: `${name.toLowerCase().replace(/\W+/g, "")}@example.com`,
        insurance_expires_on: "2100-01-01",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return vendorResponseSchema.parse(res.json()).vendor.id;
  };
  const assign = async (id: string, payload: Record<string, unknown>, org: Org = alpha) => {
    const res = await send("POST", `/maintenance-requests/${id}/assignment`, { org, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const orders = async (id: string, org: Org = alpha) => {
    const res = await send("GET", `/maintenance-requests/${id}/work-orders`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return workOrderListSchema.parse(res.json()).work_orders;
  };
  /** The newest mail to `to`, from the outbox. */
  const lastMail = async (to: string) => {
    await t.app.mailer.idle();
    return asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select subject, text_body from mail_outbox where to_address = ${to} order by id desc limit 1`,
      )) as unknown as { rows: { subject: string; text_body: string }[] };
      return rows[0] ?? { subject: "", text_body: "" };
    });
  };
  const mailedToken = async (to: string) => {
    const { text_body } = await lastMail(to);
    const link = /\/vendor\/([A-Za-z0-9_-]+)/.exec(text_body);
    if (!link?.[1]) throw new Error(`no vendor link mailed to ${to}: ${text_body}`);
    return link[1];
  };

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Work Orders Alpha");
    bravo = await signedInOrganization(t, "Work Orders Bravo");
    const res = await send("POST", "/properties/with-address", {
      payload: {
        name: "Oak Court",
        property_type_id: 1,
        address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    oak = res.json().property.id;
    rooter = await vendor("Rapid Rooter");
    drains = await vendor("Dana Drains");
    tech = await signedInUser(t, alpha, { username: "wo-tech", role: "MAINTENANCE_TECHNICIAN", password: PASSWORD });
    colleague = await signedInUser(t, alpha, {
      username: "wo-other",
      role: "MAINTENANCE_TECHNICIAN",
      password: PASSWORD,
    });
    await signedInUser(t, alpha, { username: "pm-wo@example.com", role: "PROPERTY_MANAGER", password: PASSWORD });
  });
  afterAll(() => t.close());

  it("makes a work order when a request is assigned, and cancels it when it is reassigned", async () => {
    const r = await request();
    expect(await orders(r.id)).toEqual([]);
    await assign(r.id, {
      assigned_user_id: tech.id,
      scheduled_start: "2026-12-03T09:00",
      scheduled_end: "2026-12-03T11:00",
    });
    const [first] = await orders(r.id);
    expect(first).toMatchObject({
      label: `WO ${r.request_no}-1`,
      work_order_no: 1,
      assignee_kind: "staff",
      assigned_user_id: tech.id,
      assignee_name: "wo-tech",
      instructions: "Kitchen sink leaks",
      scheduled_start: "2026-12-03T09:00",
      scheduled_end: "2026-12-03T11:00",
      not_to_exceed_cents: null,
      status: "open",
      closed_at: null,
      cost_total_cents: 0,
    });

    // Same assignee, a new time: the same work order, moved.
    await assign(r.id, { assigned_user_id: tech.id, scheduled_start: "2026-12-04T08:00" });
    const moved = await orders(r.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ scheduled_start: "2026-12-04T08:00", scheduled_end: null, status: "open" });

    // To a vendor, with instructions and a limit: the staff member's order is canceled, saying why.
    await assign(r.id, { vendor_id: rooter, instructions: "Replace the P-trap", not_to_exceed_cents: 40000 });
    const [second, old] = await orders(r.id);
    expect(second).toMatchObject({
      label: `WO ${r.request_no}-2`,
      assignee_kind: "vendor",
      vendor_id: rooter,
      assignee_name: "Rapid Rooter",
      instructions: "Replace the P-trap",
      not_to_exceed_cents: 40000,
      status: "open",
    });
    expect(old).toMatchObject({ id: first?.id, status: "canceled", close_reason: "Reassigned to Rapid Rooter" });
    expect(old?.closed_at).not.toBeNull();
    // The vendor's email carries the work order's instructions and limit.
    const mail = await lastMail("rapidrooter@example.com");
    expect(mail.text_body).toContain(`Work order: WO ${r.request_no}-2`);
    expect(mail.text_body).toContain("Replace the P-trap");
    expect(mail.text_body).toContain("Not to exceed: $400.00");

    // Unassigned: canceled as such.
    await assign(r.id, { assigned_user_id: null, vendor_id: null });
    expect((await orders(r.id))[0]).toMatchObject({ status: "canceled", close_reason: "Unassigned" });

    // One work order read alone; edited while open, 409 once closed.
    const one = await send("GET", `/maintenance-requests/${r.id}/work-orders/${second?.id}`);
    expect(workOrderResponseSchema.parse(one.json()).work_order.status).toBe("canceled");
    const closed = await send("PUT", `/maintenance-requests/${r.id}/work-orders/${second?.id}`, {
      payload: { instructions: "Too late", not_to_exceed_cents: null },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(workOrderMessages.closed);
  });

  it("edits the open work order, and ties cost lines to it", async () => {
    const r = await request("Dishwasher drains slowly");
    await assign(r.id, { assigned_user_id: tech.id });
    const [order] = await orders(r.id);
    const path = `/maintenance-requests/${r.id}/work-orders/${order?.id}`;
    const bad = await send("PUT", path, { payload: { instructions: "x".repeat(4001), not_to_exceed_cents: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["instructions", "not_to_exceed_cents"]);
    const saved = await send("PUT", path, {
      payload: { instructions: "  Clear the filter, check the pump  ", not_to_exceed_cents: 25000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(workOrderResponseSchema.parse(saved.json()).work_order).toMatchObject({
      instructions: "Clear the filter, check the pump",
      not_to_exceed_cents: 25000,
    });

    const cost = await send("POST", `/maintenance-requests/${r.id}/costs`, {
      payload: {
        kind: "labor",
        description: "Technician",
        quantity: "1.5",
        rate_cents: 6000,
        work_order_id: order?.id,
      },
    });
    expect(cost.statusCode, cost.body).toBe(201);
    expect(requestCostsSchema.parse(cost.json()).lines[0]?.work_order_id).toBe(order?.id);
    await send("POST", `/maintenance-requests/${r.id}/costs`, {
      payload: { kind: "material", description: "Filter", quantity: "1", rate_cents: 1999 },
    });
    expect((await orders(r.id))[0]?.cost_total_cents).toBe(9000);
    // Another request's work order is refused under the field.
    const other = await request("Other");
    await assign(other.id, { assigned_user_id: tech.id });
    const [theirs] = await orders(other.id);
    const wrong = await send("POST", `/maintenance-requests/${r.id}/costs`, {
      payload: { kind: "other", description: "Trip", quantity: "1", rate_cents: 100, work_order_id: theirs?.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.work_order_id).toBeDefined();

    // Completing the request completes its work order.
    await send("POST", `/maintenance-requests/${r.id}/status`, { payload: { status: "in_progress" } });
    expect((await orders(r.id))[0]?.status).toBe("in_progress");
    await send("POST", `/maintenance-requests/${r.id}/status`, { payload: { status: "completed" } });
    expect((await orders(r.id))[0]).toMatchObject({ status: "completed", close_reason: null });
  });

  it("a vendor's decline marks the work order declined; accepting and finishing tell the managers", async () => {
    const declined = await request("Toilet runs");
    await assign(declined.id, { vendor_id: rooter });
    const token = await mailedToken("rapidrooter@example.com");
    expect((await portal(token, "/decline", { reason: "No parts this week" })).statusCode).toBe(200);
    expect((await orders(declined.id))[0]).toMatchObject({ status: "declined", close_reason: "No parts this week" });

    const r = await request("Shower leaks");
    await assign(r.id, { vendor_id: drains, instructions: "Reseal the shower tray", not_to_exceed_cents: 30000 });
    const link = await mailedToken("danadrains@example.com");
    const view = vendorPortalViewSchema.parse((await portal(link)).json());
    expect(view.work_order).toEqual({
      label: `WO ${r.request_no}-1`,
      instructions: "Reseal the shower tray",
      not_to_exceed_cents: 30000,
    });

    expect((await portal(link, "/accept", {})).statusCode).toBe(200);
    expect((await orders(r.id))[0]?.status).toBe("accepted");
    const accepted = await lastMail("pm-wo@example.com");
    expect(accepted.subject).toBe("Accepted by Dana Drains: Shower leaks");
    expect(accepted.text_body).toContain(`/workspace?open=maintenance_request:${r.id}`);

    expect((await portal(link, "/complete", { note: "Resealed, dry now" })).statusCode).toBe(200);
    expect((await orders(r.id))[0]).toMatchObject({ status: "completed" });
    const done = await lastMail("pm-wo@example.com");
    expect(done.subject).toBe("Done by Dana Drains: Shower leaks");
    expect(done.text_body).toContain("Resealed, dry now");
    expect(done.text_body).toContain(`/workspace?open=maintenance_request:${r.id}`);
  });

  it("resends a vendor's link: the old one stops working, the new one works and keeps the acceptance", async () => {
    const r = await request("Water heater pilot out");
    await assign(r.id, { vendor_id: rooter });
    const old = await mailedToken("rapidrooter@example.com");
    expect((await portal(old, "/accept", {})).statusCode).toBe(200);
    const [order] = await orders(r.id);
    const path = `/maintenance-requests/${r.id}/work-orders/${order?.id}/vendor-link`;
    const res = await send("POST", path);
    expect(res.statusCode, res.body).toBe(200);
    const out = workOrderLinkResponseSchema.parse(res.json());
    expect(out.vendor_link.emailed).toBe(true);
    const fresh = await mailedToken("rapidrooter@example.com");
    expect(fresh).not.toBe(old);
    expect(out.vendor_link.url).toContain(`/vendor/${fresh}`);

    const gone = await portal(old);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe(vendorPortalMessages.replaced);
    const view = await portal(fresh);
    expect(view.statusCode, view.body).toBe(200);
    expect(vendorPortalViewSchema.parse(view.json()).state).toBe("accepted");

    // An expired link is replaced the same way.
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update maintenance_vendor_links set expires_at = now() - interval '1 minute'
        where request_id = ${r.id} and revoked_at is null`),
    );
    expect((await portal(fresh)).statusCode).toBe(410);
    expect((await send("POST", path)).statusCode).toBe(200);
    expect((await portal(await mailedToken("rapidrooter@example.com"))).statusCode).toBe(200);

    // Refused on a staff member's order and on a closed one.
    const staff = await request("Staff job");
    await assign(staff.id, { assigned_user_id: tech.id });
    const [staffOrder] = await orders(staff.id);
    const notVendor = await send("POST", `/maintenance-requests/${staff.id}/work-orders/${staffOrder?.id}/vendor-link`);
    expect(notVendor.statusCode).toBe(409);
    await assign(r.id, { assigned_user_id: null, vendor_id: null });
    const closed = await send("POST", path);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(workOrderMessages.closed);
  });

  it("answers 404 for another organization's work order, and shows a technician only their requests' orders", async () => {
    const r = await request("Smoke alarm chirps");
    await assign(r.id, { assigned_user_id: colleague.id });
    const [order] = await orders(r.id);
    const one = `/maintenance-requests/${r.id}/work-orders/${order?.id}`;
    expect((await send("GET", `/maintenance-requests/${r.id}/work-orders`, { org: bravo })).statusCode).toBe(404);
    expect((await send("GET", one, { org: bravo })).statusCode).toBe(404);
    expect(
      (await send("PUT", one, { org: bravo, payload: { instructions: "x", not_to_exceed_cents: null } })).statusCode,
    ).toBe(404);
    expect((await send("POST", `${one}/vendor-link`, { org: bravo })).statusCode).toBe(404);
    // An unknown work order of a visible request is 404 too.
    expect(
      (await send("GET", `/maintenance-requests/${r.id}/work-orders/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);

    // The colleague's request is not the technician's: nothing of it, its work orders included.
    expect((await send("GET", `/maintenance-requests/${r.id}/work-orders`, { org: as(tech) })).statusCode).toBe(404);
    expect((await send("GET", one, { org: as(tech) })).statusCode).toBe(404);
    // Theirs they read and edit.
    const mine = await request("Porch light out");
    await assign(mine.id, { assigned_user_id: tech.id }, as(tech));
    const listed = await orders(mine.id, as(tech));
    expect(listed.map((o) => o.assignee_name)).toEqual(["wo-tech"]);
    const edit = await send("PUT", `/maintenance-requests/${mine.id}/work-orders/${listed[0]?.id}`, {
      org: as(tech),
      payload: { instructions: "Bring a ladder", not_to_exceed_cents: null },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
  it("the migration's backfill makes one work order per request given to someone, and attaches the vendor's link", async () => {
    const staff = await request("Backfill: staff");
    await assign(staff.id, { assigned_user_id: tech.id, scheduled_start: "2026-12-05T10:00" });
    const vendorJob = await request("Backfill: vendor");
    await assign(vendorJob.id, { vendor_id: drains });
    const token = await mailedToken("danadrains@example.com");
    expect((await portal(token, "/accept", {})).statusCode).toBe(200);
    const nobody = await request("Backfill: nobody");
    // As before the migration: no work orders, links without one.
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`update maintenance_vendor_links set work_order_id = null`);
      await tx.execute(sql`update maintenance_request_costs set work_order_id = null`);
      await tx.execute(sql`delete from maintenance_work_orders`);
    });
    // The migration's own backfill (a function, which the demo organization calls too).
    await asSystem(t.db, (tx) => tx.execute(sql`select maintenance_work_orders_backfill(${alpha.orgId})`));
    // Run again, it makes nothing twice.
    await asSystem(t.db, (tx) => tx.execute(sql`select maintenance_work_orders_backfill(null)`));

    expect(await orders(nobody.id)).toEqual([]);
    expect(await orders(staff.id)).toEqual([
      expect.objectContaining({
        label: `WO ${staff.request_no}-1`,
        assignee_kind: "staff",
        assignee_name: "wo-tech",
        instructions: "Backfill: staff",
        scheduled_start: "2026-12-05T10:00",
        status: "open",
      }),
    ]);
    const [vendorOrder] = await orders(vendorJob.id);
    expect(vendorOrder).toMatchObject({ assignee_kind: "vendor", assignee_name: "Dana Drains", status: "accepted" });
    expect(vendorPortalViewSchema.parse((await portal(token)).json()).work_order?.label).toBe(
      `WO ${vendorJob.request_no}-1`,
    );
  });
});
