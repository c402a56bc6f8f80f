import { sessionSchema } from "@keyholder/contracts/auth";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  emailVerificationMessages,
  VERIFICATION_RESENDS_PER_HOUR,
} from "@keyholder/contracts/email-verification";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { operatorAccountsSchema } from "@keyholder/contracts/operator";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { ensureOperator } from "../operator/ensure-operator.ts";
import { operatorUser, sessionFor } from "../operator/test-fixtures.ts";

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const PASSWORD = "Verify-Me-123!";
let seq = 0;

/** Issue item 19: a new account's email is confirmed by a mailed link; it works meanwhile. */
describe("email verification", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let operator: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "http://keyholder.example",
      AUTO_APPROVE_SIGNUPS: "true",
    });
    await ensureOperator(t.db, { OPERATOR_EMAIL: "ops@example.com", OPERATOR_PASSWORD: "Operator-Pass-1!" });
    operator = { kh_session: await sessionFor(t.db, await operatorUser(t.db)) };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload?: object, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: `/api/v1${url}`, headers, cookies, ...(payload ? { payload } : {}) });
  const get = (url: string, cookies: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/api/v1${url}`, cookies });

  async function signUp() {
    seq += 1;
    const email = `verify-${seq}@example.com`;
    const res = await post("/auth/create-account", {
      email,
      password: PASSWORD,
      first_name: "Vera",
      last_name: "Fied",
      phone: "(555) 123-4567",
      receive_marketing: false,
      accepted_terms: true,
      accepted_terms_date: new Date().toISOString(),
      company_name: `Verified Homes ${seq}`,
      num_of_units: 8,
      property_types: "Single-Family Home",
      current_software: "Spreadsheets",
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      email,
      session: sessionSchema.parse(res.json()),
      cookies: { kh_session: res.cookies.find((c) => c.name === "kh_session")?.value ?? "" },
    };
  }
  /** The token of the newest link delivered over SMTP to `email`. */
  async function mailedToken(email: string) {
    await t.app.mailer.idle();
    const mail = smtp.to(email).at(-1);
    expect(mail?.text).toContain("Subject: Confirm your email address for Keyholder");
    const token = /http:\/\/keyholder\.example\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error(`no link mailed to ${email}`);
    return token;
  }
  const unverified = async () =>
    operatorAccountsSchema.parse((await get("/operator/accounts?filter=unverified", operator)).json()).accounts;

  it("mails a link at sign-up; the account works meanwhile and the operator sees it unverified", async () => {
    const { email, session, cookies } = await signUp();
    expect(session.user.email_verified).toBe(false);
    const token = await mailedToken(email);
    const stored = await asSystem(t.db, (tx) => tx.execute(sql`select * from email_verification_tokens`));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await get("/properties/details", cookies)).statusCode).toBe(200);
    expect((await unverified()).map((a) => a.username)).toContain(email);

    const confirmed = await post("/auth/verify-email", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, username: email });
    expect(sessionSchema.parse((await get("/auth/session", cookies)).json()).user.email_verified).toBe(true);
    expect((await unverified()).map((a) => a.username)).not.toContain(email);

    const again = await post("/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(emailVerificationMessages.invalidToken);
    const resend = await post("/account/verify-email/resend", undefined, cookies);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.message).toBe(emailVerificationMessages.alreadyVerified);
  });

  it(`refuses an expired link (${EMAIL_VERIFICATION_TTL_HOURS} hours) and a made-up one`, async () => {
    const { email, cookies } = await signUp();
    const token = await mailedToken(email);
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update email_verification_tokens set expires_at = now() - interval '1 second'`),
    );
    expect((await post("/auth/verify-email", { token })).statusCode).toBe(400);
    expect((await post("/auth/verify-email", { token: "made-up" })).statusCode).toBe(400);
    expect(sessionSchema.parse((await get("/auth/session", cookies)).json()).user.email_verified).toBe(false);
  });

  it(`sends a new link on request, ending the older one, ${VERIFICATION_RESENDS_PER_HOUR} an hour`, async () => {
    const { email, cookies } = await signUp();
    const first = await mailedToken(email);
    const statuses: number[] = [];
    for (let i = 0; i < VERIFICATION_RESENDS_PER_HOUR + 1; i++) {
      const res = await post("/account/verify-email/resend", undefined, cookies);
      statuses.push(res.statusCode);
      if (res.statusCode === 200) expect(res.json()).toEqual({ ok: true, sent_to: email });
    }
    expect(statuses).toEqual([...Array(VERIFICATION_RESENDS_PER_HOUR).fill(200), 429]);
    const newest = await mailedToken(email);
    expect(smtp.to(email)).toHaveLength(1 + VERIFICATION_RESENDS_PER_HOUR);
    expect((await post("/auth/verify-email", { token: first })).statusCode).toBe(400);
    expect((await post("/auth/verify-email", { token: newest })).statusCode).toBe(200);
    expect((await post("/account/verify-email/resend")).statusCode).toBe(401);
  });
});
