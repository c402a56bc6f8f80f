import { authMessages } from "@keyholder/contracts/auth";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { operatorAccountResponseSchema, operatorAccountsSchema, operatorMessages } from "@keyholder/contracts/operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { ensureOperator } from "./ensure-operator.ts";
import { operatorUser, sessionFor } from "./test-fixtures.ts";

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const PASSWORD = "Banned-Pass-123!";

/** Issue item 19: the operator bans an account: sign-in refused with the spec's message, sessions ended. */
describe("banning accounts", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operator: Record<string, string>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  let other: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureOperator(t.db, { OPERATOR_EMAIL: "ops@example.com", OPERATOR_PASSWORD: "Operator-Pass-1!" });
    const op = await operatorUser(t.db);
    operator = { kh_session: await sessionFor(t.db, op) };
    org = await signedInOrganization(t, "Rowdy Rentals", { password: PASSWORD });
    other = await signedInOrganization(t, "Calm Rentals", { password: PASSWORD });
  });
  afterAll(() => t.close());

  const post = (url: string, cookies: Record<string, string>, payload?: object) =>
    t.app.inject({ method: "POST", url: `/api/v1${url}`, headers, cookies, ...(payload ? { payload } : {}) });
  const get = (url: string, cookies: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/api/v1${url}`, cookies });
  const login = (username: string) => post("/auth/login", {}, { username, password: PASSWORD });

  it("ends the account's sessions and refuses its sign-in with the spec's message until the ban is lifted", async () => {
    const session = { kh_session: org.cookie };
    expect((await get("/properties/details", session)).statusCode).toBe(200);
    const banned = await post(`/operator/accounts/${org.orgId}/${org.adminUserId}/ban`, operator);
    expect(banned.statusCode, banned.body).toBe(200);
    expect(operatorAccountResponseSchema.parse(banned.json()).account).toMatchObject({
      username: org.email,
      banned: true,
    });

    expect((await get("/properties/details", session)).statusCode).toBe(401);
    const refused = await login(org.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(authMessages.accountLocked);
    expect(refused.json().error.message).toBe("Account is locked or disabled");
    const list = operatorAccountsSchema.parse((await get("/operator/accounts?filter=banned", operator)).json());
    expect(list.accounts.map((a) => a.username)).toEqual([org.email]);
    // Another organization's account is untouched.
    expect((await get("/properties/details", { kh_session: other.cookie })).statusCode).toBe(200);

    const lifted = await post(`/operator/accounts/${org.orgId}/${org.adminUserId}/unban`, operator);
    expect(operatorAccountResponseSchema.parse(lifted.json()).account.banned).toBe(false);
    expect((await login(org.email)).statusCode).toBe(200);
  });

  it("is the operator's alone, and never bans the operator", async () => {
    const op = await operatorUser(t.db);
    expect(
      (await post(`/operator/accounts/${org.orgId}/${org.adminUserId}/ban`, { kh_session: other.cookie })).statusCode,
    ).toBe(403);
    expect((await get("/operator/accounts", { kh_session: other.cookie })).statusCode).toBe(403);
    const self = await post(`/operator/accounts/${op.organizationId}/${op.id}/ban`, operator);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(operatorMessages.cannotBanOperator);
    expect((await post(`/operator/accounts/${org.orgId}/999999/ban`, operator)).statusCode).toBe(404);
    expect((await post(`/operator/accounts/not-a-uuid/1/ban`, operator)).statusCode).toBe(400);
    expect((await get("/operator/accounts?filter=everyone", operator)).statusCode).toBe(400);
  });

  it("finds accounts by login name, person or organization", async () => {
    const found = operatorAccountsSchema.parse((await get("/operator/accounts?q=calm", operator)).json());
    expect(found.accounts.map((a) => a.username)).toEqual([other.email]);
    expect(found.accounts[0]).toMatchObject({
      organization_name: "Calm Rentals",
      role: "Administrator",
      email_verified: true,
    });
    expect(operatorAccountsSchema.parse((await get("/operator/accounts?q=%25", operator)).json()).total).toBe(0);
  });
});
