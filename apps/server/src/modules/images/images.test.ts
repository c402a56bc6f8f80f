import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { roles, users } from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

const PASSWORD = "Picture-Pass-123!";

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 13, g: 148, b: 136 } } })
    .png()
    .toBuffer();
const isWebp = (b: Buffer) => b.subarray(0, 4).toString() === "RIFF" && b.subarray(8, 12).toString() === "WEBP";

describe("profile pictures and organization logos", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const session: Record<string, { cookie: string; userId: number }> = {};

  const login = async (name: string, email: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username: email, password: PASSWORD },
    });
    session[name] = {
      cookie: res.cookies.find((c) => c.name === "kh_session")?.value ?? "",
      userId: res.json().user.id,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createApprovedOrganization(t.db, {
      name: "A",
      email: "a@example.com",
      password: PASSWORD,
      firstName: "A",
      lastName: "A",
    });
    await createApprovedOrganization(t.db, {
      name: "B",
      email: "b@example.com",
      password: PASSWORD,
      firstName: "B",
      lastName: "B",
    });
    const hash = await hashPassword(PASSWORD);
    await asSystem(t.db, async (tx) => {
      const [staffRole] = await tx
        .select()
        .from(roles)
        .where((await import("drizzle-orm")).eq(roles.name, "STAFF"));
      await tx.insert(users).values({
        organizationId: a.orgId,
        roleId: staffRole?.id ?? 0,
        username: "a2@example.com",
        passwordHash: hash,
      });
    });
    await login("a", "a@example.com");
    await login("a2", "a2@example.com");
    await login("b", "b@example.com");
  });
  afterAll(() => t.close());

  const as = (who: string) => ({ kh_session: session[who]?.cookie ?? "" });
  const upload = (who: string, userId: number, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: "POST", url: `/api/v1/users/${userId}/profile-pictures`, cookies: as(who), ...body });

  it("stores one's own picture as WebP and serves it with long cache headers", async () => {
    const me = session.a?.userId ?? 0;
    const res = await upload("a", me, multipart("picture", "me.png", "image/png", await png(), { is_default: "true" }));
    expect(res.statusCode).toBe(201);
    const current = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/${me}/profile-pictures/default`,
      cookies: as("a"),
    });
    expect(current.json()).toMatchObject({ url: res.json().url, width: 64, height: 48, is_default: true });
    const bytes = await t.app.inject({ method: "GET", url: res.json().url, cookies: as("a") });
    expect(bytes.headers["content-type"]).toBe("image/webp");
    expect(bytes.headers["cache-control"]).toContain("max-age=31536000");
    expect(isWebp(bytes.rawPayload)).toBe(true);
    const colleague = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/${me}/profile-pictures/default`,
      cookies: as("a2"),
    });
    expect(colleague.statusCode).toBe(200);
  });

  it("decides the type by content, not by name, and limits the size", async () => {
    const me = session.a?.userId ?? 0;
    const fake = await upload(
      "a",
      me,
      multipart("picture", "me.png", "image/png", Buffer.from("#!/bin/sh\necho not an image\n")),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toContain("JPEG, PNG, GIF, SVG or WebP");
    const huge = await upload(
      "a",
      me,
      multipart("picture", "big.png", "image/png", Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toContain("5 MB");
  });

  it("rasterizes an SVG with a script into a WebP", async () => {
    const me = session.a?.userId ?? 0;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert("x")</script><circle cx="20" cy="20" r="15" fill="teal"/></svg>',
    );
    const res = await upload("a", me, multipart("picture", "evil.svg", "image/svg+xml", svg));
    expect(res.statusCode).toBe(201);
    const bytes = await t.app.inject({ method: "GET", url: res.json().url, cookies: as("a") });
    expect(isWebp(bytes.rawPayload)).toBe(true);
    expect(bytes.rawPayload.toString("latin1")).not.toContain("script");
  });

  it("refuses to change another user's picture", async () => {
    const res = await upload("a2", session.a?.userId ?? 0, multipart("picture", "x.png", "image/png", await png()));
    expect(res.statusCode).toBe(403);
  });

  it("keeps each organization's logo and images invisible to the others", async () => {
    const logo = await t.app.inject({
      method: "POST",
      url: "/api/v1/organization-logos",
      cookies: as("b"),
      ...multipart("logo", "logo.png", "image/png", await png()),
    });
    expect(logo.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/organization-logos/default", cookies: as("b") })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/organization-logos/default", cookies: as("a") })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: logo.json().url, cookies: as("a") })).statusCode).toBe(404);
    const byStaff = await t.app.inject({
      method: "POST",
      url: "/api/v1/organization-logos",
      cookies: as("a2"),
      ...multipart("logo", "logo.png", "image/png", await png()),
    });
    expect(byStaff.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: logo.json().url })).statusCode).toBe(401);
  });

  it("tells each session whether its user has a picture and its organization a logo", async () => {
    const flags = async (who: string) => {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/session", cookies: as(who) });
      return { picture: res.json().user.has_profile_picture, logo: res.json().organization.has_logo };
    };
    // By now A's owner has uploaded a picture and B a logo (tests above); A's staff member has neither.
    expect(await flags("a")).toEqual({ picture: true, logo: false });
    expect(await flags("a2")).toEqual({ picture: false, logo: false });
    expect(await flags("b")).toEqual({ picture: false, logo: true });
  });
});
