import { sessionSchema } from "@keyholder/contracts/auth";
import {
  recoveryCodesSchema,
  TWO_FACTOR_LOCK_AFTER,
  TWO_FACTOR_LOCK_MINUTES,
  twoFactorMessages,
  twoFactorSetupSchema,
} from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

const PASSWORD = "Locked-Out-123!";
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * Issue item 14: wrong second-step codes count per account across sign-ins and addresses; after a
 * few the account's code step pauses (the owner is mailed), recovery codes still work, and the
 * pause ends.
 */
describe("two-factor codes limited per account", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  let secret = "";
  let recovery: string[] = [];
  let address = 0;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://keyholder.example" });
    org = await signedInOrganization(t, "Guarded Homes", { password: PASSWORD });
    const send = apiSender(
      () => t.app,
      () => org,
    );
    secret = twoFactorSetupSchema.parse((await send("POST", "/account/two-factor/setup")).json()).secret;
    const enabled = await send("POST", "/account/two-factor/enable", {
      payload: { password: PASSWORD, code: codeOf(secret) },
    });
    recovery = recoveryCodesSchema.parse(enabled.json()).recovery_codes;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A sign-in from a client address never used before: the password, then one second step. */
  async function signIn(payload: object) {
    address += 1;
    const remoteAddress = `198.51.100.${address}`;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-keyholder-request": "1" },
      remoteAddress,
      payload: { username: org.email, password: PASSWORD },
    });
    expect(login.json()).toMatchObject({ two_factor_required: true });
    const challenge = login.cookies.find((c) => c.name === "kh_2fa")?.value ?? "";
    return t.app.inject({
      method: "POST",
      url: "/api/v1/auth/two-factor",
      headers: { "x-keyholder-request": "1" },
      cookies: { kh_2fa: challenge },
      remoteAddress,
      payload,
    });
  }

  it("pauses the code step after a few wrong codes from many addresses, and mails the owner once", async () => {
    const statuses: number[] = [];
    // Each address stays well under the per-sign-in and per-address limits.
    for (let i = 0; i < 12; i++) {
      const wrong = await signIn({ code: codeOf(secret, 40 + i) });
      statuses.push(wrong.statusCode);
    }
    expect(statuses.slice(0, TWO_FACTOR_LOCK_AFTER)).toEqual(Array(TWO_FACTOR_LOCK_AFTER).fill(400));
    expect(statuses.slice(TWO_FACTOR_LOCK_AFTER)).toEqual(Array(12 - TWO_FACTOR_LOCK_AFTER).fill(429));

    // Even the right code waits now, whichever address sends it.
    const right = await signIn({ code: codeOf(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({ code: "TWO_FACTOR_LOCKED", message: twoFactorMessages.locked });
    const retryAfter = Number(right.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan((TWO_FACTOR_LOCK_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(TWO_FACTOR_LOCK_MINUTES * 60);
    expect(right.cookies.find((c) => c.name === "kh_session")).toBeUndefined();

    await t.app.mailer.idle();
    const mails = smtp.to(org.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Subject: Two-factor sign-in paused on your Keyholder account");
    expect(mails[0]?.text).toContain(`${TWO_FACTOR_LOCK_AFTER} wrong two-factor codes`);
    expect(mails[0]?.text).toContain("http://keyholder.example/forgot-password");
  });

  it("still lets the owner in with a recovery code, which ends the pause", async () => {
    const res = await signIn({ recovery_code: recovery[0] ?? "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionSchema.parse(res.json()).user.username).toBe(org.email);
  });

  it("ends the pause by itself, and a longer one follows the next run of wrong codes", async () => {
    for (let i = 0; i < TWO_FACTOR_LOCK_AFTER; i++) {
      expect((await signIn({ code: codeOf(secret, 60 + i) })).statusCode).toBe(400);
    }
    const paused = await signIn({ code: codeOf(secret, 1) });
    expect(paused.statusCode).toBe(429);
    // The second pause in a day is twice as long.
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan((2 * TWO_FACTOR_LOCK_MINUTES - 1) * 60);
    // Time passes: the pause's end is moved to the past.
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update user_two_factor set locked_until = now() - interval '1 second'`),
    );
    const after = await signIn({ code: codeOf(secret, 1) });
    expect(after.statusCode, after.body).toBe(200);
    await t.app.mailer.idle();
    expect(smtp.to(org.email)).toHaveLength(2);
  });

  it("counts guesses sent at the same time one by one", async () => {
    // A sign-in clears the count (the pause above has ended).
    expect((await signIn({ recovery_code: recovery[1] ?? "" })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn({ code: codeOf(secret, 80 + i) })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(TWO_FACTOR_LOCK_AFTER).fill(400),
      ...Array(12 - TWO_FACTOR_LOCK_AFTER).fill(429),
    ]);
  });
});
