import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import {
  type ResidentRequestFormInput,
  residentRequestDetailResponseSchema,
  residentRequestResponseSchema,
} from "@keyholder/contracts/resident";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { multipart } from "../../../test/multipart.ts";
import { withResident } from "../../db/client.ts";
import { ledgerApi, ledgerOrganization, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Follow Alpha", { properties: 6 });
const moveIn = movedInLeases({ t, org, send });
const PASSWORD = "Resident-Follow-Pass-1!";

const resident = (method: "GET" | "POST", url: string, o: { cookie?: string | null; payload?: object } = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    cookies: o.cookie ? { kh_resident: o.cookie } : {},
    ...(o.payload ? { payload: o.payload } : {}),
  });
const upload = (cookie: string, id: string, bytes: Buffer) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/resident/maintenance-requests/${id}/photos`,
    cookies: { kh_resident: cookie },
    ...multipart("file", "leak.png", "image/png", bytes),
  });
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();

async function lastMailTo(email: string) {
  const [row] = await systemRows<{ text_body: string }>(
    t,
    sql`select text_body from mail_outbox where to_address = ${email} order by id desc limit 1`,
  );
  return row?.text_body ?? "";
}
const tokenOf = (body: string) => /resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";

async function residentOf(
  lease: { id: string; tenantId: string },
  email: string,
  sender: typeof send = send,
): Promise<string> {
  await systemRows(t, sql`update tenants set email = ${email} where id = ${lease.tenantId}`);
  const invited = await sender("POST", `/leases/${lease.id}/resident-invitations`, {
    payload: { tenant_id: lease.tenantId },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await resident("POST", "/resident/accept", {
    payload: { token: tokenOf(await lastMailTo(email)), password: PASSWORD },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.cookies.find((c) => c.name === "kh_resident")?.value ?? "";
}

const problem = (o: Partial<ResidentRequestFormInput> = {}): ResidentRequestFormInput => ({
  category: "plumbing",
  priority: "normal",
  title: "Bathroom ceiling drips",
  description: "A brown stain, dripping after showers upstairs",
  location: "Bathroom",
  permission_to_enter: true,
  pets_present: false,
  ...o,
});
async function report(cookie: string) {
  const res = await resident("POST", "/resident/maintenance-requests", { cookie, payload: problem() });
  expect(res.statusCode, res.body).toBe(201);
  return residentRequestResponseSchema.parse(res.json()).request.id;
}
const detail = async (cookie: string, id: string) => {
  const res = await resident("GET", `/resident/maintenance-requests/${id}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return residentRequestDetailResponseSchema.parse(res.json()).request;
};
const staffComment = (id: string, body: string, visibility: string) =>
  send("POST", `/maintenance-requests/${id}/comments`, { payload: { body, visibility } });

describe("a resident follows their request (decision 036, 'Following a request')", () => {
  it("photos, the comments shared with them, their replies, who comes and when, the history", async () => {
    const lease = await moveIn({});
    const cookie = await residentOf(lease, "follow@example.com");
    const id = await report(cookie);

    // A photo at creation (created, then uploaded, as the web form does).
    const added = await upload(cookie, id, await png());
    expect(added.statusCode, added.body).toBe(201);
    const withPhoto = residentRequestDetailResponseSchema.parse(added.json()).request;
    expect(withPhoto.photos).toHaveLength(1);
    const photo = withPhoto.photos[0];
    expect(photo?.thumbnail_url).toBe(`/api/v1/resident/maintenance-requests/${id}/photos/${photo?.id}?size=thumb`);
    const thumb = await t.app.inject({
      method: "GET",
      url: photo?.thumbnail_url ?? "",
      cookies: { kh_resident: cookie },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);
    // The staff see it too, shared with the resident.
    const staffPhotos = (await send("GET", `/maintenance-requests/${id}/photos`)).json().photos;
    expect(staffPhotos[0]).toMatchObject({ uploaded_by_kind: "resident", visible_to_resident: true });

    // Staff write: one for the resident, one internal, one for a vendor; and an internal photo.
    expect((await staffComment(id, "A plumber comes Thursday morning", "resident")).statusCode).toBe(201);
    expect((await staffComment(id, "Upstairs tenant is late on rent", "internal")).statusCode).toBe(201);
    expect((await staffComment(id, "Gate code 1234", "vendor")).statusCode).toBe(201);
    const staffUpload = await t.app.inject({
      method: "POST",
      url: `/api/v1/maintenance-requests/${id}/photos`,
      cookies: { kh_session: org.cookie },
      ...multipart("file", "meter.png", "image/png", await png()),
    });
    expect(staffUpload.statusCode, staffUpload.body).toBe(201);
    const internalPhoto = staffUpload.json().id as string;

    // The resident replies.
    const replied = await resident("POST", `/resident/maintenance-requests/${id}/comments`, {
      cookie,
      payload: { body: "Thursday works, the dog will be out", visibility: "internal" },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const seen = residentRequestDetailResponseSchema.parse(replied.json()).request;
    expect(seen.comments.map((c) => [c.body, c.mine])).toEqual([
      ["A plumber comes Thursday morning", false],
      ["Thursday works, the dog will be out", true],
    ]);
    expect(seen.photos.map((p) => p.id)).toEqual([photo?.id]);
    expect(
      (await resident("GET", `/resident/maintenance-requests/${id}/photos/${internalPhoto}`, { cookie })).statusCode,
    ).toBe(404);
    // The staff read the reply as shared with the resident, by the resident.
    const staffComments = (await send("GET", `/maintenance-requests/${id}/comments`)).json().comments;
    expect(staffComments.at(-1)).toMatchObject({ visibility: "resident", author_kind: "resident" });
    // Their history names who reported it: the resident, not an unknown "Someone".
    const reporter = (await send("GET", `/maintenance-requests/${id}`)).json().tenant_name;
    expect(reporter).toBeTruthy();
    const staffHistory = (await send("GET", `/maintenance-requests/${id}/history`)).json().history;
    expect(staffHistory.at(-1)).toMatchObject({
      action: "create",
      changed_by: { id: null, name: `${reporter} (resident)` },
    });

    // Labels, where, and the history.
    expect(seen).toMatchObject({
      status_label: "New",
      priority_label: "Normal",
      category_label: "Plumbing",
      location: "Bathroom",
      description: "A brown stain, dripping after showers upstairs",
      assigned_to: null,
      scheduled_start: null,
      can_reply: true,
    });
    expect(seen.history.map((h) => h.label)).toEqual(["Received"]);

    // Booked with a vendor: the vendor's name and the local time; then completed.
    const vendor = await send("POST", "/vendors", {
      payload: { name: "Drip Fixers", trades: ["plumbing"], email: "drip@example.com" },
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const booked = await send("POST", `/maintenance-requests/${id}/assignment`, {
      payload: {
        vendor_id: vendor.json().vendor.id,
        scheduled_start: "2026-12-03T09:00",
        scheduled_end: "2026-12-03T11:30",
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const scheduled = await detail(cookie, id);
    expect(scheduled).toMatchObject({
      status: "scheduled",
      assigned_to: "Drip Fixers",
      scheduled_start: "2026-12-03T09:00",
      scheduled_end: "2026-12-03T11:30",
      scheduled_for: "2026-12-03T09:00",
    });
    expect(scheduled.history.map((h) => h.label)).toEqual(["Received", "Scheduled for Thu, Dec 3, 9:00 AM"]);
    // The status email links to the request's page.
    for (const status of ["in_progress", "completed"]) {
      const moved = await send("POST", `/maintenance-requests/${id}/status`, { payload: { status } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await lastMailTo("follow@example.com")).toContain(`/resident/maintenance/${id}`);
    const done = await detail(cookie, id);
    expect(done.history.map((h) => h.label)).toEqual([
      "Received",
      "Scheduled for Thu, Dec 3, 9:00 AM",
      "Work started",
      "Completed",
    ]);
    expect(done.can_reply).toBe(false);
    // A closed request takes no more comments or photos (409): a new problem is a new request.
    const late = await resident("POST", `/resident/maintenance-requests/${id}/comments`, {
      cookie,
      payload: { body: "It drips again" },
    });
    expect(late.statusCode).toBe(409);
    expect((await upload(cookie, id, await png())).statusCode).toBe(409);
    // An empty comment is a 400 with the field.
    const other = await report(cookie);
    const empty = await resident("POST", `/resident/maintenance-requests/${other}/comments`, {
      cookie,
      payload: { body: "  " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toEqual(["Write the comment"]);
    // Not an image: 415.
    expect((await upload(cookie, other, Buffer.from("not an image at all"))).statusCode).toBe(415);
  });

  it("another lease's request, of the organization or of another, is 404 everywhere", async () => {
    const a = await moveIn({});
    const b = await moveIn({});
    const aCookie = await residentOf(a, "alma@example.com");
    const bCookie = await residentOf(b, "bert@example.com");
    const bId = await report(bCookie);
    const bPhoto = residentRequestDetailResponseSchema.parse((await upload(bCookie, bId, await png())).json()).request
      .photos[0]?.id;

    const bravo = await ledgerOrganization(t, "Follow Bravo");
    const bravoSend = ledgerApi(
      () => t,
      () => bravo,
    );
    const c = await movedInLeases({ t, org: bravo, send: bravoSend })({});
    const cCookie = await residentOf(c, "cora@example.com", bravoSend);

    for (const cookie of [aCookie, cCookie]) {
      expect((await resident("GET", `/resident/maintenance-requests/${bId}`, { cookie })).statusCode).toBe(404);
      expect(
        (await resident("POST", `/resident/maintenance-requests/${bId}/comments`, { cookie, payload: { body: "hi" } }))
          .statusCode,
      ).toBe(404);
      expect((await upload(cookie, bId, await png())).statusCode).toBe(404);
      expect(
        (await resident("GET", `/resident/maintenance-requests/${bId}/photos/${bPhoto}`, { cookie })).statusCode,
      ).toBe(404);
    }
    // Nothing was written on B's request.
    const comments = (await send("GET", `/maintenance-requests/${bId}/comments`)).json().comments;
    expect(comments).toEqual([]);
    expect((await send("GET", `/maintenance-requests/${bId}/photos`)).json().photos).toHaveLength(1);
    // B's photo under A's own request's address is not found either.
    const aId = await report(aCookie);
    expect(
      (await resident("GET", `/resident/maintenance-requests/${aId}/photos/${bPhoto}`, { cookie: aCookie })).statusCode,
    ).toBe(404);
  });

  it("the database: as keyholder_resident with lease A, B's comments and files and A's internal ones are no rows", async () => {
    const a = await moveIn({});
    const b = await moveIn({});
    const aId = await report(await residentOf(a, "dba@example.com"));
    const bCookie = await residentOf(b, "dbb@example.com");
    const bId = await report(bCookie);
    for (const id of [aId, bId]) {
      await staffComment(id, "for the resident", "resident");
      await staffComment(id, "internal", "internal");
      await staffComment(id, "for the vendor", "vendor");
    }
    expect((await upload(bCookie, bId, await png())).statusCode).toBe(201);
    const count = (leaseIds: string[], query: ReturnType<typeof sql>) =>
      withResident(t.db, { orgId: org.orgId, leaseIds }, async (tx) =>
        Number(((await tx.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n),
      );
    const comments = (id: string) =>
      sql`select count(*)::int as n from maintenance_request_comments where request_id = ${id}`;
    const files = (id: string) =>
      sql`select count(*)::int as n from maintenance_request_files where request_id = ${id}`;
    const events = (id: string) =>
      sql`select count(*)::int as n from maintenance_request_events where request_id = ${id}`;
    expect(await count([a.id], comments(bId))).toBe(0);
    expect(await count([a.id], files(bId))).toBe(0);
    expect(await count([a.id], events(bId))).toBe(0);
    // A's own: only the comment shared with the resident.
    expect(await count([a.id], comments(aId))).toBe(1);
    expect(await count([a.id], events(aId))).toBe(1);
    expect(await count([b.id], comments(bId))).toBe(1);
    expect(await count([b.id], files(bId))).toBe(1);
    expect(
      await count(
        [a.id],
        sql`select count(*)::int as n from maintenance_request_comments where visibility <> 'resident'`,
      ),
    ).toBe(0);
    // Reading only: the role cannot write a comment itself, nor read an event's note.
    const denied = async (query: ReturnType<typeof sql>) => {
      const err = (await count([a.id], query).catch((e: unknown) => e)) as {
        message?: string;
        cause?: { message?: string };
      };
      return `${err.message} ${err.cause?.message}`;
    };
    expect(
      await denied(sql`insert into maintenance_request_comments (organization_id, request_id, body, visibility, author_kind, author_name)
        values (${org.orgId}, ${aId}, 'x', 'resident', 'resident', 'x') returning 1 as n`),
    ).toMatch(/permission denied/);
    expect(
      await denied(sql`select count(note)::int as n from maintenance_request_events where request_id = ${aId}`),
    ).toMatch(/permission denied/);
  });
});
