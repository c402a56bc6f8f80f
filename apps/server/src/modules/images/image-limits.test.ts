import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { imageMessages } from "@keyholder/contracts/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";

const boundary = "----keyholder-limits";
const body = (field: string, bytes: Buffer, type: string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
const headers = { "content-type": `multipart/form-data; boundary=${boundary}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };

/** About a kilobyte of SVG whose filters cost seconds of CPU at its natural size (seen: 8.7 s). */
const heavySvg = () => {
  const steps = Array.from(
    { length: 6 },
    (_, i) =>
      `<feTurbulence baseFrequency="0.9" numOctaves="10" result="t${i}"/><feGaussianBlur in="t${i}" stdDeviation="300"/><feMorphology operator="dilate" radius="100"/>`,
  ).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"><filter id="f" x="-50%" y="-50%" width="200%" height="200%">${steps}</filter><rect width="3000" height="3000" filter="url(#f)"/></svg>`,
  );
};
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#0d9488" } })
    .png()
    .toBuffer();

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const uploadLogo = (t: TestApp, bytes: Buffer, type: string, cookie: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/organization-logos",
    headers,
    cookies: { kh_session: cookie },
    payload: body("logo", bytes, type),
  });

describe("bounded image work", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_TIMEOUT_SECONDS: "1", IMAGE_QUEUE: "1" });
    org = await signedInOrganization(t, "Image Co");
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, type = "image/svg+xml", cookie = org.cookie) => uploadLogo(t, bytes, type, cookie);

  it("refuses an SVG that takes too long with a clear 422, signs people in meanwhile, and goes on working", async () => {
    const finished: string[] = [];
    const heavy = upload(heavySvg()).then((res) => {
      finished.push("upload");
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username: org.email, password: "Fixture-Pass-123!" },
    });
    finished.push("login");
    expect(login.statusCode).toBe(200);
    const res = await heavy;
    expect(finished).toEqual(["login", "upload"]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "IMAGE_TOO_COMPLEX", message: imageMessages.tooComplex });
    expect((await upload(await png(), "image/png")).statusCode).toBe(201);
  });

  it("refuses uploads beyond the queue as busy, with Retry-After", async () => {
    const all = await Promise.all([upload(heavySvg()), upload(heavySvg()), upload(heavySvg())]);
    const busy = all.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.headers["retry-after"]).toBeDefined();
    expect(busy[0]?.json().error.message).toBe(imageMessages.busy);
  });

  it("answers a body cut short with 400, on both upload endpoints", async () => {
    const cut = body("logo", await png(), "image/png").subarray(0, 120);
    const logo = await t.app.inject({
      method: "POST",
      url: "/api/v1/organization-logos",
      headers,
      cookies: { kh_session: org.cookie },
      payload: cut,
    });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().error.message).toBe(imageMessages.incomplete);
    const picture = await t.app.inject({
      method: "POST",
      url: `/api/v1/users/${org.adminUserId}/profile-pictures`,
      headers,
      cookies: { kh_session: org.cookie },
      payload: body("picture", await png(), "image/png").subarray(0, 120),
    });
    expect(picture.statusCode).toBe(400);
  });
});

// The upload limit on an app with the default image budget: under a loaded machine, a 1-second
// budget shared with the slow SVGs above refused ordinary PNGs as too complex or busy (CI).
describe("uploads per user", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, type: string, cookie: string) => uploadLogo(t, bytes, type, cookie);

  it("limits how many images one user uploads in ten minutes", async () => {
    const other = await signedInOrganization(t, "Busy Uploader");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(await png(), "image/png", other.cookie)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
