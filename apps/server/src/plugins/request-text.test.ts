import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { textMessages } from "@keyholder/contracts/text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../test/test-app.ts";

// A NUL (U+0000) cannot be stored in PostgreSQL text: before the contract refused it, each of these
// reached the database and answered 500 with a stack trace in the log.
const NUL = "\u0000";
const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe("control characters in requests", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInOrganization(t, "Nul Co"));
  });
  afterAll(() => t.close());

  const anonymous = [
    {
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { username: `a${NUL}@example.com`, password: "x" },
      field: "username",
    },
    { method: "GET", url: `/api/v1/auth/exists?username=a${encodeURIComponent(NUL)}b`, field: "username" },
    { method: "GET", url: `/api/v1/auth/check-organization-name?name=Acme${encodeURIComponent(NUL)}`, field: "name" },
    { method: "POST", url: "/api/v1/auth/forgot-password", payload: { email: `a${NUL}@example.com` }, field: "email" },
    { method: "GET", url: `/api/v1/public/properties/by-slug/harbor${encodeURIComponent(NUL)}`, field: "slug" },
    {
      method: "POST",
      url: "/api/v1/auth/create-account",
      payload: {
        email: "nul-owner@example.com",
        password: "Fixture-Pass-123!",
        first_name: `Ada${NUL}`,
        last_name: "Owner",
        phone: "(555) 123-4567",
        receive_marketing: false,
        accepted_terms: true,
        accepted_terms_date: new Date().toISOString(),
        company_name: "Nul Homes",
        num_of_units: 4,
        property_types: "Office",
        current_software: "Spreadsheets",
      },
      field: "first_name",
    },
  ] as const;

  it.each(anonymous)("$method $url answers 400 naming the field, without a session", async (req) => {
    const res = await t.app.inject({
      method: req.method,
      url: req.url,
      headers,
      ...("payload" in req ? { payload: req.payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[req.field]).toEqual([textMessages.controlCharacters]);
  });

  it("refuses them in a signed-in write and in a list's quick filter", async () => {
    const write = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/account/profile",
      headers,
      cookies: { kh_session: cookie },
      payload: { first_name: `Nul${NUL}`, last_name: "Admin", preferred_name: null, phone: "" },
    });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.fields.first_name).toEqual([textMessages.controlCharacters]);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/v1/buildings/details?name=${encodeURIComponent(`a${NUL}`)}`,
      cookies: { kh_session: cookie },
    });
    expect(list.statusCode).toBe(400);
  });

  it("keeps the line breaks and tabs people paste", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/auth/check-organization-name?name=${encodeURIComponent("Tab\tCo")}`,
    });
    expect(res.statusCode).toBe(200);
  });
});
