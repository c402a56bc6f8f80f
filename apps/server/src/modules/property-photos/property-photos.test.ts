import { randomUUID } from "node:crypto";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { propertyPhotoListSchema, propertyPhotoMessages } from "@keyholder/contracts/property-photos";
import { publicPropertyImageListSchema, publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";

const picture = (r: number) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
const isWebp = (b: Buffer) => b.subarray(0, 4).toString() === "RIFF" && b.subarray(8, 12).toString() === "WEBP";

describe("property photos", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  let propertyId = "";
  let otherPropertyId = "";

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown, org = "alpha") =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: method === "GET" ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie[org] ?? "" },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const upload = async (id: string, bytes: Buffer, type = "image/jpeg", org = "alpha") =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/properties/${id}/photos`,
      cookies: { kh_session: cookie[org] ?? "" },
      ...multipart("photo", "photo.jpg", type, bytes),
    });
  const photos = async (id = propertyId, org = "alpha") =>
    propertyPhotoListSchema.parse((await call("GET", `/properties/${id}/photos`, undefined, org)).json()).photos;

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ["alpha", "bravo"]) cookie[name] = (await signedInOrganization(t, name)).cookie;
    const form = (name: string) => ({
      name,
      property_type_id: 1,
      address: { address_line_1: "1 Main St", city: "Austin", state_code: "TX", zipcode: "78701" },
    });
    const create = async (name: string, org: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/properties/with-address",
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        cookies: { kh_session: cookie[org] ?? "" },
        payload: form(name),
      });
      return res.json().property.id as string;
    };
    propertyId = await create("Gallery Place", "alpha");
    otherPropertyId = await create("Bravo Place", "bravo");
    // Listed explicitly, once it has a vacant unit, so the public side shows its gallery.
    const unit = await call("POST", "/units", { unit_number: "1", property_id: propertyId });
    expect(unit.statusCode, unit.body).toBe(201);
    const listed = await call("PUT", `/properties/${propertyId}`, {
      ...form("Gallery Place"),
      show_property_online: true,
    });
    expect(listed.statusCode, listed.body).toBe(200);
  });
  afterAll(() => t.close());

  it("adds photos at the end of the gallery, re-encoded to WebP, and serves them to the organization", async () => {
    for (const r of [10, 120, 240]) {
      const res = await upload(propertyId, await picture(r));
      expect(res.statusCode, res.body).toBe(201);
    }
    const gallery = await photos();
    expect(gallery.map((p) => p.display_order)).toEqual([0, 1, 2]);
    const bytes = await t.app.inject({
      method: "GET",
      url: gallery[0]?.image.url ?? "",
      cookies: { kh_session: cookie.alpha ?? "" },
    });
    expect(bytes.statusCode).toBe(200);
    expect(isWebp(bytes.rawPayload)).toBe(true);
    const notAnImage = await upload(propertyId, Buffer.from("%PDF-1.4 not a picture"), "application/pdf");
    expect(notAnImage.statusCode).toBe(415);
    expect((await photos()).length).toBe(3);
  });

  it("puts the gallery in a new order, the cover first, and the public page and search follow it", async () => {
    const before = await photos();
    const ids = before.map((p) => p.image_id);
    const wanted = [ids[2], ids[0], ids[1]] as string[];
    const res = await call("PUT", `/properties/${propertyId}/photos/order`, { image_ids: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect((await photos()).map((p) => p.image_id)).toEqual(wanted);

    const images = publicPropertyImageListSchema.parse(
      (await t.app.inject({ method: "GET", url: `/api/v1/public/properties/${propertyId}/images` })).json(),
    );
    expect(images.map((i) => i.image_id)).toEqual(wanted);
    const search = publicPropertyListSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/v1/public/properties?zipcode=78701" })).json(),
    );
    const listed = search.properties.find((p) => p.id === propertyId);
    expect(listed?.cover_image?.url).toContain(`/images/${wanted[0]}`);

    for (const bad of [
      [ids[0], ids[1]],
      [...wanted, randomUUID()],
      [ids[0], ids[0], ids[1]],
    ]) {
      const refused = await call("PUT", `/properties/${propertyId}/photos/order`, { image_ids: bad });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain(propertyPhotoMessages.order);
    }
  });

  it("removes a photo and its image", async () => {
    const [first, ...rest] = await photos();
    const res = await call("DELETE", `/properties/${propertyId}/photos/${first?.image_id}`);
    expect(res.statusCode).toBe(204);
    expect((await photos()).map((p) => p.image_id)).toEqual(rest.map((p) => p.image_id));
    const gone = await t.app.inject({
      method: "GET",
      url: first?.image.url ?? "",
      cookies: { kh_session: cookie.alpha ?? "" },
    });
    expect(gone.statusCode).toBe(404);
    expect((await call("DELETE", `/properties/${propertyId}/photos/${first?.image_id}`)).statusCode).toBe(404);
  });

  it("keeps another organization out of the gallery", async () => {
    const [photo] = await photos();
    expect((await call("GET", `/properties/${propertyId}/photos`, undefined, "bravo")).statusCode).toBe(404);
    expect((await upload(propertyId, await picture(50), "image/jpeg", "bravo")).statusCode).toBe(404);
    expect(
      (await call("PUT", `/properties/${propertyId}/photos/order`, { image_ids: [photo?.image_id] }, "bravo"))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/properties/${propertyId}/photos/${photo?.image_id}`, undefined, "bravo")).statusCode,
    ).toBe(404);
    // Nor can alpha move bravo's photos into its own property's order.
    const bravoUpload = await upload(otherPropertyId, await picture(70), "image/jpeg", "bravo");
    const bravoPhoto = bravoUpload.json().image_id;
    const mixed = await call("PUT", `/properties/${propertyId}/photos/order`, {
      image_ids: [...(await photos()).map((p) => p.image_id), bravoPhoto],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await photos(otherPropertyId, "bravo")).map((p) => p.image_id)).toEqual([bravoPhoto]);
  });
});
