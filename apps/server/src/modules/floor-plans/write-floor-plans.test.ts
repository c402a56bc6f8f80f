import {
  type FloorPlanFormInput,
  floorPlanFormSchema,
  floorPlanListSchema,
  floorPlanMessages,
  floorPlanResponseSchema,
  floorPlanRowSchema,
} from "@keyholder/contracts/floor-plans";
import { historySchema } from "@keyholder/contracts/history";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { createFloorPlan } from "./create-floor-plan.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

describe("floor plan writes and history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  /** A demo floor plan no test deletes, written before auditing existed. */
  let seededId: number;
  /** A demo property of each organization, for the plans the tests add. */
  const propertyOf: Record<string, string> = {};

  const count = (query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(query)) as unknown as { rows: { n: number }[] };
      return Number(rows[0]?.n);
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 120, seed: 41 });
    bravo = await signedInOrganization(t, "bravo", { scale: 60, seed: 42 });
    seededId = await count(sql`select max(id) as n from floor_plans where organization_id = ${alpha.orgId}`);
    for (const org of [alpha, bravo]) {
      propertyOf[org.orgId] = await asSystem(t.db, async (tx) => {
        const { rows } = (await tx.execute(
          sql`select id from properties where organization_id = ${org.orgId} order by id limit 1`,
        )) as unknown as { rows: { id: string }[] };
        return rows[0]?.id ?? "";
      });
    }
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const form = (overrides: Partial<Record<keyof FloorPlanFormInput, unknown>> = {}, org: Org = alpha) => ({
    property_id: propertyOf[org.orgId],
    plan_name: "Garden Two",
    plan_code: "G2",
    bed_rooms: 2,
    bath_rooms: 1.5,
    number_of_levels: 1,
    total_square_feet: 980,
    base_rent_estimate: 1450.5,
    description: "Corner unit",
    active: true,
    ...overrides,
  });
  const create = async (overrides: Partial<Record<keyof FloorPlanFormInput, unknown>> = {}, org: Org = alpha) => {
    const res = await send("POST", "/floor-plans", { org, payload: form(overrides, org) });
    expect(res.statusCode, res.body).toBe(201);
    return floorPlanResponseSchema.parse(res.json()).floor_plan;
  };
  const listByName = async (plan_name: string, org: Org = alpha) => {
    const res = await send("GET", `/floor-plans?${new URLSearchParams({ filters: JSON.stringify({ plan_name }) })}`, {
      org,
    });
    expect(res.statusCode, res.body).toBe(200);
    return floorPlanListSchema.parse(res.json()).floor_plans;
  };
  const history = async (id: number, org: Org = alpha) => {
    const res = await send("GET", `/floor-plans/${id}/history`, { org });
    expect(res.statusCode, res.body).toBe(200);
    return historySchema.parse(res.json()).history;
  };
  const fieldsOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return (res.json() as { error: { fields: Record<string, string[]> } }).error.fields;
  };

  it("reads one floor plan as the grid shows it, in its own organization only", async () => {
    const made = await create({ plan_name: "Single Read Plan" });
    const res = await send("GET", `/floor-plans/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(floorPlanRowSchema.parse(res.json())).toEqual((await listByName("Single Read Plan"))[0]);
    expect((await send("GET", `/floor-plans/${made.id}`, { org: bravo })).statusCode).toBe(404);
  });

  it("needs a property of the organization", async () => {
    expect(fieldsOf(await send("POST", "/floor-plans", { payload: { ...form(), property_id: undefined } }))).toEqual({
      property_id: [floorPlanMessages.propertyRequired],
    });
    const theirs = await send("POST", "/floor-plans", { payload: form({ property_id: propertyOf[bravo.orgId] }) });
    expect(fieldsOf(theirs)).toEqual({ property_id: [floorPlanMessages.propertyUnknown] });
  });

  it("creates a floor plan that the list then shows, stamped with its creator", async () => {
    const plan = await create({ plan_name: "  Create Plan Alpha ", plan_code: "", description: "   " });
    expect(plan).toEqual({
      id: expect.any(Number),
      plan_name: "Create Plan Alpha",
      plan_code: null,
      bed_rooms: 2,
      bath_rooms: 1.5,
      number_of_levels: 1,
      total_square_feet: 980,
      base_rent_estimate: 1450.5,
      description: null,
      active: true,
      property_id: propertyOf[alpha.orgId],
    });
    const [row, ...rest] = await listByName("Create Plan Alpha");
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      ...plan,
      organization_id: alpha.orgId,
      created_by: alpha.adminUserId,
      last_modified_by: alpha.adminUserId,
    });
    expect(row?.property_name).toEqual(expect.any(String));
    // Only plan name, bedrooms, bathrooms, base rent and the property are required.
    const bare = await create({
      plan_name: "Create Plan Bare",
      plan_code: undefined,
      number_of_levels: undefined,
      total_square_feet: undefined,
      description: undefined,
      active: undefined,
    });
    expect(bare).toMatchObject({
      plan_code: null,
      number_of_levels: 1,
      total_square_feet: null,
      description: null,
      active: true,
    });
  });

  it("updates a floor plan, and the list shows the new values", async () => {
    const plan = await create({ plan_name: "Update Plan Before" });
    const res = await send("PUT", `/floor-plans/${plan.id}`, {
      payload: form({ plan_name: "Update Plan After", base_rent_estimate: 1500, active: false }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(floorPlanResponseSchema.parse(res.json()).floor_plan).toMatchObject({
      id: plan.id,
      plan_name: "Update Plan After",
      base_rent_estimate: 1500,
      active: false,
    });
    expect(await listByName("Update Plan Before")).toEqual([]);
    expect(await listByName("Update Plan After")).toMatchObject([
      { id: plan.id, base_rent_estimate: 1500, active: false },
    ]);
  });

  it("deletes one floor plan, and its units stay without a plan", async () => {
    const withUnits = await count(
      sql`select min(floor_plan_id) as n from units where organization_id = ${alpha.orgId} and floor_plan_id is not null`,
    );
    expect(withUnits).toBeGreaterThan(0);
    const unitsBefore = await count(sql`select count(*)::int as n from units where organization_id = ${alpha.orgId}`);
    const res = await send("DELETE", `/floor-plans/${withUnits}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expect(
      await count(
        sql`select count(*)::int as n from units where organization_id = ${alpha.orgId} and floor_plan_id = ${withUnits}`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from units where organization_id = ${alpha.orgId}`)).toBe(
      unitsBefore,
    );
    expect((await send("DELETE", `/floor-plans/${withUnits}`)).statusCode).toBe(404);
    expect((await history(withUnits)).map((h) => h.action)).toEqual(["delete"]);
  });

  it("deletes several floor plans in one request, each with a history entry", async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await create({ plan_name: `Bulk Plan ${n}` }));
    const keep = await create({ plan_name: "Bulk Plan Keep" });
    const ids = made.map((p) => p.id);
    const res = await send("POST", "/floor-plans/delete", { payload: { ids: [...ids, 987654321] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect((await listByName("Bulk Plan")).map((p) => p.id)).toEqual([keep.id]);
    for (const id of ids) expect((await history(id)).map((h) => h.action)).toEqual(["delete", "create"]);
  });

  it("puts a deleted floor plan back on Undo with its units, for its own organization only", async () => {
    // Not the newest seeded plan: later tests need one that has never been changed.
    const plan = await count(
      sql`select max(floor_plan_id) as n from units
          where organization_id = ${alpha.orgId} and floor_plan_id is not null and floor_plan_id <> ${seededId}`,
    );
    const linked = () =>
      count(
        sql`select count(*)::int as n from units where organization_id = ${alpha.orgId} and floor_plan_id = ${plan}`,
      );
    const unitsBefore = await linked();
    expect(unitsBefore).toBeGreaterThan(0);
    expect((await send("DELETE", `/floor-plans/${plan}`)).statusCode).toBe(204);
    expect(await linked()).toBe(0);

    const foreign = await send("POST", "/floor-plans/restore", { org: bravo, payload: { ids: [plan] } });
    expect(foreign.json()).toEqual({ restored: 0, ids: [] });
    const res = await send("POST", "/floor-plans/restore", { payload: { ids: [plan] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: 1, ids: [plan] });
    expect(await linked()).toBe(unitsBefore);
    expect((await history(plan)).map((h) => h.action).slice(0, 2)).toEqual(["restore", "delete"]);
  });

  it.each([
    ["a missing plan name", { plan_name: undefined }, "plan_name", floorPlanMessages.planNameRequired],
    ["a blank plan name", { plan_name: "  " }, "plan_name", floorPlanMessages.planNameRequired],
    ["a plan name over 200 characters", { plan_name: "p".repeat(201) }, "plan_name", floorPlanMessages.planNameTooLong],
    ["a plan code over 50 characters", { plan_code: "c".repeat(51) }, "plan_code", floorPlanMessages.planCodeTooLong],
    ["missing bedrooms", { bed_rooms: undefined }, "bed_rooms", floorPlanMessages.bedRooms],
    ["negative bedrooms", { bed_rooms: -1 }, "bed_rooms", floorPlanMessages.bedRooms],
    ["bathrooms over 50", { bath_rooms: 51 }, "bath_rooms", floorPlanMessages.bathRooms],
    ["zero levels", { number_of_levels: 0 }, "number_of_levels", floorPlanMessages.levels],
    ["negative square feet", { total_square_feet: -5 }, "total_square_feet", floorPlanMessages.squareFeet],
    ["fractional square feet", { total_square_feet: 10.5 }, "total_square_feet", floorPlanMessages.squareFeet],
    ["a missing base rent", { base_rent_estimate: undefined }, "base_rent_estimate", floorPlanMessages.baseRent],
    ["a negative base rent", { base_rent_estimate: -1 }, "base_rent_estimate", floorPlanMessages.baseRent],
    [
      "a base rent in tenths of cents",
      { base_rent_estimate: 10.005 },
      "base_rent_estimate",
      floorPlanMessages.baseRent,
    ],
    ["a base rent given as text", { base_rent_estimate: "1200" }, "base_rent_estimate", floorPlanMessages.baseRent],
    [
      "a description over 4,000 characters",
      { description: "d".repeat(4001) },
      "description",
      floorPlanMessages.descriptionTooLong,
    ],
  ] as const)("refuses %s with the form's message", async (_case, overrides, field, message) => {
    const payload = form(overrides);
    const created = await send("POST", "/floor-plans", { payload });
    expect(fieldsOf(created)[field]).toEqual([message]);
    // The dialog checks with the same schema and shows the same words.
    expect(floorPlanFormSchema.safeParse(payload).error?.issues.map((i) => i.message)).toEqual([message]);
    const updated = await send("PUT", `/floor-plans/${seededId}`, { payload });
    expect(fieldsOf(updated)[field]).toEqual([message]);
  });

  it("answers 404 for another organization's floor plan and leaves it alone", async () => {
    const theirs = await create({ plan_name: "Bravo Private Plan" }, bravo);
    for (const res of [
      await send("PUT", `/floor-plans/${theirs.id}`, { payload: form({ plan_name: "Stolen" }) }),
      await send("DELETE", `/floor-plans/${theirs.id}`),
      await send("GET", `/floor-plans/${theirs.id}/history`),
      await send("PUT", "/floor-plans/987654321", { payload: form() }),
      await send("GET", "/floor-plans/987654321/history"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: floorPlanMessages.notFound } });
    }
    const bulk = await send("POST", "/floor-plans/delete", { payload: { ids: [theirs.id] } });
    expect(bulk.json()).toEqual({ deleted: 0 });
    expect(await listByName("Bravo Private Plan", bravo)).toMatchObject([
      { id: theirs.id, plan_name: "Bravo Private Plan" },
    ]);
    expect((await history(theirs.id, bravo)).map((h) => h.action)).toEqual(["create"]);
  });

  it("keeps a history of who changed what, newest first, with decimals compared as numbers", async () => {
    const plan = await create({ plan_name: "History Plan", bath_rooms: 2.5, base_rent_estimate: 1200.5 });
    // pg answers numeric columns as "2.5" and "1200.50": the same values are no change, so no event.
    const same = await send("PUT", `/floor-plans/${plan.id}`, {
      payload: form({ plan_name: "History Plan", bath_rooms: 2.5, base_rent_estimate: 1200.5 }),
    });
    expect(same.statusCode).toBe(200);
    await send("PUT", `/floor-plans/${plan.id}`, {
      payload: form({ plan_name: "History Plan", bath_rooms: 2.5, base_rent_estimate: 1250, plan_code: null }),
    });
    await send("PUT", `/floor-plans/${plan.id}`, {
      payload: form({
        plan_name: "History Plan",
        bath_rooms: 2.5,
        base_rent_estimate: 1250,
        plan_code: null,
        active: false,
      }),
    });
    const entries = await history(plan.id);
    expect(entries.map((h) => h.action)).toEqual(["update", "update", "create"]);
    const [deactivated, repriced, created] = entries;
    const admin = { id: alpha.adminUserId, name: "alpha Admin" };
    expect(deactivated).toMatchObject({ changed_by: admin, changes: { active: { from: true, to: false } } });
    expect(Object.keys(deactivated?.changes ?? {})).toEqual(["active"]);
    expect(repriced?.changes).toEqual({
      plan_code: { from: "G2", to: null },
      base_rent_estimate: { from: 1200.5, to: 1250 },
    });
    expect(created?.changes).toMatchObject({
      plan_name: { from: null, to: "History Plan" },
      bath_rooms: { from: null, to: 2.5 },
      base_rent_estimate: { from: null, to: 1200.5 },
      total_square_feet: { from: null, to: 980 },
      active: { from: null, to: true },
    });
    expect(Object.keys(created?.changes ?? {}).sort()).toEqual(Object.keys(floorPlanFormSchema.shape).sort());
    const times = entries.map((h) => Date.parse(h.changed_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    expect((await send("DELETE", `/floor-plans/${plan.id}`)).statusCode).toBe(204);
    const after = await history(plan.id);
    expect(after.map((h) => h.action)).toEqual(["delete", "update", "update", "create"]);
    expect(after[0]?.changes.base_rent_estimate).toEqual({ from: 1250, to: null });
    expect(after[0]?.changes.active).toEqual({ from: false, to: null });
  });

  it("shows an empty history for a floor plan that predates auditing", async () => {
    expect(await history(seededId)).toEqual([]);
  });

  it("writes no history when the change's transaction fails", async () => {
    const actor = { orgId: alpha.orgId, userId: alpha.adminUserId };
    const message = await withOrg(t.db, actor, async (tx) => {
      const plan = await createFloorPlan(tx, actor, floorPlanFormSchema.parse(form({ plan_name: "Rolled Back Plan" })));
      throw new Error(String(plan.id));
    }).then(
      () => "",
      (err: Error) => err.message,
    );
    const id = Number(message);
    expect(id).toBeGreaterThan(0);
    expect(await listByName("Rolled Back Plan")).toEqual([]);
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where entity = 'floor_plan' and entity_id = ${String(id)}`,
      ),
    ).toBe(0);
    expect((await send("GET", `/floor-plans/${id}/history`)).statusCode).toBe(404);
  });

  it("keeps /floor-plans/delete apart from /floor-plans/:id", async () => {
    expect((await send("DELETE", "/floor-plans/delete")).statusCode).toBe(400);
    expect((await send("PUT", "/floor-plans/delete", { payload: form() })).statusCode).toBe(400);
    const tooMany = await send("POST", "/floor-plans/delete", {
      payload: { ids: Array.from({ length: 2001 }, (_, i) => i + 1) },
    });
    expect(fieldsOf(tooMany).ids).toBeDefined();
  });

  it("answers 401 when signed out and 403 without the CSRF header", async () => {
    const writes = [
      ["POST", "/floor-plans", form()],
      ["PUT", `/floor-plans/${seededId}`, form({ plan_name: "Not Saved" })],
      ["DELETE", `/floor-plans/${seededId}`, undefined],
      ["POST", "/floor-plans/delete", { ids: [seededId] }],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await send(method, url, { org: null, payload })).statusCode).toBe(401);
      expect((await send(method, url, { payload, csrf: false })).statusCode).toBe(403);
    }
    expect((await send("GET", `/floor-plans/${seededId}/history`, { org: null })).statusCode).toBe(401);
    expect(await history(seededId)).toEqual([]);
  });
});
