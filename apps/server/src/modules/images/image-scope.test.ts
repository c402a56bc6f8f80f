import { organizationLogoSchema, profilePictureSchema } from "@keyholder/contracts/images";
import { propertyPhotoListSchema, propertyPhotoSchema } from "@keyholder/contracts/property-photos";
import { publicPropertyImageListSchema, publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Scoped-Photo-Pass-1!";
/** A random (version 4) UUID: 122 bits no one can count their way to. */
const RANDOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const picture = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 60 } } })
    .png()
    .toBuffer();

/**
 * A user who works on some properties must not download another property's
 * photos, and image addresses must not be numbers one can count through.
 */
describe("images are read within the reader's property scope, by unguessable ids", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Org;
  let staff: Org & { userId: number };
  let a = "";
  let b = "";

  const send = apiSender(
    () => t.app,
    () => admin,
  );
  const read = (url: string, who: { cookie: string } | null) =>
    t.app.inject({ method: "GET", url, cookies: who ? { kh_session: who.cookie } : {} });
  const upload = async (url: string, field: string, r: number) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      cookies: { kh_session: admin.cookie },
      ...multipart(field, "picture.png", "image/png", await picture(r)),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const photosOf = async (property: string, who: Org = admin) => {
    const res = await send("GET", `/properties/${property}/photos`, { org: who });
    expect(res.statusCode, res.body).toBe(200);
    return propertyPhotoListSchema.parse(res.json()).photos;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInOrganization(t, "Scoped Photos");
    const create = async (name: string) => {
      const res = await send("POST", "/properties/with-address", {
        payload: {
          name,
          property_type_id: 1,
          address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().property.id as string;
    };
    a = await create("Alder House");
    b = await create("Birch House");
    // Both listed online, as listing asks, with a vacant unit each (decision 021).
    for (const property of [a, b]) {
      const unit = await send("POST", "/units", { payload: { unit_number: "1", property_id: property } });
      expect(unit.statusCode, unit.body).toBe(201);
    }
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update properties set show_property_online = true where id in (${a}, ${b})`),
    );
    for (const [property, r] of [
      [a, 10],
      [a, 20],
      [b, 30],
      [b, 40],
    ] as const) {
      await upload(`/properties/${property}/photos`, "photo", r);
    }
    await upload(`/users/${admin.adminUserId}/profile-pictures`, "picture", 50);
    await upload("/organization-logos", "logo", 60);

    const hash = await hashPassword(PASSWORD);
    const id = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
        values (${admin.orgId}, (select id from roles where name = 'STAFF'), 'alder.staff@example.com', ${hash})
        returning id`)) as unknown as { rows: { id: number }[] };
      return Number(rows[0]?.id);
    });
    const login = await send("POST", "/auth/login", {
      org: null,
      payload: { username: "alder.staff@example.com", password: PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === "kh_session")?.value ?? "";
    staff = { ...admin, cookie, userId: id };
    const assigned = await send("PUT", `/users/${id}/properties`, {
      payload: { all_properties: false, property_ids: [a] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });
  afterAll(() => t.close());

  it("gives a user who works on property A the bytes of A's photos, and 404 for B's", async () => {
    const mine = await photosOf(a, staff);
    expect(mine).toHaveLength(2);
    for (const photo of mine) expect((await read(photo.image.url, staff)).statusCode).toBe(200);

    const theirs = await photosOf(b);
    expect(theirs).toHaveLength(2);
    for (const photo of theirs) {
      const res = await read(photo.image.url, staff);
      expect(res.statusCode, photo.image.url).toBe(404);
      expect(res.json().error.message).toBe("Image not found");
      // HEAD answers as GET does: not even the size of B's photo is told.
      expect(
        (await t.app.inject({ method: "HEAD", url: photo.image.url, cookies: { kh_session: staff.cookie } }))
          .statusCode,
      ).toBe(404);
      // The administrator, who works on every property, still reads it.
      expect((await read(photo.image.url, admin)).statusCode).toBe(200);
    }
  });

  it("still shows the scoped user everyone's profile pictures and the organization's logo", async () => {
    const picture = profilePictureSchema.parse(
      (await send("GET", `/users/${admin.adminUserId}/profile-pictures/default`, { org: staff })).json(),
    );
    expect((await read(picture.url, staff)).statusCode).toBe(200);
    const logo = organizationLogoSchema.parse(
      (await send("GET", "/organization-logos/default", { org: staff })).json(),
    );
    expect((await read(logo.url, staff)).statusCode).toBe(200);
  });

  it("names every image by a random id in the URLs it gives, and answers no counted number", async () => {
    const gallery = [...(await photosOf(a)), ...(await photosOf(b))];
    const picture = profilePictureSchema.parse(
      (await send("GET", `/users/${admin.adminUserId}/profile-pictures/default`)).json(),
    );
    const logo = organizationLogoSchema.parse((await send("GET", "/organization-logos/default")).json());
    const publicImages = publicPropertyImageListSchema.parse(
      (await send("GET", `/public/properties/${a}/images`, { org: null })).json(),
    );
    const search = publicPropertyListSchema.parse(
      (await send("GET", "/public/properties?zipcode=78702", { org: null })).json(),
    );
    const cover = search.properties.find((p) => p.id === a)?.cover_image?.url ?? "";

    const ids = [
      ...gallery.map((p) => ({ id: p.image_id, url: p.image.url, nested: p.image.image_id })),
      { id: picture.image_id, url: picture.url, nested: picture.image_id },
      { id: logo.image_id, url: logo.url, nested: logo.image_id },
      ...publicImages.map((p) => ({ id: p.image_id, url: p.image.url, nested: p.image_id })),
    ];
    for (const { id, url, nested } of ids) {
      expect(String(id), url).toMatch(RANDOM_ID);
      expect(nested).toBe(id);
      expect(url.endsWith(`/${id}`), url).toBe(true);
    }
    expect(cover).toBe(publicImages[0]?.image.url);
    // The staff grid shows a member's picture at the same address.
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into staff (organization_id, user_id, email, name, accepted_invite, approved_invite)
        values (${admin.orgId}, ${admin.adminUserId}, ${admin.email}, 'Scoped Admin', true, true)`),
    );
    const staffGrid = await send("GET", "/staff/details");
    expect(staffGrid.statusCode, staffGrid.body).toBe(200);
    const member = (staffGrid.json().staff as { user_id: number | null; profile_image_url: string | null }[]).find(
      (m) => m.user_id === admin.adminUserId,
    );
    expect(member?.profile_image_url).toBe(picture.url);
    expect(new Set(ids.map((i) => i.id)).size).toBe(gallery.length + 2);

    // Counting through small numbers finds nothing, signed in or on the public side.
    const made = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select count(*)::int as n from images`)) as unknown as {
        rows: { n: number }[];
      };
      return Number(rows[0]?.n);
    });
    for (let n = 1; n <= made + 3; n++) {
      const signedIn = await read(`/api/v1/images/${n}`, admin);
      expect(signedIn.statusCode, `/images/${n}`).toBe(400);
      expect(signedIn.json().error.fields).toEqual({ id: ["Not an image id"] });
      const anyone = await read(`/api/v1/public/properties/${a}/images/${n}`, null);
      expect(anyone.statusCode, `/public/properties/{a}/images/${n}`).toBe(400);
      expect(anyone.json().error.fields).toEqual({ imageId: ["Not an image id"] });
    }
    // Nor is a random id of another property's photo served under this property's public address.
    const ofB = (await photosOf(b))[0]?.image_id;
    expect((await read(`/api/v1/public/properties/${a}/images/${ofB}`, null)).statusCode).toBe(404);
  });

  it("takes the random ids where the API names a photo: ordering and removing the gallery", async () => {
    const before = await photosOf(a);
    const reversed = before.map((p) => p.image_id).reverse();
    const ordered = await send("PUT", `/properties/${a}/photos/order`, { payload: { image_ids: reversed } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(propertyPhotoListSchema.parse(ordered.json()).photos.map((p) => p.image_id)).toEqual(reversed);

    const added = propertyPhotoSchema.parse(await upload(`/properties/${a}/photos`, "photo", 70));
    expect(added.image_id).toMatch(RANDOM_ID);
    expect((await photosOf(a)).at(-1)?.image_id).toBe(added.image_id);
    const removed = await send("DELETE", `/properties/${a}/photos/${added.image_id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await read(added.image.url, admin)).statusCode).toBe(404);
    // A user who works on A adds a photo to A and reads it back; B takes none from them.
    const staffUpload = async (property: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/properties/${property}/photos`,
        cookies: { kh_session: staff.cookie },
        ...multipart("photo", "picture.png", "image/png", await picture(80)),
      });
    const theirs = await staffUpload(a);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const photo = propertyPhotoSchema.parse(theirs.json());
    expect((await read(photo.image.url, staff)).statusCode).toBe(200);
    expect((await photosOf(a, staff)).map((p) => p.image_id)).toContain(photo.image_id);
    expect((await staffUpload(b)).statusCode).toBe(404);
    // A scoped user cannot remove a photo of a property they do not work on.
    const ofB = (await photosOf(b))[0]?.image_id;
    expect((await send("DELETE", `/properties/${b}/photos/${ofB}`, { org: staff })).statusCode).toBe(404);
    expect((await photosOf(b)).map((p) => p.image_id)).toContain(ofB);
  });
});
