import { DEFAULT_TIME_ZONE, timeZoneNames } from "@keyholder/contracts/organization-settings";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { ledgerUser } from "../ledger/ledger-fixture.ts";

describe("the organization's time zone", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  const send = apiSender(
    () => t.app,
    () => org,
  );

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKER: "false" });
    org = await signedInOrganization(t, "Zone Properties");
  });
  afterAll(() => t.close());

  it("starts as America/New_York and is changed by an administrator, in the organization's history", async () => {
    expect((await send("GET", "/organization/settings")).json()).toEqual({
      time_zone: DEFAULT_TIME_ZONE,
      nsf_fee_cents: 3500,
    });
    const saved = await send("PUT", "/organization/settings", { payload: { time_zone: "America/Chicago" } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ time_zone: "America/Chicago", nsf_fee_cents: 3500 });
    expect((await send("GET", "/organization/settings")).json()).toEqual({
      time_zone: "America/Chicago",
      nsf_fee_cents: 3500,
    });
    const history = await asSystem(t.db, (tx) =>
      tx.execute(sql`select changes from audit_log where organization_id = ${org.orgId} and entity = 'organization'`),
    );
    expect((history as unknown as { rows: { changes: unknown }[] }).rows.map((r) => r.changes)).toEqual([
      { time_zone: { from: "America/New_York", to: "America/Chicago" } },
    ]);
  });

  it("refuses a zone that is not one, with the field's message", async () => {
    for (const time_zone of ["Mars/Olympus", "EST5EDT; drop table users", "", 42]) {
      const res = await send("PUT", "/organization/settings", { payload: { time_zone } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.time_zone).toEqual(["Choose a time zone from the list, such as America/Chicago"]);
    }
  });

  it("is for administrators to change; every user may read it", async () => {
    const manager = await ledgerUser(t, { ...org, propertyIds: [], unitIds: [], account: () => 0 }, "PROPERTY_MANAGER");
    expect(
      (await send("PUT", "/organization/settings", { org: manager, payload: { time_zone: "UTC" } })).statusCode,
    ).toBe(403);
    expect((await send("GET", "/organization/settings", { org: manager })).json()).toEqual({
      time_zone: "America/Chicago",
      nsf_fee_cents: 3500,
    });
  });

  it("keeps the NSF fee a returned payment is charged, in cents", async () => {
    const saved = await send("PUT", "/organization/settings", {
      payload: { time_zone: "America/Chicago", nsf_fee_cents: 4000 },
    });
    expect(saved.json()).toEqual({ time_zone: "America/Chicago", nsf_fee_cents: 4000 });
    for (const nsf_fee_cents of [-1, 12.5, 100_001, "35"]) {
      const res = await send("PUT", "/organization/settings", { payload: { time_zone: "UTC", nsf_fee_cents } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.nsf_fee_cents).toEqual(["Give the NSF fee in whole cents, from 0 to 100000"]);
    }
  });

  it("offers only zones the database knows", async () => {
    const names = timeZoneNames();
    expect(names.length).toBeGreaterThan(300);
    const { rows } = (await asSystem(t.db, (tx) =>
      tx.execute(sql`select n from unnest(${`{${names.join(",")}}`}::text[]) n
        where not exists (select 1 from pg_timezone_names z where z.name = n)`),
    )) as unknown as { rows: { n: string }[] };
    expect(rows.map((r) => r.n)).toEqual([]);
  });
});
