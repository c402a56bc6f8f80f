import { addDays, todayIn } from "@keyholder/contracts/civil-date";
import { historySchema } from "@keyholder/contracts/history";
import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_CHANNEL_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceFormInput,
  maintenanceListSchema,
  maintenanceResponseSchema,
  maintenanceRowSchema,
} from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestValuesDrift } from "../../../test/grid-values-drift.ts";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Session = { cookie: string };
const PASSWORD = "Maintenance-Tests-Pass-1!";

describe("maintenance requests: statuses, due days, locations, isolation and scope", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let oak = "";
  let pine = "";
  let oakUnit = 0;
  let pineUnit = 0;
  let oakZone = 0;
  let bravoProperty = "";

  const send = apiSender<Session>(
    () => t.app,
    () => alpha,
  );
  const form = (o: Partial<MaintenanceFormInput> = {}): MaintenanceFormInput => ({
    property_id: oak,
    unit_id: oakUnit,
    category: "plumbing",
    priority: "normal",
    title: "Kitchen sink leaks",
    description: "Water under the sink since this morning",
    permission_to_enter: true,
    pets_present: true,
    entry_notes: "Dog is friendly",
    preferred_times: "Weekdays after 3pm",
    channel: "phone",
    ...o,
  });
  const create = async (f: MaintenanceFormInput = form(), org: Session = alpha) => {
    const res = await send("POST", "/maintenance-requests", { payload: f, org });
    expect(res.statusCode, res.body).toBe(201);
    return maintenanceResponseSchema.parse(res.json()).request;
  };
  const move = (id: string, status: string, note?: string, org: Session = alpha) =>
    send("POST", `/maintenance-requests/${id}/status`, { payload: { status, note }, org });
  const assign = (id: string, payload: Record<string, unknown>, org: Session = alpha) =>
    send("POST", `/maintenance-requests/${id}/assignment`, { payload, org });
  const list = async (query: Record<string, string> = {}, org: Session = alpha) => {
    const res = await send("GET", `/maintenance-requests?${new URLSearchParams(query)}`, {
      org: org,
    });
    expect(res.statusCode, res.body).toBe(200);
    return maintenanceListSchema.parse(res.json());
  };
  const user = (username: string, role: string, properties?: string[]) =>
    signedInUser(t, alpha, { username, role, password: PASSWORD, ...(properties ? { properties } : {}) });
  const one = <T>(query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0] as T);

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Maintenance Alpha");
    bravo = await signedInOrganization(t, "Maintenance Bravo");
    const property = async (name: string, org: Org = alpha) => {
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
    oak = await property("Oak Court");
    pine = await property("Pine Court");
    bravoProperty = await property("Bravo Place", bravo);
    const unit = async (propertyId: string, number: string) =>
      Number(
        (
          await one<{ id: number }>(sql`insert into units (organization_id, property_id, unit_number)
            values (${alpha.orgId}, ${propertyId}, ${number}) returning unit_id as id`)
        ).id,
      );
    oakUnit = await unit(oak, "101");
    pineUnit = await unit(pine, "201");
    oakZone = Number(
      (
        await one<{ id: number }>(sql`insert into zones (organization_id, property_id, name)
          values (${alpha.orgId}, ${oak}, 'Lobby') returning id`)
      ).id,
    );
  });
  afterAll(() => t.close());

  it("records a request with its number, location names, recorder and a due day from its priority", async () => {
    const a = await create();
    const b = await create(form({ unit_id: null, zone_id: oakZone, title: "Lobby roof drips", priority: "urgent" }));
    expect(b.request_no).toBe(a.request_no + 1);
    expect(a).toMatchObject({
      status: "new",
      property_name: "Oak Court",
      unit_name: "101",
      location_name: "101",
      permission_to_enter: true,
      pets_present: true,
      channel: "phone",
      recorded_by_name: expect.any(String),
      reopened_count: 0,
      overdue: false,
    });
    const today = todayIn("America/New_York");
    expect(a.due_on).toBe(addDays(today, 7));
    expect(b).toMatchObject({ zone_name: "Lobby", location_name: "Lobby", due_on: addDays(today, 2) });
    // Another organization's numbers start at 1.
    const theirs = await create(form({ property_id: bravoProperty, unit_id: null }), bravo);
    expect(theirs.request_no).toBe(1);
  });

  it("computes the due day in the organization's time zone and moves it with the priority", async () => {
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      await asSystem(t.db, (tx) =>
        tx.execute(sql`update organizations set time_zone = ${zone} where id = ${alpha.orgId}`),
      );
      const r = await create(form({ priority: "emergency" }));
      expect(r.due_on).toBe(todayIn(zone));
      const res = await send("PUT", `/maintenance-requests/${r.id}`, { payload: form({ priority: "low" }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(maintenanceResponseSchema.parse(res.json()).request.due_on).toBe(addDays(todayIn(zone), 14));
    }
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update organizations set time_zone = 'America/New_York' where id = ${alpha.orgId}`),
    );
  });

  it("refuses a location, lease or tenant that is not of the request's property, naming the field", async () => {
    const cases: [Partial<MaintenanceFormInput>, string, string][] = [
      [{ unit_id: pineUnit }, "unit_id", "That unit is not of the request's property"],
      [{ unit_id: 99_999_999 }, "unit_id", "That unit is not one of yours"],
      [{ unit_id: null, zone_id: oakZone, property_id: pine }, "zone_id", "That zone is not of the request's property"],
      [{ property_id: bravoProperty, unit_id: null }, "property_id", "That property is not one of yours"],
      [{ zone_id: oakZone }, "zone_id", "Choose a unit or a zone, not both"],
      [{ title: "  " }, "title", "Say in a few words what is wrong"],
    ];
    for (const [change, field, message] of cases) {
      const res = await send("POST", "/maintenance-requests", { payload: form(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toEqual([message]);
    }
    const bad = await send("POST", "/maintenance-requests", { payload: { ...form(), priority: "whenever" } });
    expect(bad.statusCode).toBe(400);
  });

  it("takes the lease and tenant who reported it when they are of the property and of each other", async () => {
    const [maria, ana] = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`insert into tenants (organization_id, name, first_name, last_name)
        values (${alpha.orgId}, 'Maria Lopez', 'Maria', 'Lopez'), (${alpha.orgId}, 'Ana Ruiz', 'Ana', 'Ruiz')
        returning id`)) as unknown as { rows: { id: string }[] };
      return rows.map((r) => r.id);
    });
    const lease = await one<{
      id: string;
    }>(sql`insert into leases (organization_id, property_id, status, term, start_date)
      values (${alpha.orgId}, ${oak}, 'active', 'month_to_month', '2026-01-01') returning id`);
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
        values (${alpha.orgId}, ${lease.id}, ${maria}, ${oak}, 'primary')`),
    );
    const reported = await create(form({ lease_id: lease.id, tenant_id: maria, channel: "resident_portal" }));
    expect(reported).toMatchObject({ tenant_name: "Maria Lopez", lease_id: lease.id, channel: "resident_portal" });
    const cases: [Partial<MaintenanceFormInput>, string, string][] = [
      [{ lease_id: lease.id, tenant_id: ana }, "tenant_id", "That tenant is not a party to the chosen lease"],
      [
        { property_id: pine, unit_id: pineUnit, lease_id: lease.id },
        "lease_id",
        "That lease is not of the request's property",
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await send("POST", "/maintenance-requests", { payload: form(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toEqual([message]);
    }
  });

  it("moves along the allowed transitions, refuses the others with why, and counts reopenings", async () => {
    const r = await create();
    const refused = await move(r.id, "completed");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("A new request must be triaged first (or canceled)");
    expect((await move(r.id, "triaged", "to triaged")).statusCode).toBe(200);
    // Assigned and Scheduled need someone, then a time: the assignment gives them.
    const unassigned = await move(r.id, "assigned");
    expect(unassigned.statusCode).toBe(409);
    expect(unassigned.json().error.message).toBe("Assign the request to someone first: use Assign");
    expect((await assign(r.id, { assigned_user_id: alpha.adminUserId })).statusCode).toBe(200);
    const unbooked = await move(r.id, "scheduled");
    expect(unbooked.json().error.message).toBe("Book a time first: use Assign and give the schedule");
    const booked = await assign(r.id, { assigned_user_id: alpha.adminUserId, scheduled_start: "2026-12-03T09:00" });
    expect(booked.statusCode, booked.body).toBe(200);
    for (const status of ["assigned", "scheduled", "in_progress", "on_hold", "in_progress", "completed"]) {
      const res = await move(r.id, status, `to ${status}`);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
    const done = await move(r.id, "in_progress");
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe("A completed request can only be reopened, as New or Triaged");
    const reopened = maintenanceResponseSchema.parse((await move(r.id, "triaged", "Still leaking")).json()).request;
    expect(reopened).toMatchObject({ status: "triaged", reopened_count: 1, completed_at: null });
    expect((await move(r.id, "canceled")).statusCode).toBe(200);
    const again = maintenanceResponseSchema.parse((await move(r.id, "new")).json()).request;
    expect(again.reopened_count).toBe(2);
    expect((await move(r.id, "new")).json().error.message).toBe("The request is already New");
    const triaged = await create();
    await move(triaged.id, "triaged");
    expect((await move(triaged.id, "completed")).json().error.message).toBe(
      "Only a request in progress can be completed: start the work first",
    );

    const res = await send("GET", `/maintenance-requests/${r.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const { history } = historySchema.parse(res.json());
    expect(history.map((h) => h.changes.status?.to)).toEqual([
      "new",
      "canceled",
      "triaged",
      "completed",
      "in_progress",
      "on_hold",
      "in_progress",
      "scheduled",
      "assigned",
      "scheduled",
      "assigned",
      "triaged",
      "new",
    ]);
    expect(history[2]?.changes.note).toEqual({ from: null, to: "Still leaking" });
    expect(history[2]?.changes.status).toEqual({ from: "completed", to: "triaged" });
    expect(history[2]?.changed_by?.name).toBeTruthy();
    expect(history.at(-1)?.action).toBe("create");
  });

  it("assigns to staff who work the property, books the time in the organization's zone, and records who", async () => {
    await one(sql`update organizations set time_zone = 'America/Chicago' where id = ${alpha.orgId}`);
    const worker = await user("assign-staff", "STAFF");
    const pineOnly = await user("assign-pine", "STAFF", [pine]);
    const reader = await user("assign-reader", "READ_ONLY");
    const r = await create(form({ title: "Dishwasher will not drain" }));

    const res = await send("GET", `/maintenance-requests/${r.id}/assignees`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().assignees as { id: number }[]).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([alpha.adminUserId, worker.id]));
    expect(ids).not.toContain(pineOnly.id);
    expect(ids).not.toContain(reader.id);

    for (const [who, message] of [
      [reader.id, "assign-reader cannot work on maintenance requests"],
      [pineOnly.id, "assign-pine does not work on this request's property"],
      [987654, "That person is not one of your staff"],
    ] as const) {
      const refused = await assign(r.id, { assigned_user_id: who });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields.assigned_user_id).toEqual([message]);
    }
    const backwards = await assign(r.id, {
      assigned_user_id: worker.id,
      scheduled_start: "2026-12-03T09:00",
      scheduled_end: "2026-12-03T08:00",
    });
    expect(backwards.json().error.fields.scheduled_end).toEqual(["The end must be after the start"]);

    // New straight to Scheduled: the assignment is the triage.
    const booked = await assign(r.id, {
      assigned_user_id: worker.id,
      scheduled_start: "2026-12-03 09:00",
      scheduled_end: "2026-12-03T11:30",
      note: "Bring a drain snake",
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const row = maintenanceResponseSchema.parse(booked.json()).request;
    expect(row).toMatchObject({
      status: "scheduled",
      assigned_user_id: worker.id,
      assigned_to_name: "assign-staff",
      scheduled_start: "2026-12-03T09:00",
      scheduled_end: "2026-12-03T11:30",
    });
    // 09:00 in Chicago (UTC-6 in December) is 15:00 UTC.
    const stored = await one<{ utc: string }>(
      sql`select to_char(scheduled_start at time zone 'UTC', 'HH24:MI') as utc from maintenance_requests where id = ${r.id}`,
    );
    expect(stored.utc).toBe("15:00");

    const grid = await list({ filters: JSON.stringify({ assigned_to_name: "assign-staff" }) });
    expect(grid.requests.map((x) => x.id)).toEqual([r.id]);

    const back = maintenanceResponseSchema.parse((await assign(r.id, { assigned_user_id: null })).json()).request;
    expect(back).toMatchObject({ status: "triaged", assigned_user_id: null, scheduled_start: null });
    const { history } = historySchema.parse((await send("GET", `/maintenance-requests/${r.id}/history`)).json());
    expect(history[0]?.changes.assigned_to).toEqual({ from: "assign-staff", to: "Unassigned" });
    expect(history[1]?.changes).toMatchObject({
      status: { from: "new", to: "scheduled" },
      assigned_to: { from: "Unassigned", to: "assign-staff" },
      note: { from: null, to: "Bring a drain snake" },
    });
    expect((await assign(r.id, { assigned_user_id: worker.id }, reader)).statusCode).toBe(403);

    // Work under way keeps its status when it changes hands; a closed request is reopened first.
    await assign(r.id, { assigned_user_id: worker.id });
    await move(r.id, "in_progress");
    const handed = maintenanceResponseSchema.parse(
      (await assign(r.id, { assigned_user_id: alpha.adminUserId })).json(),
    ).request;
    expect(handed.status).toBe("in_progress");
    await move(r.id, "completed");
    const closed = await assign(r.id, { assigned_user_id: worker.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe("Reopen the request before assigning it");
    await one(sql`update organizations set time_zone = 'UTC' where id = ${alpha.orgId}`);
  });

  it("emails an emergency to the property's managers and an assignment to the assignee, each with its link", async () => {
    const mails = (to: string) =>
      asSystem(
        t.db,
        async (tx) =>
          (
            (await tx.execute(
              sql`select subject, text_body from mail_outbox where to_address = ${to} order by id`,
            )) as unknown as { rows: { subject: string; text_body: string }[] }
          ).rows,
      );
    const manager = await user("oak.manager@example.com", "PROPERTY_MANAGER", [oak]);
    await user("pine.manager@example.com", "PROPERTY_MANAGER", [pine]);
    const fixer = await user("fixer@example.com", "STAFF");
    const flood = await create(form({ title: "Water pouring from ceiling", priority: "emergency" }));
    const [alert, ...more] = await mails("oak.manager@example.com");
    expect(more).toEqual([]);
    expect(alert?.subject).toBe("Emergency: Water pouring from ceiling (Oak Court)");
    expect(alert?.text_body).toContain(`/workspace?open=maintenance_request:${flood.id}`);
    expect(alert?.text_body).toContain("Oak Court, 101");
    // Not to another property's manager, not to staff, not to the one who recorded it.
    expect(await mails("pine.manager@example.com")).toEqual([]);
    expect(await mails("fixer@example.com")).toEqual([]);
    expect(await mails(alpha.email)).toEqual([]);

    // Raised to an emergency later: told then, once.
    const drip = await create(form({ title: "Drip becomes a stream" }));
    expect(await mails("oak.manager@example.com")).toHaveLength(1);
    await send("PUT", `/maintenance-requests/${drip.id}`, {
      payload: form({ title: "Drip becomes a stream", priority: "emergency" }),
    });
    await send("PUT", `/maintenance-requests/${drip.id}`, {
      payload: form({ title: "Drip becomes a stream!", priority: "emergency" }),
    });
    expect((await mails("oak.manager@example.com")).map((m) => m.subject)).toEqual([
      "Emergency: Water pouring from ceiling (Oak Court)",
      "Emergency: Drip becomes a stream (Oak Court)",
    ]);

    await assign(flood.id, { assigned_user_id: fixer.id, scheduled_start: "2026-12-03T09:00" });
    await assign(flood.id, { assigned_user_id: fixer.id, scheduled_start: "2026-12-04T09:00" });
    const [given, ...again] = await mails("fixer@example.com");
    expect(again).toEqual([]);
    expect(given?.subject).toBe("Assigned to you: Water pouring from ceiling (Oak Court)");
    expect(given?.text_body).toContain("Booked: Dec 3, 2026, 9:00 AM");
    expect(given?.text_body).toContain("Permission to enter: yes; pets present");
    expect(given?.text_body).toContain(`/workspace?open=maintenance_request:${flood.id}`);
    // Taking it oneself sends nothing.
    await assign(drip.id, { assigned_user_id: manager.id }, manager);
    expect(await mails("oak.manager@example.com")).toHaveLength(2);
  });

  it("shows a technician the requests of their properties that are unassigned or theirs, and nothing else", async () => {
    const tech = await user("tech-oak", "MAINTENANCE_TECHNICIAN", [oak]);
    const colleague = await user("tech-other", "MAINTENANCE_TECHNICIAN");
    const open = await create(form({ title: "Tech: unassigned" }));
    const mine = await create(form({ title: "Tech: mine" }));
    const theirs = await create(form({ title: "Tech: colleague's" }));
    const elsewhere = await create(form({ title: "Tech: pine", property_id: pine, unit_id: pineUnit }));
    expect((await assign(theirs.id, { assigned_user_id: colleague.id })).statusCode).toBe(200);

    // A technician takes a request themselves, never gives one to someone else.
    expect((await assign(mine.id, { assigned_user_id: tech.id }, tech)).statusCode).toBe(200);
    const toOther = await assign(open.id, { assigned_user_id: colleague.id }, tech);
    expect(toOther.statusCode).toBe(403);
    expect(toOther.json().error.message).toBe(
      "As Maintenance Technician, you can take a request yourself but not assign it to others",
    );
    const choices = await send("GET", `/maintenance-requests/${open.id}/assignees`, { org: tech });
    expect((choices.json().assignees as { id: number }[]).map((a) => a.id)).toEqual([tech.id]);

    const seen = await list({ filters: JSON.stringify({ title: "Tech:" }) }, tech);
    expect(seen.requests.map((x) => x.title).sort()).toEqual(["Tech: mine", "Tech: unassigned"]);
    expect(seen.total_count).toBe(2);
    for (const hidden of [theirs, elsewhere]) {
      expect((await send("GET", `/maintenance-requests/${hidden.id}`, { org: tech })).statusCode).toBe(404);
      expect((await send("GET", `/maintenance-requests/${hidden.id}/history`, { org: tech })).statusCode).toBe(404);
      expect((await move(hidden.id, "canceled", undefined, tech)).statusCode).toBe(404);
    }
    expect((await move(mine.id, "in_progress", "On my way", tech)).statusCode).toBe(200);
    // The form's pickers answer them (their properties only), so they record requests too.
    const picker = await send("GET", "/properties/get-id-name", { org: tech });
    expect(picker.statusCode, picker.body).toBe(200);
    expect(JSON.stringify(picker.json())).toContain("Oak Court");
    expect(JSON.stringify(picker.json())).not.toContain("Pine Court");
    // Nothing of tenants, leases or the books.
    for (const url of ["/tenants", "/leases", "/ledger/accounts", "/units"])
      expect((await send("GET", url, { org: tech })).statusCode, url).toBe(403);
    // The database itself: a technician's transaction reads no colleague's request.
    const { withOrg } = await import("../../db/client.ts");
    const count = await withOrg(t.db, { orgId: alpha.orgId, userId: tech.id, technician: true }, async (tx) =>
      Number(
        (
          (await tx.execute(
            sql`select count(*) as n from maintenance_requests where id = ${theirs.id}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      ),
    );
    expect(count).toBe(0);
  });

  it("flags open requests past their due day, never closed ones, and splits Open from Closed", async () => {
    const late = await create(form({ title: "Late open" }));
    const closed = await create(form({ title: "Late closed" }));
    const canceled = await create(form({ title: "Late canceled" }));
    for (const s of ["triaged", "in_progress", "completed"]) await move(closed.id, s);
    await move(canceled.id, "canceled");
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update maintenance_requests set due_on = due_on - 30
        where id in (${late.id}, ${closed.id}, ${canceled.id})`),
    );
    const read = async (id: string) =>
      maintenanceRowSchema.parse((await send("GET", `/maintenance-requests/${id}`)).json());
    expect((await read(late.id)).overdue).toBe(true);
    expect((await read(closed.id)).overdue).toBe(false);
    expect((await read(canceled.id)).overdue).toBe(false);

    const open = await list({ view: "open", limit: "2000" });
    const done = await list({ view: "closed", limit: "2000" });
    const all = await list({ limit: "2000" });
    expect(open.requests.every((r) => !["completed", "canceled"].includes(r.status))).toBe(true);
    expect(done.requests.every((r) => ["completed", "canceled"].includes(r.status))).toBe(true);
    expect(open.total_count + done.total_count).toBe(all.total_count);
    expect(done.requests.map((r) => r.id)).toEqual(expect.arrayContaining([closed.id, canceled.id]));
    // Filtered by what the grid shows of the recorder: their name, not their login.
    const byName = await list({ filters: JSON.stringify({ recorded_by_name: "alpha admin" }), limit: "2000" });
    expect(byName.total_count).toBe(all.total_count);
    expect(byName.requests[0]?.recorded_by_name).toBe("Maintenance Alpha Admin");
    const overdue = await list({ filters: JSON.stringify({ overdue: "overdue" }) });
    expect(overdue.requests.map((r) => r.title)).toEqual(["Late open"]);
    const sorted = await list({ sort_by: "r.priority_rank", sort_direction: "asc" });
    const ranks = sorted.requests.map((r) => ["emergency", "urgent", "normal", "low"].indexOf(r.priority));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(sorted.requests[0]?.priority).toBe(
      all.requests.some((r) => r.priority === "emergency") ? "emergency" : "urgent",
    );
    const refused = await send("GET", "/maintenance-requests?sort_by=p.name");
    expect(refused.statusCode).toBe(400);
  });

  it("totals a filter on a status, priority, category or channel by its label as the requests counted", async () => {
    const wrong: string[] = [];
    for (const [column, labels] of [
      ["status", MAINTENANCE_STATUS_LABELS],
      ["priority", MAINTENANCE_PRIORITY_LABELS],
      ["category", MAINTENANCE_CATEGORY_LABELS],
      ["channel", MAINTENANCE_CHANNEL_LABELS],
    ] as const) {
      for (const [code, label] of Object.entries(labels)) {
        const page = await list({ filters: JSON.stringify({ [column]: label }) });
        const counted = await one<{ n: number }>(
          sql`select count(*)::int as n from maintenance_requests where organization_id = ${alpha.orgId}
            and ${sql.identifier(column)} = ${code}`,
        );
        // "New" is also in no other label; a label inside another ("Triaged") would count both.
        const others = Object.values(labels).filter(
          (l) => l !== label && l.toLowerCase().includes(label.toLowerCase()),
        );
        if (others.length === 0 && page.total_count !== counted.n)
          wrong.push(`${column} ${label}: ${page.total_count} against ${counted.n}`);
        if (page.requests.some((r) => r[column] !== code)) wrong.push(`${column} ${label}: a row of another value`);
      }
    }
    expect(wrong).toEqual([]);
    // After every write of this file so far (creations, edits, status changes, assignments), kept exact.
    const drift = await asSystem(
      t.db,
      async (tx) => (await tx.execute(requestValuesDrift)) as unknown as { rows: unknown[] },
    );
    expect(drift.rows).toEqual([]);
  });

  it("answers another organization's request as not found, for reading and writing", async () => {
    const theirs = await create(form({ property_id: bravoProperty, unit_id: null }), bravo);
    for (const [method, url, payload] of [
      ["GET", `/maintenance-requests/${theirs.id}`, undefined],
      ["GET", `/maintenance-requests/${theirs.id}/history`, undefined],
      ["PUT", `/maintenance-requests/${theirs.id}`, form()],
      ["POST", `/maintenance-requests/${theirs.id}/status`, { status: "triaged" }],
    ] as const) {
      const res = await send(method, url, { payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe("Maintenance request not found");
    }
    expect((await list()).requests.some((r) => r.id === theirs.id)).toBe(false);
  });

  it("shows a property-scoped user their properties' requests only, and refuses a read-only user's writes", async () => {
    const onPine = await create(form({ property_id: pine, unit_id: pineUnit, title: "Pine heater" }));
    const onOak = await create(form({ title: "Oak door" }));
    const pineStaff = await user("pine.staff@maintenance.example", "STAFF", [pine]);
    const seen = await list({ limit: "2000" }, pineStaff);
    expect(seen.requests.length).toBeGreaterThan(0);
    expect(seen.requests.every((r) => r.property_id === pine)).toBe(true);
    expect((await send("GET", `/maintenance-requests/${onOak.id}`, { org: pineStaff })).statusCode).toBe(404);
    expect((await move(onOak.id, "triaged", undefined, pineStaff)).statusCode).toBe(404);
    expect((await send("GET", `/maintenance-requests/${onOak.id}/history`, { org: pineStaff })).statusCode).toBe(404);
    expect((await move(onPine.id, "triaged", "Checked", pineStaff)).statusCode).toBe(200);
    const outside = await send("POST", "/maintenance-requests", { org: pineStaff, payload: form() });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields.property_id).toEqual(["That property is not one of yours"]);

    const reader = await user("reader@maintenance.example", "READ_ONLY");
    expect((await list({}, reader)).total_count).toBeGreaterThan(0);
    const create403 = await send("POST", "/maintenance-requests", { org: reader, payload: form() });
    expect(create403.statusCode).toBe(403);
    expect((await move(onOak.id, "triaged", undefined, reader)).statusCode).toBe(403);
    expect((await send("PUT", `/maintenance-requests/${onOak.id}`, { org: reader, payload: form() })).statusCode).toBe(
      403,
    );
  });

  it("goes with its organization when the organization is deleted, history and numbers included", async () => {
    const doomed = await signedInOrganization(t, "Maintenance Doomed");
    const res = await send("POST", "/properties/with-address", {
      org: doomed,
      payload: {
        name: "Doomed Place",
        property_type_id: 1,
        address: { address_line_1: "1 End St", city: "Austin", state_code: "TX", zipcode: "78702" },
      },
    });
    const request = await create(form({ property_id: res.json().property.id, unit_id: null }), doomed);
    expect((await move(request.id, "triaged", "Seen", doomed)).statusCode).toBe(200);
    await asSystem(t.db, (tx) => tx.execute(sql`delete from organizations where id = ${doomed.orgId}`));
    const left = await one<{ n: number }>(sql`select
      (select count(*) from maintenance_requests where organization_id = ${doomed.orgId})
      + (select count(*) from maintenance_request_events where organization_id = ${doomed.orgId})
      + (select count(*) from maintenance_request_numbers where organization_id = ${doomed.orgId}) as n`);
    expect(Number(left.n)).toBe(0);
  });
});
