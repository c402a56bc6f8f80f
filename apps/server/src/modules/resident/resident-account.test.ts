import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { passwordResetMessages, RESET_MAILS_PER_HOUR } from "@keyholder/contracts/password-reset";
import {
  residentInvitationResponseSchema,
  residentLeaseResponseSchema,
  residentRequestListSchema,
} from "@keyholder/contracts/resident";
import { residentLeaseListSchema, residentRecoveryCodesSchema } from "@keyholder/contracts/resident-account";
import { twoFactorSetupSchema } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addTenant, leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";
import { totpOf } from "../two-factor/totp.ts";

/** Decision 036, "Getting back in" and "Several leases": forgot password, recovery codes, a resident's leases. */
const { t, org, send } = await leaseTestApp("Resident Account Homes", { properties: 7 });
const moveIn = movedInLeases({ t, org, send });
const PASSWORD = "Resident-Portal-Pass-1!";

const resident = (
  method: "GET" | "POST",
  url: string,
  o: { cookie?: string | null; payload?: object; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    cookies: o.cookie ? { kh_resident: o.cookie } : {},
    remoteAddress: o.ip ?? "10.1.0.1",
    ...(o.payload ? { payload: o.payload } : {}),
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === "kh_resident")?.value ?? "";

async function mailsTo(email: string) {
  await t.app.backgroundSettled();
  return systemRows<{ text_body: string; subject: string }>(
    t,
    sql`select text_body, subject from mail_outbox where lower(to_address) = ${email.toLowerCase()} order by id`,
  );
}
const inviteToken = (body: string) => /resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";
const resetToken = (body: string) => /\/resident\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";

async function invite(lease: { id: string }, tenantId: string) {
  const invited = await send("POST", `/leases/${lease.id}/resident-invitations`, { payload: { tenant_id: tenantId } });
  expect(invited.statusCode, invited.body).toBe(201);
  return residentInvitationResponseSchema.parse(invited.json());
}

/** Invites the lease's tenant at `email`, accepts the mailed link: the resident's cookie. */
async function residentOf(lease: { id: string; tenantId: string }, email: string) {
  await systemRows(t, sql`update tenants set email = ${email} where id = ${lease.tenantId}`);
  await invite(lease, lease.tenantId);
  const token = inviteToken((await mailsTo(email)).at(-1)?.text_body ?? "");
  const accepted = await resident("POST", "/resident/accept", { payload: { token, password: PASSWORD } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return cookieOf(accepted);
}
const signIn = (email: string, password = PASSWORD) =>
  resident("POST", "/resident/sign-in", { payload: { email, password } });

describe("a resident's forgotten password", () => {
  it("answers the same for any address and mails a portal link only to a resident's", async () => {
    const lease = await moveIn({});
    await residentOf(lease, "forgot-1@example.com");
    const known = await resident("POST", "/resident/password-resets", { payload: { email: "Forgot-1@Example.com" } });
    const unknown = await resident("POST", "/resident/password-resets", { payload: { email: "nobody@example.com" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    const mails = await mailsTo("forgot-1@example.com");
    expect(mails.at(-1)?.subject).toBe("Reset your resident portal password");
    expect(resetToken(mails.at(-1)?.text_body ?? "")).toHaveLength(43);
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
    // A staff user's address is no resident's: no portal link for it.
    const staff = await resident("POST", "/resident/password-resets", { payload: { email: org.email } });
    expect(staff.body).toBe(known.body);
    expect((await mailsTo(org.email)).filter((m) => m.text_body.includes("/resident/reset-password"))).toHaveLength(0);
  });

  it("sets the password once, signs out every session, and the link is no staff link", async () => {
    const lease = await moveIn({});
    const email = "forgot-2@example.com";
    const cookie = await residentOf(lease, email);
    const other = cookieOf(await signIn(email));
    await resident("POST", "/resident/password-resets", { payload: { email } });
    const token = resetToken((await mailsTo(email)).at(-1)?.text_body ?? "");
    // The staff's reset refuses a resident's link.
    const asStaff = await resident("POST", "/auth/reset-password", {
      payload: { token, password: "Brand-New-Pass-1!" },
    });
    expect(asStaff.statusCode).toBe(400);
    const weak = await resident("POST", `/resident/password-resets/${token}`, { payload: { password: "short" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password.length).toBeGreaterThan(0);
    const done = await resident("POST", `/resident/password-resets/${token}`, {
      payload: { password: "Brand-New-Pass-1!" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    for (const c of [cookie, other])
      expect((await resident("GET", "/resident/lease", { cookie: c })).statusCode).toBe(401);
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(email, "Brand-New-Pass-1!")).statusCode).toBe(200);
    const again = await resident("POST", `/resident/password-resets/${token}`, {
      payload: { password: "Another-Pass-22!" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passwordResetMessages.invalidToken);
  });

  it("refuses an expired link, an unknown one and a staff link", async () => {
    const lease = await moveIn({});
    const email = "forgot-3@example.com";
    await residentOf(lease, email);
    await resident("POST", "/resident/password-resets", { payload: { email } });
    const token = resetToken((await mailsTo(email)).at(-1)?.text_body ?? "");
    await systemRows(
      t,
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where resident_account_id is not null`,
    );
    const expired = await resident("POST", `/resident/password-resets/${token}`, {
      payload: { password: "Brand-New-Pass-1!" },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(passwordResetMessages.invalidToken);
    const unknown = await resident("POST", "/resident/password-resets/made-up", {
      payload: { password: "Brand-New-Pass-1!" },
    });
    expect(unknown.statusCode).toBe(400);
    // A staff user's link does not set a resident's password (nor anyone's, here).
    await resident("POST", "/auth/forgot-password", { payload: { email: org.email }, ip: "10.1.9.9" });
    const staffMail = (await mailsTo(org.email)).at(-1)?.text_body ?? "";
    const staffToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(staffMail)?.[1] ?? "");
    expect(staffToken).not.toBe("");
    const crossed = await resident("POST", `/resident/password-resets/${encodeURIComponent(staffToken)}`, {
      payload: { password: "Brand-New-Pass-1!" },
    });
    expect(crossed.statusCode).toBe(400);
    expect((await signIn(email)).statusCode).toBe(200);
  });

  it(`is rate limited per address and mails one inbox ${RESET_MAILS_PER_HOUR} links an hour at most`, async () => {
    const lease = await moveIn({});
    const email = "forgot-4@example.com";
    await residentOf(lease, email);
    const before = (await mailsTo(email)).length;
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      const res = await resident("POST", "/resident/password-resets", { payload: { email }, ip: `10.2.0.${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await mailsTo(email)).length - before).toBe(RESET_MAILS_PER_HOUR);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await resident("POST", "/resident/password-resets", { payload: { email: "x@example.com" }, ip: "10.3.3.3" }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await resident("POST", "/resident/password-resets", {
      payload: { email: "x@example.com" },
      ip: "10.3.3.4",
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("a resident's recovery codes", () => {
  it("come with two-factor sign-in, each signs in once, and new ones replace them", async () => {
    const lease = await moveIn({});
    const email = "codes@example.com";
    const cookie = await residentOf(lease, email);
    const { secret } = twoFactorSetupSchema.parse(
      (await resident("POST", "/resident/two-factor/setup", { cookie })).json(),
    );
    const on = await resident("POST", "/resident/two-factor/enable", {
      cookie,
      payload: { password: PASSWORD, code: totpOf(secret, "").generate() },
    });
    expect(on.statusCode, on.body).toBe(200);
    const { recovery_codes: codes } = residentRecoveryCodesSchema.parse(on.json());
    expect(codes).toHaveLength(10);
    const stored = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from recovery_codes where code_hash = ${codes[0] ?? ""}`,
    );
    expect(stored[0]?.n).toBe(0);

    const secondStep = async (payload: object) => {
      const first = await signIn(email);
      expect(first.json().two_factor_required).toBe(true);
      const challenge = first.cookies.find((c) => c.name === "kh_resident_2fa")?.value ?? "";
      return t.app.inject({
        method: "POST",
        url: "/api/v1/resident/sign-in/two-factor",
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        cookies: { kh_resident_2fa: challenge },
        payload,
      });
    };
    const wrong = await secondStep({ recovery_code: "AAAAA-BBBBB" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("RECOVERY_CODE_INVALID");
    const used = await secondStep({ recovery_code: (codes[0] ?? "").toLowerCase() });
    expect(used.statusCode, used.body).toBe(200);
    expect((await resident("GET", "/resident/two-factor", { cookie: cookieOf(used) })).json()).toEqual({
      enabled: true,
      recovery_codes_left: 9,
    });
    expect((await secondStep({ recovery_code: codes[0] })).statusCode).toBe(400);

    const renewed = await resident("POST", "/resident/two-factor/recovery-codes", {
      cookie: cookieOf(used),
      payload: { password: PASSWORD },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = residentRecoveryCodesSchema.parse(renewed.json());
    expect(fresh.recovery_codes_left).toBe(10);
    expect((await secondStep({ recovery_code: codes[1] })).statusCode).toBe(400);
    expect((await secondStep({ recovery_code: fresh.recovery_codes[0] })).statusCode).toBe(200);
  });
});

describe("a resident on several leases", () => {
  it("picks the lease: lease, ledger, statement and requests answer it; another resident's lease is 404", async () => {
    const first = await moveIn({ rent_cents: 70_000, start_date: "2025-01-01", end_date: "2025-12-31" });
    const cookie = await residentOf(first, "mover@example.com");
    // The same tenant moves to another unit: a second lease, the current one.
    const second = await moveIn({ tenantId: first.tenantId, rent_cents: 90_000 });
    const stranger = await moveIn({});
    await residentOf(stranger, "stranger@example.com");

    const list = residentLeaseListSchema.parse((await resident("GET", "/resident/leases", { cookie })).json());
    expect(list.leases.map((l) => l.id)).toEqual([second.id, first.id]);
    const leaseOf = async (id?: string) => resident("GET", `/resident/lease${id ? `?lease_id=${id}` : ""}`, { cookie });
    expect(residentLeaseResponseSchema.parse((await leaseOf()).json()).lease.id).toBe(second.id);
    expect(residentLeaseResponseSchema.parse((await leaseOf(first.id)).json()).lease.rent_cents).toBe(70_000);
    expect((await resident("GET", `/resident/ledger?lease_id=${first.id}`, { cookie })).statusCode).toBe(200);
    const pdf = await resident("GET", `/resident/ledger/statement.pdf?lease_id=${first.id}`, { cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toContain(
      `lease-${residentLeaseResponseSchema.parse((await leaseOf(first.id)).json()).lease.lease_no}`,
    );

    const form = { category: "plumbing", priority: "normal", title: "Old unit's tap drips" };
    const made = await resident("POST", `/resident/maintenance-requests?lease_id=${first.id}`, {
      cookie,
      payload: form,
    });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await systemRows<{ lease_id: string; tenant_id: string }>(
      t,
      sql`select lease_id, tenant_id from maintenance_requests where id = ${made.json().request.id}`,
    );
    expect(row).toEqual({ lease_id: first.id, tenant_id: first.tenantId });
    const requestsOf = async (id: string) =>
      residentRequestListSchema.parse(
        (await resident("GET", `/resident/maintenance-requests?lease_id=${id}`, { cookie })).json(),
      ).requests;
    expect((await requestsOf(first.id)).map((r) => r.title)).toEqual(["Old unit's tap drips"]);
    expect(await requestsOf(second.id)).toEqual([]);

    // Another resident's lease, under every address that takes one.
    for (const url of [
      `/resident/lease?lease_id=${stranger.id}`,
      `/resident/ledger?lease_id=${stranger.id}`,
      `/resident/ledger/statement.pdf?lease_id=${stranger.id}`,
      `/resident/maintenance-requests?lease_id=${stranger.id}`,
    ]) {
      const res = await resident("GET", url, { cookie });
      expect(res.statusCode, url).toBe(404);
    }
    const foreign = await resident("POST", `/resident/maintenance-requests?lease_id=${stranger.id}`, {
      cookie,
      payload: form,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("a second tenant record of the same person joins their account and its leases", async () => {
    const first = await moveIn({});
    const email = "twice@example.com";
    const cookie = await residentOf(first, email);
    // The organization keeps the person twice (a second lease made with a new tenant record).
    const again = await addTenant(t, org, "Twice Again");
    await systemRows(t, sql`update tenants set email = 'Twice@Example.com' where id = ${again}`);
    const second = await moveIn({ tenantId: again });
    const mailsBefore = (await mailsTo(email)).length;
    const invited = await invite(second, again);
    expect(invited).toEqual({ outcome: "lease_added", email, expires_at: null });
    // Told, not re-invited: no link that would set a new password, the lease named.
    const told = (await mailsTo(email)).slice(mailsBefore);
    expect(told.map((m) => m.subject)).toEqual(["A lease was added to your resident portal at Resident Account Homes"]);
    expect(inviteToken(told[0]?.text_body ?? "")).toBe("");
    expect(told[0]?.text_body).toContain(`your lease at ${second.lease.property_name}, ${second.lease.unit_names} to`);
    expect(told[0]?.text_body).toContain("/resident/sign-in");
    expect((await signIn(email)).statusCode).toBe(200);
    // Still the same account and password: its sessions now reach both leases.
    const list = residentLeaseListSchema.parse((await resident("GET", "/resident/leases", { cookie })).json());
    expect(list.leases.map((l) => l.id).sort()).toEqual([first.id, second.id].sort());
    expect((await resident("GET", `/resident/lease?lease_id=${second.id}`, { cookie })).statusCode).toBe(200);
    const parties = (await send("GET", `/leases/${second.id}`)).json().lease.parties;
    expect(parties[0].resident_portal).toBe("active");
    // Once linked, inviting again is the way back in: a new link, as for the account's own tenant.
    expect((await invite(second, again)).outcome).toBe("invited");
    expect(inviteToken((await mailsTo(email)).at(-1)?.text_body ?? "")).toHaveLength(43);
    // A request on the second lease is the second tenant's, and its status mail reaches the account.
    const made = await resident("POST", `/resident/maintenance-requests?lease_id=${second.id}`, {
      cookie,
      payload: { category: "locks", priority: "normal", title: "Door sticks" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await systemRows<{ tenant_id: string }>(
      t,
      sql`select tenant_id from maintenance_requests where id = ${made.json().request.id}`,
    );
    expect(row?.tenant_id).toBe(again);
    const moved = await send("POST", `/maintenance-requests/${made.json().request.id}/status`, {
      payload: { status: "triaged" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await mailsTo(email)).at(-1)?.subject).toContain("is now Triaged");
    // A third tenant with another address still gets an account of their own.
    const other = await moveIn({});
    await systemRows(t, sql`update tenants set email = 'someone-else@example.com' where id = ${other.tenantId}`);
    await invite(other, other.tenantId);
    const otherList = residentLeaseListSchema.parse((await resident("GET", "/resident/leases", { cookie })).json());
    expect(otherList.leases).toHaveLength(2);
  });
});
