import { accountMessages } from "@keyholder/contracts/account";
import { authMessages } from "@keyholder/contracts/auth";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

const PASSWORD = "Account-Pass-123!";
const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe("the signed-in user's account", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await createApprovedOrganization(t.db, {
      name: "Acme",
      email: "me@example.com",
      password: PASSWORD,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    await createApprovedOrganization(t.db, {
      name: "Other",
      email: "other@example.com",
      password: PASSWORD,
      firstName: "O",
      lastName: "T",
    });
  });
  afterAll(() => t.close());

  const login = async (email = "me@example.com", password = PASSWORD) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers,
      payload: { username: email, password },
    });
    return res.cookies.find((c) => c.name === "kh_session")?.value ?? "";
  };
  const call = (cookie: string, method: "GET" | "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, cookies: { kh_session: cookie }, ...(payload ? { payload } : {}) });

  it("edits one's own names, preferred name and phone with the sign-up rules", async () => {
    const cookie = await login();
    const bad = await call(cookie, "PATCH", "/api/v1/account/profile", {
      first_name: "",
      last_name: "L",
      preferred_name: null,
      phone: "123",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      first_name: [authMessages.firstNameRequired],
      phone: [authMessages.phoneDigits],
    });
    const res = await call(cookie, "PATCH", "/api/v1/account/profile", {
      first_name: "Augusta",
      last_name: "King",
      preferred_name: "Ada",
      phone: "(555) 987-6543",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.person).toMatchObject({
      first_name: "Augusta",
      last_name: "King",
      preferred_name: "Ada",
      phone: "(555) 987-6543",
    });
  });

  it("lists sessions, ends one, and ends all others", async () => {
    const a = await login();
    const b = await login();
    const c = await login();
    const list = (await call(a, "GET", "/api/v1/account/sessions")).json().sessions as {
      id: string;
      current: boolean;
    }[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const other = (await call(b, "GET", "/api/v1/account/sessions"))
      .json()
      .sessions.find((s: { current: boolean }) => s.current);
    expect((await call(a, "DELETE", `/api/v1/account/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await call(b, "GET", "/api/v1/auth/session")).statusCode).toBe(401);
    expect((await call(a, "DELETE", `/api/v1/account/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await call(a, "DELETE", "/api/v1/account/sessions")).statusCode).toBe(200);
    expect((await call(c, "GET", "/api/v1/auth/session")).statusCode).toBe(401);
    expect((await call(a, "GET", "/api/v1/auth/session")).statusCode).toBe(200);
  });

  it("cannot end another user's session", async () => {
    const mine = await login();
    const theirs = await login("other@example.com");
    const id = (await call(theirs, "GET", "/api/v1/account/sessions")).json().sessions[0].id;
    expect((await call(mine, "DELETE", `/api/v1/account/sessions/${id}`)).statusCode).toBe(404);
    expect((await call(theirs, "GET", "/api/v1/auth/session")).statusCode).toBe(200);
  });

  it("changes the password with the current one, and ends the other sessions", async () => {
    const keep = await login();
    const other = await login();
    const wrong = await call(keep, "POST", "/api/v1/account/password", {
      current_password: "nope",
      new_password: "Weak",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.current_password).toEqual([accountMessages.wrongCurrentPassword]);
    expect(wrong.json().error.fields.new_password).toContain(authMessages.passwordLength);
    const ok = await call(keep, "POST", "/api/v1/account/password", {
      current_password: PASSWORD,
      new_password: "Brand-New-Pass-9",
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(other, "GET", "/api/v1/auth/session")).statusCode).toBe(401);
    expect((await call(keep, "GET", "/api/v1/auth/session")).statusCode).toBe(200);
    expect(await login("me@example.com", "Brand-New-Pass-9")).not.toBe("");
  });
});
