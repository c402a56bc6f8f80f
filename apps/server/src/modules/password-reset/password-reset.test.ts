import { authMessages } from "@keyholder/contracts/auth";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { passwordResetMessages, RESET_MAILS_PER_HOUR } from "@keyholder/contracts/password-reset";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { mailOutbox, organizations, passwordResetTokens, roles, sessions, users } from "../../db/schema/index.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { createSession } from "../../lib/sessions.ts";

describe("forgot and reset password", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://keys.example.com" });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress = "10.0.0.1") =>
    t.app.inject({ method: "POST", url, payload, headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE }, remoteAddress });

  async function insertUser() {
    n += 1;
    const email = `reset-${n}-${Date.now()}@example.com`;
    return asSystem(t.db, async (tx) => {
      const [org] = await tx
        .insert(organizations)
        .values({ name: `Reset Org ${email}`, waitlistStatus: "approved" })
        .returning();
      const [role] = await tx.select().from(roles).where(eq(roles.name, "ADMIN"));
      const [user] = await tx
        .insert(users)
        .values({ organizationId: org?.id ?? "", roleId: role?.id ?? 0, username: email, passwordHash: "old" })
        .returning();
      if (!user) throw new Error("no user");
      const session = await createSession(tx, user, {});
      return { user, email, session };
    });
  }

  // The mail goes after the answer (a known email must not answer slower than an unknown one).
  const mailsTo = async (email: string) => {
    await t.app.backgroundSettled();
    return asSystem(t.db, (tx) =>
      tx.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${email.toLowerCase()}`),
    );
  };

  async function requestLink(email: string) {
    const res = await post("/api/v1/auth/forgot-password", { email });
    expect(res.statusCode).toBe(200);
    const [mail] = (await mailsTo(email)).slice(-1);
    const token = mail?.textBody.match(/https:\/\/keys\.example\.com\/reset-password\?token=(\S+)/)?.[1];
    if (!token) throw new Error("no link mailed");
    return decodeURIComponent(token);
  }

  it("answers the same for a known and an unknown email, and mails a link only to the known one", async () => {
    const { email } = await insertUser();
    const known = await post("/api/v1/auth/forgot-password", { email: email.toUpperCase() });
    const unknown = await post("/api/v1/auth/forgot-password", { email: "nobody-here@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true });
    expect(unknown.body).toBe(known.body);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toMatch(/https:\/\/keys\.example\.com\/reset-password\?token=/);
    expect(await mailsTo("nobody-here@example.com")).toHaveLength(0);
  });

  it("sets the new password once, ends every session, and refuses the link a second time", async () => {
    const { user, session, email } = await insertUser();
    const token = await requestLink(email);
    const res = await post("/api/v1/auth/reset-password", { token, password: "Brand-New-Pass-1!" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [updated] = await asSystem(t.db, (tx) => tx.select().from(users).where(eq(users.username, email)));
    expect(await verifyPassword(updated?.passwordHash ?? "", "Brand-New-Pass-1!")).toBe(true);
    const left = await asSystem(t.db, (tx) => tx.select().from(sessions).where(eq(sessions.userId, user.id)));
    expect(left.filter((s) => s.tokenHash === session.tokenHash)).toHaveLength(0);
    // The old cookie no longer signs anyone in (any signed-in route would do; this one answers 401 first).
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/outbox",
      cookies: { [t.app.sessionCookieName]: session.token },
    });
    expect(me.statusCode).toBe(401);

    const again = await post("/api/v1/auth/reset-password", { token, password: "Another-Pass-22!" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passwordResetMessages.invalidToken);
  });

  it("ends every older link when a password is reset or changed", async () => {
    const { email } = await insertUser();
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(
      (await post("/api/v1/auth/reset-password", { token: newer, password: "Brand-New-Pass-1!" })).statusCode,
    ).toBe(200);
    const stale = await post("/api/v1/auth/reset-password", { token: older, password: "Another-Pass-22!" });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(passwordResetMessages.invalidToken);

    const afterReset = await requestLink(email);
    const login = await post("/api/v1/auth/login", { username: email, password: "Brand-New-Pass-1!" });
    const cookie = login.cookies.find((c) => c.name === t.app.sessionCookieName)?.value ?? "";
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/v1/account/password",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { [t.app.sessionCookieName]: cookie },
      payload: { current_password: "Brand-New-Pass-1!", new_password: "Changed-Pass-333!" },
    });
    expect(changed.statusCode).toBe(200);
    const afterChange = await post("/api/v1/auth/reset-password", { token: afterReset, password: "Another-Pass-22!" });
    expect(afterChange.statusCode).toBe(400);
  });

  it("refuses an expired link and an unknown token", async () => {
    const { email } = await insertUser();
    const token = await requestLink(email);
    await asSystem(t.db, (tx) =>
      tx.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(sql`true`),
    );
    const expired = await post("/api/v1/auth/reset-password", { token, password: "Brand-New-Pass-1!" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(passwordResetMessages.invalidToken);
    const unknown = await post("/api/v1/auth/reset-password", { token: "made-up", password: "Brand-New-Pass-1!" });
    expect(unknown.json().error.message).toBe(passwordResetMessages.invalidToken);
    const [user] = await asSystem(t.db, (tx) => tx.select().from(users).where(eq(users.username, email)));
    expect(user?.passwordHash).toBe("old");
  });

  it("refuses a weak password with the sign-up rules' messages and keeps the link usable", async () => {
    const { email } = await insertUser();
    const token = await requestLink(email);
    const weak = await post("/api/v1/auth/reset-password", { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toEqual(
      expect.arrayContaining([
        authMessages.passwordLength,
        authMessages.passwordNumber,
        authMessages.passwordUppercase,
      ]),
    );
    const ok = await post("/api/v1/auth/reset-password", { token, password: "Brand-New-Pass-1!" });
    expect(ok.statusCode).toBe(200);
  });

  it(`mails one address at most ${RESET_MAILS_PER_HOUR} links an hour, whichever addresses ask`, async () => {
    const { email } = await insertUser();
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      expect((await post("/api/v1/auth/forgot-password", { email }, `10.7.0.${i + 1}`)).statusCode).toBe(200);
    }
    expect(await mailsTo(email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it("rate-limits one address that keeps asking", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await post("/api/v1/auth/forgot-password", { email: "flood@example.com" }, "10.9.9.9")).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await post("/api/v1/auth/forgot-password", { email: "flood@example.com" }, "10.9.9.8")).statusCode).toBe(
      200,
    );
  });
});
