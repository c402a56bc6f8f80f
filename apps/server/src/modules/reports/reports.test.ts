import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";

const { send } = await leaseTestApp("Catalogue Court");

describe("the reports' catalogue", () => {
  it("lists every report, and each one it lists answers at its path", async () => {
    const res = await send("GET", "/reports");
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as { reports: { id: string; required: string[] }[] }).reports;
    expect(listed.map((r) => r.id)).toEqual(REPORT_CATALOGUE.map((r) => r.id));
    for (const r of listed) {
      const answer = await send("GET", `/reports/${r.id}`);
      // A report of one lease or owner asks for it; every other one runs with nothing chosen.
      expect(answer.statusCode, `${r.id}: ${answer.body}`).toBe(r.required.length ? 400 : 200);
      if (r.required.length) expect(Object.keys(answer.json().error.fields)).toEqual(r.required);
    }
  });
});
