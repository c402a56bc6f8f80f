import { authMessages, sessionSchema } from "@keyholder/contracts/auth";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { TEXT_LIMITS, textMessages } from "@keyholder/contracts/text";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { organizations, sessions, users } from "../../db/schema/index.ts";

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const PASSWORD = "Correct-Horse-9";

let seq = 0;
const signUp = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    email: `owner${seq}@example.com`,
    password: PASSWORD,
    first_name: "Ada",
    last_name: "Owner",
    phone: "(555) 123-4567",
    receive_marketing: false,
    accepted_terms: true,
    accepted_terms_date: new Date().toISOString(),
    company_name: `Harbor Homes ${seq}`,
    num_of_units: 40,
    property_types: "Single-Family Home,Office",
    current_software: "Spreadsheets",
    ...overrides,
  };
};

const cookieOf = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
  res.cookies.find((c) => c.name === "kh_session");

describe("auth API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let approved: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    [t, approved] = await Promise.all([createTestApp(), createTestApp({ AUTO_APPROVE_SIGNUPS: "true" })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), approved.close()]);
  });

  const post = (app: typeof t, url: string, payload: unknown, cookie?: string) =>
    app.app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers,
      cookies: cookie ? { kh_session: cookie } : {},
    });

  describe("create-account", () => {
    it.each([
      ["email", { email: "no-at-sign.com" }, authMessages.emailAt],
      ["email", { email: "ada@nodot" }, authMessages.emailDot],
      ["password", { password: "Short-1" }, authMessages.passwordLength],
      ["password", { password: "No-Numbers-Here!" }, authMessages.passwordNumber],
      ["password", { password: "NoSpecials12345" }, authMessages.passwordSpecial],
      ["password", { password: "no-uppercase-123" }, authMessages.passwordUppercase],
      ["first_name", { first_name: "  " }, authMessages.firstNameRequired],
      ["last_name", { last_name: "" }, authMessages.lastNameRequired],
      ["phone", { phone: "555-1234" }, authMessages.phoneDigits],
      ["company_name", { company_name: " " }, authMessages.companyRequired],
      ["property_types", { property_types: "" }, authMessages.propertyTypeRequired],
      ["current_software", { current_software: "" }, authMessages.softwareRequired],
      ["accepted_terms", { accepted_terms: false }, authMessages.termsRequired],
    ])("refuses a bad %s with the spec's message", async (field, override, message) => {
      const res = await post(t, "/api/v1/auth/create-account", signUp(override));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
      expect(res.json().error.fields[field]).toContain(message);
    });

    it("refuses an unknown property type and a malformed payload", async () => {
      const unknown = await post(t, "/api/v1/auth/create-account", signUp({ property_types: "Castle" }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields.property_types[0]).toContain("Castle");
      const malformed = await post(t, "/api/v1/auth/create-account", { email: 42 });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.fields).toBeDefined();
    });

    it("refuses text longer than its field takes, naming the field and the limit", async () => {
      const res = await post(
        t,
        "/api/v1/auth/create-account",
        signUp({ company_name: "A".repeat(200_000), email: `${"e".repeat(300)}@example.com` }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.company_name).toEqual([textMessages.tooLong(TEXT_LIMITS.organizationName)]);
      expect(res.json().error.fields.email).toEqual([textMessages.tooLong(TEXT_LIMITS.email)]);
    });

    it("waitlists a new organization without signing in, and refuses the same email or name again", async () => {
      const body = signUp();
      const res = await post(t, "/api/v1/auth/create-account", body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ waitlisted: true });
      expect(cookieOf(res)).toBeUndefined();
      const [org] = await asSystem(t.db, (tx) =>
        tx.select().from(organizations).where(eq(organizations.name, body.company_name)),
      );
      expect(org?.waitlistStatus).toBe("waitlisted");

      const again = await post(
        t,
        "/api/v1/auth/create-account",
        signUp({ email: body.email.toUpperCase(), company_name: body.company_name.toLowerCase() }),
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().error.fields.email).toEqual([authMessages.emailExists]);
      expect(again.json().error.fields.company_name).toEqual([authMessages.companyExists]);
    });

    it("signs the owner in at once when sign-ups are auto-approved", async () => {
      const res = await post(approved, "/api/v1/auth/create-account", signUp());
      expect(res.statusCode).toBe(200);
      expect(res.json().waitlisted).toBe(false);
      expect(sessionSchema.parse(res.json()).organization.subscription_status).toBe("TRIAL");
      const cookie = cookieOf(res);
      expect(cookie?.httpOnly).toBe(true);
      const me = await approved.app.inject({
        method: "GET",
        url: "/api/v1/auth/session",
        cookies: { kh_session: cookie?.value ?? "" },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.person.first_name).toBe("Ada");
    });
  });

  describe("availability", () => {
    it("answers exists for emails and organization names without regard to case", async () => {
      const body = signUp();
      await post(t, "/api/v1/auth/create-account", body);
      const get = (url: string) => t.app.inject({ method: "GET", url }).then((r) => r.json());
      expect(await get(`/api/v1/auth/exists?username=${encodeURIComponent(body.email.toUpperCase())}`)).toEqual({
        exists: true,
      });
      expect(await get("/api/v1/auth/exists?username=nobody%40example.com")).toEqual({ exists: false });
      expect(
        await get(
          `/api/v1/auth/check-organization-name?name=${encodeURIComponent(` ${body.company_name.toUpperCase()} `)}`,
        ),
      ).toEqual({
        exists: true,
      });
      expect(await get("/api/v1/auth/check-organization-name?name=Nobody%20Inc")).toEqual({ exists: false });
      const blank = await t.app.inject({ method: "GET", url: "/api/v1/auth/exists?username=%20" });
      expect(blank.statusCode).toBe(400);
    });
  });

  describe("login and logout", () => {
    let email: string;
    beforeAll(async () => {
      const body = signUp();
      email = body.email;
      await post(approved, "/api/v1/auth/create-account", body);
    });

    it("signs in with a fresh token each time and answers the session object", async () => {
      const first = await post(approved, "/api/v1/auth/login", { username: email.toUpperCase(), password: PASSWORD });
      expect(first.statusCode).toBe(200);
      const session = sessionSchema.parse(first.json());
      expect(session.user.username).toBe(email);
      expect(session.user.role.role_name).toBe("ADMIN");
      expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
      const cookie = cookieOf(first);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      const second = await post(approved, "/api/v1/auth/login", { username: email, password: PASSWORD });
      expect(cookieOf(second)?.value).not.toBe(cookie?.value);
      const stored = await asSystem(approved.db, (tx) => tx.select({ h: sessions.tokenHash }).from(sessions));
      expect(stored.map((s) => s.h)).not.toContain(cookie?.value);
    });

    it("refuses a wrong password and an unknown user with the same message", async () => {
      for (const body of [
        { username: email, password: "Wrong-Password-1" },
        { username: "nobody@example.com", password: PASSWORD },
      ]) {
        const res = await post(approved, "/api/v1/auth/login", body);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe(authMessages.loginInvalid);
      }
    });

    it("sends waitlisted accounts to the waitlist with a 403 carrying the flag", async () => {
      const body = signUp();
      await post(t, "/api/v1/auth/create-account", body);
      const res = await post(t, "/api/v1/auth/login", { username: body.email, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ waitlisted: true, error: { code: "WAITLISTED" } });
      expect(cookieOf(res)).toBeUndefined();
    });

    it.each([
      ["locked", { locked: true }],
      ["disabled", { enabled: false }],
      ["banned", { banned: true }],
    ])("refuses a %s account with 403", async (_name, flags) => {
      const body = signUp();
      await post(approved, "/api/v1/auth/create-account", body);
      await asSystem(approved.db, (tx) => tx.update(users).set(flags).where(eq(users.username, body.email)));
      const res = await post(approved, "/api/v1/auth/login", { username: body.email, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(authMessages.accountLocked);
    });

    it("logout ends the server session", async () => {
      const res = await post(approved, "/api/v1/auth/login", { username: email, password: PASSWORD });
      const token = cookieOf(res)?.value ?? "";
      const me = () =>
        approved.app.inject({ method: "GET", url: "/api/v1/auth/session", cookies: { kh_session: token } });
      expect((await me()).statusCode).toBe(200);
      const out = await post(approved, "/api/v1/auth/logout", {}, token);
      expect(out.statusCode).toBe(200);
      expect(cookieOf(out)?.value).toBe("");
      expect((await me()).statusCode).toBe(401);
    });

    it("treats an expired session as signed out", async () => {
      const res = await post(approved, "/api/v1/auth/login", { username: email, password: PASSWORD });
      const token = cookieOf(res)?.value ?? "";
      await asSystem(approved.db, (tx) => tx.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }));
      const me = await approved.app.inject({
        method: "GET",
        url: "/api/v1/auth/session",
        cookies: { kh_session: token },
      });
      expect(me.statusCode).toBe(401);
    });
  });

  describe("protections", () => {
    it("rate limits failed logins from one address against an account with 429, and lets the owner in from elsewhere", async () => {
      const body = signUp();
      await post(approved, "/api/v1/auth/create-account", body);
      const from = (remoteAddress: string, password: string) =>
        approved.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { username: body.email, password },
          headers,
          remoteAddress,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await from("198.51.100.66", "Wrong-Pass-123")).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      const right = await from("198.51.100.66", PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json().error.message).toBe(authMessages.loginRateLimited);
      expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
      // Whoever guesses cannot lock the owner out: the owner signs in from their own address.
      expect((await from("203.0.113.5", PASSWORD)).statusCode).toBe(200);
    });

    it("refuses state changes without the CSRF header or from a foreign origin", async () => {
      const payload = { username: "a@example.com", password: PASSWORD };
      const noHeader = await t.app.inject({ method: "POST", url: "/api/v1/auth/login", payload });
      expect(noHeader.statusCode).toBe(403);
      expect(noHeader.json().error.code).toBe("CSRF_REJECTED");
      const foreign = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload,
        headers: { ...headers, origin: "https://evil.example" },
      });
      expect(foreign.statusCode).toBe(403);
      const own = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload,
        headers: { ...headers, origin: "http://localhost:80", host: "localhost:80" },
      });
      expect(own.statusCode).toBe(401);
    });

    it("answers malformed and oversized JSON with 4xx JSON", async () => {
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: "{not json",
        headers: { ...headers, "content-type": "application/json" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBeDefined();
      const big = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: JSON.stringify({ username: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
        headers: { ...headers, "content-type": "application/json" },
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    });
  });
});
