import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../test/test-app.ts";
import { asSystem } from "../db/client.ts";
import { createSession } from "../lib/sessions.ts";
import { hostileNonStrings, hostileStrings, malformedBodies } from "./hostile-values.ts";
import { type Operation, operationsOf, sampleOf } from "./openapi-operations.ts";
import { fingerprint, prepareVictim, VICTIM_MARK, type Victim } from "./victim.ts";

/**
 * The project's own proof (issue 11, item 6): for every operation of the OpenAPI document, another
 * organization's session and an anonymous client try the victim organization's ids, and a fuzz pass
 * sends hostile values into every parameter and field. Nothing of the victim may appear in any
 * answer, nothing of it may change, and no request may get a 5xx. `npm run test:adversarial` runs
 * the full count; CI runs ADVERSARIAL_REQUESTS (default 1,500).
 */
const FUZZ_REQUESTS = Number(process.env.ADVERSARIAL_REQUESTS ?? 1500);

type Actor = "intruder" | "anonymous";
interface Attempt {
  op: Operation;
  actor: Actor;
  url: string;
  body?: unknown;
  raw?: { contentType: string; payload: string | Buffer };
}

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
};

/** The victim's value for a path parameter, by what the path is about. */
function victimParam(op: Operation, name: string, v: Victim["ids"]): string {
  if (name === "userId") return String(v.userId);
  if (name === "imageId") return String(v.imageId);
  if (name === "slug") return v.slug;
  if (op.path.includes("/properties/")) return v.propertyId;
  if (op.path.includes("/buildings/")) return String(v.buildingId);
  if (op.path.includes("/floor-plans/")) return String(v.floorPlanId);
  if (op.path.includes("/zones/")) return String(v.zoneId);
  if (op.path.includes("/units/")) return String(v.unitId);
  if (op.path.includes("/images/")) return String(v.imageId);
  if (op.path.includes("/sessions/")) return v.sessionHash;
  if (op.path.includes("/waitlist/")) return v.orgId;
  return "1";
}

/** The victim's id for a query parameter that names a record (the related-item lists' scope). */
function victimQuery(name: string, v: Victim["ids"]): string | undefined {
  if (name === "property-id") return v.propertyId;
  if (name === "building-id") return String(v.buildingId);
  return undefined;
}

/** A body that would be valid but points at the victim's records wherever it names one. */
function victimBody(op: Operation, v: Victim["ids"]): unknown {
  const sample = sampleOf(op.body) as Record<string, unknown> | undefined;
  if (!sample || typeof sample !== "object") return sample;
  const recordId = op.path.includes("floor-plans")
    ? v.floorPlanId
    : op.path.includes("zones")
      ? v.zoneId
      : op.path.includes("/units")
        ? v.unitId
        : v.buildingId;
  const replace = (value: Record<string, unknown>) => {
    for (const key of Object.keys(value)) {
      if (key === "ids") value[key] = [recordId];
      else if (key === "property_id") value[key] = v.propertyId;
      else if (key === "building_id") value[key] = v.buildingId;
      else if (key === "floor_plan_id") value[key] = v.floorPlanId;
      else if (key === "zone_id") value[key] = v.zoneId;
    }
    return value;
  };
  return replace(sample);
}

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "1");
  const search = Object.entries(query)
    .map(([k, val]) => `${encodeURIComponent(k)}=${encode(val)}`)
    .join("&");
  return search ? `${path}?${search}` : path;
}

describe("adversarial: another organization and anonymous clients against every operation", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let victim: Victim;
  let intruder: Awaited<ReturnType<typeof signedInOrganization>>;
  let operations: Operation[];
  let before: string;
  let sent = 0;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    t = await createTestApp();
    victim = await prepareVictim(t);
    intruder = await signedInOrganization(t, "Intruder", { scale: 40 });
    operations = operationsOf((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json());
    before = await fingerprint(t, victim.ids.orgId);
  }, 120_000);
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await t.close();
  });

  /** A fresh intruder session per request: some operations end the session they run in. */
  const intruderCookie = async () => {
    const session = await asSystem(t.db, (tx) =>
      createSession(tx, { organizationId: intruder.orgId, id: intruder.adminUserId }, {}),
    );
    return session.token;
  };

  const send = async (a: Attempt) => {
    sent += 1;
    const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
    let payload: string | Buffer | undefined;
    if (a.raw) {
      headers["content-type"] = a.raw.contentType;
      payload = a.raw.payload;
    } else if (a.body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(a.body);
    }
    return t.app.inject({
      method: a.op.method,
      url: a.url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      cookies: a.actor === "intruder" ? { kh_session: await intruderCookie() } : {},
      // Many addresses, so per-address limits do not hide what lies behind them.
      remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    });
  };

  it("finds the operations in the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it("leaks nothing of the victim and changes nothing of it, whatever the victim's ids are tried on", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const leaks: string[] = [];
    const failures: string[] = [];
    for (const op of operations) {
      for (const actor of ["intruder", "anonymous"] as const) {
        const params = Object.fromEntries(op.pathParams.map((n) => [n, victimParam(op, n, victim.ids)]));
        const query = Object.fromEntries(
          op.query.map((q) => [q.name, victimQuery(q.name, victim.ids) ?? String(sampleOf(q.schema, q.name))]),
        );
        const attempt: Attempt = { op, actor, url: urlOf(op, params, query) };
        if (op.multipart) {
          const field = op.path.includes("logos") ? "logo" : "picture";
          attempt.raw = {
            contentType: "multipart/form-data; boundary=a",
            payload: Buffer.concat([
              Buffer.from(`--a\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\n`),
              png,
              Buffer.from("\r\n--a--\r\n"),
            ]),
          };
        } else if (op.body) {
          attempt.body = victimBody(op, victim.ids);
        }
        const res = await send(attempt);
        const what = `${actor} ${op.method} ${attempt.url} -> ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(what);
        if (VICTIM_MARK.test(res.body)) leaks.push(`${what}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    // The mark is real: the victim's own session sees it where the intruder saw nothing.
    const own = await t.app.inject({
      method: "GET",
      url: "/api/v1/buildings/details",
      cookies: { kh_session: victim.cookie },
    });
    expect(own.body).toMatch(VICTIM_MARK);
    expect(await fingerprint(t, victim.ids.orgId)).toBe(before);
  }, 300_000);

  it(`answers ${FUZZ_REQUESTS} hostile requests without a 5xx or an unhandled rejection`, async () => {
    const cases: Attempt[] = [];
    const values: unknown[] = [...hostileStrings, ...hostileNonStrings];
    for (const op of operations) {
      const params = Object.fromEntries(op.pathParams.map((n) => [n, victimParam(op, n, victim.ids)]));
      const query = Object.fromEntries(op.query.map((q) => [q.name, String(sampleOf(q.schema, q.name))]));
      const body = op.body ? sampleOf(op.body) : undefined;
      for (const actor of ["intruder", "anonymous"] as const) {
        for (const value of values) {
          const text = typeof value === "string" ? value : JSON.stringify(value);
          for (const name of op.pathParams) {
            cases.push({ op, actor, url: urlOf(op, { ...params, [name]: text }, query), body });
          }
          for (const q of op.query)
            cases.push({ op, actor, url: urlOf(op, params, { ...query, [q.name]: text }), body });
          if (body && typeof body === "object") {
            for (const field of Object.keys(body)) {
              cases.push({ op, actor, url: urlOf(op, params, query), body: { ...body, [field]: value } });
            }
            cases.push({ op, actor, url: urlOf(op, params, query), body: value });
          }
        }
        if (op.method !== "GET") {
          for (const raw of malformedBodies) cases.push({ op, actor, url: urlOf(op, params, query), raw });
        }
      }
    }
    // Spread the requests over every kind of case when the count is below the whole set.
    const step = Math.max(1, cases.length / FUZZ_REQUESTS);
    const failures: string[] = [];
    let count = 0;
    for (let i = 0; count < FUZZ_REQUESTS; i += step, count++) {
      const attempt = cases[Math.floor(i) % cases.length];
      if (!attempt) break;
      const res = await send(attempt);
      if (res.statusCode >= 500) {
        failures.push(
          `${attempt.actor} ${attempt.op.method} ${attempt.url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    }
    await t.app.backgroundSettled();
    console.log(
      `adversarial fuzz: ${count} requests over ${operations.length} operations (${cases.length} cases), ${failures.length} 5xx, ${unhandled.length} unhandled rejections`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(await fingerprint(t, victim.ids.orgId)).toBe(before);
  }, 900_000);
});
