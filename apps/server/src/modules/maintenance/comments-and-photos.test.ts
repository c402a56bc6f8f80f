import { maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import {
  maintenanceCommentListSchema,
  maintenanceCommentMessages,
  maintenanceCommentResponseSchema,
} from "@keyholder/contracts/maintenance-comments";
import {
  MAX_REQUEST_FILES,
  maintenancePhotoListSchema,
  maintenancePhotoMessages,
  maintenancePhotoSchema,
} from "@keyholder/contracts/maintenance-photos";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { addComment } from "./add-comment.ts";
import { addPhoto } from "./add-photo.ts";
import { listComments } from "./list-comments.ts";
import { listPhotos } from "./list-photos.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
type Session = { cookie: string };
const PASSWORD = "Maintenance-Files-Pass-1!";

/** The first bytes of an MP4 (ISO base media, brand isom) and of a WebM (EBML, doc type webm), then filler. */
const mp4 = (size = 4096) =>
  Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), Buffer.alloc(size)]);
const webm = () =>
  Buffer.concat([Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d", "hex"), Buffer.alloc(2048)]);
const jpeg = (width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

describe("maintenance request comments and photos: audiences, limits, isolation and scope", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let oak = "";
  let pine = "";

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
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
      payload: { property_id: propertyId, category: "plumbing", priority: "normal", title: "Leak", channel: "phone" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return maintenanceResponseSchema.parse(res.json()).request.id;
  };
  const comment = (id: string, body: unknown, visibility: unknown = "internal", org: Session = alpha) =>
    send("POST", `/maintenance-requests/${id}/comments`, { org: org as Org, payload: { body, visibility } });
  const upload = (id: string, bytes: Buffer, name = "photo.jpg", type = "image/jpeg", org: Session = alpha) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/maintenance-requests/${id}/photos`,
      cookies: { kh_session: org.cookie },
      ...multipart("file", name, type, bytes),
    });
  const bytesOf = (url: string, org: Session = alpha, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, cookies: { kh_session: org.cookie }, headers });
  const user = (username: string, role: string, properties?: string[]): Promise<Session> =>
    signedInUser(t, alpha, { username, role, password: PASSWORD, ...(properties ? { properties } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Files Alpha");
    bravo = await signedInOrganization(t, "Files Bravo");
    oak = await property("Oak Court", alpha);
    pine = await property("Pine Court", alpha);
  });
  afterAll(() => t.close());

  it("keeps each comment to its audience: staff read all, a resident never an internal or vendor one", async () => {
    const id = await request(oak);
    for (const [body, visibility] of [
      ["Checked the valve, internal only", "internal"],
      ["We will come Tuesday morning", "resident"],
      ["Access code 4411, bring a 3/4 valve", "vendor"],
    ] as const) {
      const res = await comment(id, `  ${body}  `, visibility);
      expect(res.statusCode, res.body).toBe(201);
      const saved = maintenanceCommentResponseSchema.parse(res.json()).comment;
      expect(saved).toMatchObject({ body, visibility, author_kind: "staff", author_name: "Files Alpha Admin" });
    }
    const staff = maintenanceCommentListSchema.parse(
      (await send("GET", `/maintenance-requests/${id}/comments`)).json(),
    ).comments;
    expect(staff.map((c) => c.visibility)).toEqual(["internal", "resident", "vendor"]);

    // The audiences the resident portal and the vendor link will read through.
    const as = (audience: "staff" | "resident" | "vendor") =>
      withOrg(t.db, { orgId: alpha.orgId }, (tx) => listComments(tx, id, audience));
    expect((await as("resident")).map((c) => c.body)).toEqual(["We will come Tuesday morning"]);
    expect((await as("vendor")).map((c) => c.body)).toEqual(["Access code 4411, bring a 3/4 valve"]);
    expect((await as("staff")).length).toBe(3);

    // A resident's own comment (as the portal will add it) is the resident's and the staff's.
    await withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      addComment(
        tx,
        { kind: "resident", orgId: alpha.orgId, tenantId: crypto.randomUUID(), name: "Rita Resident" },
        id,
        {
          body: "Still dripping",
          visibility: "resident",
        },
      ),
    );
    const resident = await as("resident");
    expect(resident.map((c) => [c.body, c.author_kind, c.author_name])).toEqual([
      ["We will come Tuesday morning", "staff", "Files Alpha Admin"],
      ["Still dripping", "resident", "Rita Resident"],
    ]);
    expect(resident.some((c) => c.visibility === "internal")).toBe(false);
    expect((await as("vendor")).some((c) => c.body === "Still dripping")).toBe(false);
  });

  it("refuses an empty, too long or unlabelled comment with the field's message, and never rewrites one", async () => {
    const id = await request(oak);
    const empty = await comment(id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toEqual([maintenanceCommentMessages.bodyRequired]);
    const long = await comment(id, "x".repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.body).toEqual([maintenanceCommentMessages.bodyTooLong]);
    expect((await comment(id, "x".repeat(4000))).statusCode).toBe(201);
    const bad = await comment(id, "Hello", "everyone");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.visibility).toEqual([maintenanceCommentMessages.visibilityInvalid]);
    // Append-only: the application's role may not change or remove a comment.
    await expect(
      withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
        tx.execute(sql`update maintenance_request_comments set visibility = 'resident' where request_id = ${id}`),
      ),
    ).rejects.toThrow();
    await expect(
      withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
        tx.execute(sql`delete from maintenance_request_comments where request_id = ${id}`),
      ),
    ).rejects.toThrow();
  });

  it("re-encodes a photo to a bounded WebP with a thumbnail, and serves the bytes to the session only", async () => {
    const id = await request(oak);
    const res = await upload(id, await jpeg(3000, 2000));
    expect(res.statusCode, res.body).toBe(201);
    const photo = maintenancePhotoSchema.parse(res.json());
    expect(photo).toMatchObject({
      kind: "image",
      content_type: "image/webp",
      width: 2560,
      height: 1707,
      visible_to_vendor: true,
      visible_to_resident: false,
      uploaded_by_kind: "staff",
    });
    const full = await bytesOf(photo.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toContain("private");
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 2560, 1707]);
    const thumb = await bytesOf(photo.thumbnail_url ?? "");
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe("webp");
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBe(480);
    // Not public: signed out is refused, another organization finds nothing.
    expect((await t.app.inject({ method: "GET", url: photo.url })).statusCode).toBe(401);
    expect((await bytesOf(photo.url, bravo)).statusCode).toBe(404);

    // A small photo is not enlarged.
    const small = maintenancePhotoSchema.parse((await upload(id, await jpeg(80, 60))).json());
    expect([small.width, small.height]).toEqual([80, 60]);
  });

  it("takes short videos by their bytes, as sent, with byte ranges for the player", async () => {
    const id = await request(oak);
    const res = await upload(id, mp4(), "clip.mov", "application/octet-stream");
    expect(res.statusCode, res.body).toBe(201);
    const video = maintenancePhotoSchema.parse(res.json());
    expect(video).toMatchObject({ kind: "video", content_type: "video/mp4", byte_size: mp4().length });
    expect(video.thumbnail_url).toBeNull();
    const whole = await bytesOf(video.url);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.rawPayload.equals(mp4())).toBe(true);
    const part = await bytesOf(video.url, alpha, { range: "bytes=4-11" });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString("latin1")).toBe("ftypisom");
    const w = await upload(id, webm(), "clip.webm", "video/webm");
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json().content_type).toBe("video/webm");
  });

  it("refuses a file that is not a photo or video by its bytes, one too large, and one too many", async () => {
    const id = await request(oak);
    const text = await upload(id, Buffer.from("Just some text, not a picture at all"), "photo.jpg", "image/jpeg");
    expect(text.statusCode).toBe(415);
    expect(text.json().error.fields.file).toEqual([maintenancePhotoMessages.unsupported]);
    const bigPhoto = await upload(id, Buffer.alloc(15 * 1024 * 1024 + 1, 1), "big.jpg", "image/jpeg");
    expect(bigPhoto.statusCode).toBe(413);
    expect(bigPhoto.json().error.message).toBe(maintenancePhotoMessages.photoTooLarge);
    const bigVideo = await upload(id, mp4(50 * 1024 * 1024), "big.mp4", "video/mp4");
    expect(bigVideo.statusCode).toBe(413);
    expect(bigVideo.json().error.message).toBe(maintenancePhotoMessages.videoTooLarge);
    // A video over the photo limit but under its own is fine.
    expect((await upload(id, mp4(20 * 1024 * 1024), "long.mp4", "video/mp4")).statusCode).toBe(201);
    const noFile = await send("POST", `/maintenance-requests/${id}/photos`, { payload: { file: "x" } });
    expect(noFile.statusCode).toBe(400);
    for (let i = 1; i < MAX_REQUEST_FILES; i++) {
      expect((await upload(id, mp4(16), "clip.mp4", "video/mp4")).statusCode).toBe(201);
    }
    const tooMany = await upload(id, mp4(16), "clip.mp4", "video/mp4");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.file).toEqual([maintenancePhotoMessages.tooMany]);
    const listed = maintenancePhotoListSchema.parse((await send("GET", `/maintenance-requests/${id}/photos`)).json());
    expect(listed.photos.length).toBe(MAX_REQUEST_FILES);
  });

  it("shares photos by audience: staff toggle the vendor's, a resident's own are the resident's", async () => {
    const id = await request(oak);
    const staffPhoto = maintenancePhotoSchema.parse((await upload(id, await jpeg())).json());
    const hidden = await send("PATCH", `/maintenance-requests/${id}/photos/${staffPhoto.id}`, {
      payload: { visible_to_vendor: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ visible_to_vendor: false, visible_to_resident: false });
    const residentPhoto = await withOrg(t.db, { orgId: alpha.orgId }, (tx) =>
      addPhoto(
        tx,
        t.app.storage,
        { kind: "resident", orgId: alpha.orgId, tenantId: crypto.randomUUID(), name: "Rita Resident" },
        id,
        { kind: "video", data: mp4(16), contentType: "video/mp4" },
      ),
    );
    expect(residentPhoto).toMatchObject({ visible_to_resident: true, visible_to_vendor: true });
    const as = (audience: "staff" | "resident" | "vendor") =>
      withOrg(t.db, { orgId: alpha.orgId }, async (tx) => (await listPhotos(tx, id, audience)).map((p) => p.id));
    expect(await as("staff")).toEqual([staffPhoto.id, residentPhoto.id]);
    expect(await as("vendor")).toEqual([residentPhoto.id]);
    expect(await as("resident")).toEqual([residentPhoto.id]);
    const shared = await send("PATCH", `/maintenance-requests/${id}/photos/${staffPhoto.id}`, {
      payload: { visible_to_vendor: true },
    });
    expect(shared.json().visible_to_vendor).toBe(true);
    expect(await as("vendor")).toEqual([staffPhoto.id, residentPhoto.id]);
    const nothing = await send("PATCH", `/maintenance-requests/${id}/photos/${staffPhoto.id}`, { payload: {} });
    expect(nothing.statusCode).toBe(400);
  });

  it("answers another organization's request, comments and photos as not found", async () => {
    const bravoProperty = await property("Bravo Place", bravo);
    const theirs = await request(bravoProperty, bravo);
    const theirPhoto = maintenancePhotoSchema.parse(
      (await upload(theirs, await jpeg(), "a.jpg", "image/jpeg", bravo)).json(),
    );
    for (const [method, url, payload] of [
      ["GET", `/maintenance-requests/${theirs}/comments`, undefined],
      ["POST", `/maintenance-requests/${theirs}/comments`, { body: "Hi", visibility: "internal" }],
      ["GET", `/maintenance-requests/${theirs}/photos`, undefined],
      ["GET", theirPhoto.url.replace("/api/v1", ""), undefined],
      ["PATCH", `/maintenance-requests/${theirs}/photos/${theirPhoto.id}`, { visible_to_vendor: false }],
    ] as const) {
      const res = await send(method, url, { payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await upload(theirs, await jpeg())).statusCode).toBe(404);
    // Nor does alpha's request reach bravo's photo by pairing the ids.
    const mine = await request(oak);
    expect((await bytesOf(`/api/v1/maintenance-requests/${mine}/photos/${theirPhoto.id}`)).statusCode).toBe(404);
  });

  it("keeps a scoped user to their properties' requests, and refuses a read-only user's writes", async () => {
    const onOak = await request(oak);
    const onPine = await request(pine);
    expect((await comment(onOak, "Oak note")).statusCode).toBe(201);
    const oakPhoto = maintenancePhotoSchema.parse((await upload(onOak, await jpeg())).json());
    const pineStaff = await user("pine.staff@files.example", "STAFF", [pine]);
    expect((await send("GET", `/maintenance-requests/${onOak}/comments`, { org: pineStaff as Org })).statusCode).toBe(
      404,
    );
    expect((await comment(onOak, "Sneaky", "internal", pineStaff)).statusCode).toBe(404);
    expect((await send("GET", `/maintenance-requests/${onOak}/photos`, { org: pineStaff as Org })).statusCode).toBe(
      404,
    );
    expect((await bytesOf(oakPhoto.url, pineStaff)).statusCode).toBe(404);
    expect((await upload(onOak, await jpeg(), "a.jpg", "image/jpeg", pineStaff)).statusCode).toBe(404);
    expect((await comment(onPine, "Pine note", "vendor", pineStaff)).statusCode).toBe(201);
    expect((await upload(onPine, await jpeg(), "a.jpg", "image/jpeg", pineStaff)).statusCode).toBe(201);

    const reader = await user("reader@files.example", "READ_ONLY");
    expect((await send("GET", `/maintenance-requests/${onOak}/comments`, { org: reader as Org })).statusCode).toBe(200);
    expect((await bytesOf(oakPhoto.url, reader)).statusCode).toBe(200);
    expect((await comment(onOak, "Read-only says hi", "internal", reader)).statusCode).toBe(403);
    expect((await upload(onOak, await jpeg(), "a.jpg", "image/jpeg", reader)).statusCode).toBe(403);
    const share = await send("PATCH", `/maintenance-requests/${onOak}/photos/${oakPhoto.id}`, {
      org: reader as Org,
      payload: { visible_to_vendor: false },
    });
    expect(share.statusCode).toBe(403);
  });

  it("goes with its request's organization when it is deleted", async () => {
    const doomed = await signedInOrganization(t, "Files Doomed");
    const id = await request(await property("Doomed Place", doomed), doomed);
    expect((await comment(id, "Bye", "internal", doomed)).statusCode).toBe(201);
    expect((await upload(id, mp4(16), "a.mp4", "video/mp4", doomed)).statusCode).toBe(201);
    await asSystem(t.db, (tx) => tx.execute(sql`delete from organizations where id = ${doomed.orgId}`));
    const left = await asSystem(t.db, async (tx) => {
      const r = (await tx.execute(sql`select
        (select count(*) from maintenance_request_comments where organization_id = ${doomed.orgId})
        + (select count(*) from maintenance_request_files where organization_id = ${doomed.orgId}) as n`)) as unknown as {
        rows: { n: number }[];
      };
      return Number(r.rows[0]?.n);
    });
    expect(left).toBe(0);
  });
});
