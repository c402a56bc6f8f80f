import { sessionSchema } from "@keyholder/contracts/auth";
import {
  LOGIN_CHALLENGE_ATTEMPTS,
  RECOVERY_CODE_COUNT,
  recoveryCodesSchema,
  twoFactorMessages,
  twoFactorSetupSchema,
} from "@keyholder/contracts/two-factor";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Two-Factor-123!";

/** The code an authenticator app shows for `secret`, `stepsAhead` periods from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe("two-factor sign-in", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;
  let secret = "";
  let recovery: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Two Factor Homes", { password: PASSWORD });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const cookie = (res: { cookies: { name: string; value: string }[] }, name: string) =>
    res.cookies.find((c) => c.name === name)?.value;
  /** The password step; answers the second step's cookie. */
  const password = async () => {
    const res = await send("POST", "/auth/login", { org: null, payload: { username: org.email, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ two_factor_required: true });
    expect(cookie(res, "kh_session")).toBeUndefined();
    const challenge = cookie(res, "kh_2fa");
    if (!challenge) throw new Error("no second-step cookie");
    return challenge;
  };
  const second = (challenge: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/auth/two-factor",
      headers: { "x-keyholder-request": "1" },
      cookies: { kh_2fa: challenge },
      payload: payload as object,
    });

  it("enrols with a code of the app and the password, and shows ten recovery codes once", async () => {
    const setup = await send("POST", "/account/two-factor/setup");
    expect(setup.statusCode, setup.body).toBe(200);
    const body = twoFactorSetupSchema.parse(setup.json());
    secret = body.secret;
    expect(body.otpauth_url).toContain(`secret=${secret}`);
    expect(body.otpauth_url).toContain("issuer=Keyholder");
    expect(body.qr_svg).toMatch(/^<svg/);

    const wrongPassword = await send("POST", "/account/two-factor/enable", {
      payload: { password: "not it", code: codeOf(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await send("POST", "/account/two-factor/enable", {
      payload: { password: PASSWORD, code: codeOf(secret, 10) },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.message).toBe(twoFactorMessages.codeInvalid);

    const enabled = await send("POST", "/account/two-factor/enable", {
      payload: { password: PASSWORD, code: codeOf(secret) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    recovery = recoveryCodesSchema.parse(enabled.json()).recovery_codes;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
    const status = await send("GET", "/account/two-factor");
    expect(status.json()).toEqual({ enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT, required: false });
  });

  it("asks for a code after the password; a wrong one is refused, a right one signs in, each once", async () => {
    const challenge = await password();
    const wrong = await second(challenge, { code: codeOf(secret, 20) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(twoFactorMessages.codeInvalid);
    // The code enrolment used is spent: the next step's code works.
    const ok = await second(challenge, { code: codeOf(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = sessionSchema.parse(ok.json());
    expect(session.two_factor_required).toBe(false);
    expect(session.user.two_factor_enabled).toBe(true);
    const signedIn = { ...org, cookie: cookie(ok, "kh_session") ?? "" };
    expect((await send("GET", "/properties/details", { org: signedIn })).statusCode).toBe(200);
    // Spent with it: the challenge, and that step's code.
    expect((await second(challenge, { code: codeOf(secret, 1) })).statusCode).toBe(401);
    const again = await password();
    expect((await second(again, { code: codeOf(secret, 1) })).statusCode).toBe(400);
  });

  it("takes a recovery code once", async () => {
    const code = recovery[0] ?? "";
    const first = await second(await password(), { recovery_code: code.toLowerCase() });
    expect(first.statusCode, first.body).toBe(200);
    const reused = await second(await password(), { recovery_code: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(twoFactorMessages.recoveryInvalid);
    expect((await send("GET", "/account/two-factor")).json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it(`ends the second step after ${LOGIN_CHALLENGE_ATTEMPTS} wrong codes`, async () => {
    // A sign-in clears the account's count of wrong codes (the reused recovery code above counted).
    expect((await second(await password(), { recovery_code: recovery[1] ?? "" })).statusCode).toBe(200);
    const challenge = await password();
    for (let i = 0; i < LOGIN_CHALLENGE_ATTEMPTS; i++) {
      expect((await second(challenge, { code: "000000" })).statusCode).toBe(400);
    }
    const over = await second(challenge, { code: codeOf(secret, 1) });
    expect(over.statusCode).toBe(401);
    expect(over.json().error.message).toBe(twoFactorMessages.challengeExpired);
    expect((await second("not-a-challenge", { code: codeOf(secret) })).statusCode).toBe(401);
  });

  it("can be required of administrators, and is then not turned off", async () => {
    expect(
      (await send("PUT", "/organization/security", { payload: { require_two_factor_admins: true } })).statusCode,
    ).toBe(200);
    const refused = await send("POST", "/account/two-factor/disable", { payload: { password: PASSWORD } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(twoFactorMessages.requiredForAdmins);

    // Another administrator without it must set it up before working.
    await send("PUT", "/organization/security", { payload: { require_two_factor_admins: false } });
    expect((await send("POST", "/account/two-factor/disable", { payload: { password: PASSWORD } })).statusCode).toBe(
      200,
    );
    await send("PUT", "/organization/security", { payload: { require_two_factor_admins: true } });
    const session = sessionSchema.parse((await send("GET", "/auth/session")).json());
    expect(session.user.two_factor_setup_required).toBe(true);
    const blocked = await send("GET", "/properties/details");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    const setup = twoFactorSetupSchema.parse((await send("POST", "/account/two-factor/setup")).json());
    const enabled = await send("POST", "/account/two-factor/enable", {
      payload: { password: PASSWORD, code: codeOf(setup.secret) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await send("GET", "/properties/details")).statusCode).toBe(200);
  });
});
