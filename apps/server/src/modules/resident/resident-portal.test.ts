import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { leaseLedgerSchema } from "@keyholder/contracts/lease-ledger";
import {
  type ResidentRequestFormInput,
  residentLeaseResponseSchema,
  residentRequestListSchema,
  residentRequestResponseSchema,
  residentSessionSchema,
} from "@keyholder/contracts/resident";
import { twoFactorSetupSchema } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp, movedInLeases } from "../../../test/lease-fixture.ts";
import { withResident } from "../../db/client.ts";
import { ledgerApi, ledgerOrganization, systemRows } from "../ledger/ledger-fixture.ts";
import { totpOf } from "../two-factor/totp.ts";

const { t, org, send } = await leaseTestApp("Resident Alpha", { properties: 7 });
const moveIn = movedInLeases({ t, org, send });
const PASSWORD = "Resident-Portal-Pass-1!";

/** A call to the resident API with the resident's cookie (or none). */
const resident = (method: "GET" | "POST", url: string, o: { cookie?: string | null; payload?: object } = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    cookies: o.cookie ? { kh_resident: o.cookie } : {},
    ...(o.payload ? { payload: o.payload } : {}),
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === "kh_resident")?.value ?? "";

async function withEmail(tenantId: string, email: string) {
  await systemRows(t, sql`update tenants set email = ${email} where id = ${tenantId}`);
}
async function lastMailTo(email: string) {
  const [row] = await systemRows<{ text_body: string; subject: string }>(
    t,
    sql`select text_body, subject from mail_outbox where to_address = ${email} order by id desc limit 1`,
  );
  return row;
}
const tokenOf = (body: string) => /resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";

/** Invites the lease's tenant, accepts the mailed link with a password: the resident's cookie. */
async function residentOf(lease: { id: string; tenantId: string }, email: string) {
  await withEmail(lease.tenantId, email);
  const invited = await send("POST", `/leases/${lease.id}/resident-invitations`, {
    payload: { tenant_id: lease.tenantId },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = tokenOf((await lastMailTo(email))?.text_body ?? "");
  const accepted = await resident("POST", "/resident/accept", { payload: { token, password: PASSWORD } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return cookieOf(accepted);
}

const problem = (o: Partial<ResidentRequestFormInput> = {}): ResidentRequestFormInput => ({
  category: "plumbing",
  priority: "urgent",
  title: "Kitchen sink leaks",
  description: "Water under the sink",
  location: "Kitchen",
  permission_to_enter: true,
  pets_present: false,
  preferred_times: "Weekdays after 3pm",
  ...o,
});

describe("resident portal (decision 036)", () => {
  it("invite → mail → accept → sign in → lease, balance, ledger, statement, requests", async () => {
    const lease = await moveIn({ rent_cents: 95_000, deposit_cents: 50_000 });
    await withEmail(lease.tenantId, "ria@example.com");
    const invited = await send("POST", `/leases/${lease.id}/resident-invitations`, {
      payload: { tenant_id: lease.tenantId },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().email).toBe("ria@example.com");
    const mail = await lastMailTo("ria@example.com");
    expect(mail?.subject).toContain("Resident Alpha");
    const token = tokenOf(mail?.text_body ?? "");
    expect(token).toHaveLength(43);
    // Only the hash is stored.
    const stored = await systemRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from resident_invitations where token_hash = ${token}`,
    );
    expect(stored[0]?.n).toBe(0);

    const portalOf = async () =>
      (await send("GET", `/leases/${lease.id}`)).json().lease.parties[0].resident_portal as string;
    expect(await portalOf()).toBe("invited");

    const check = await resident("GET", `/resident/invitation?token=${token}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ email: "ria@example.com", organization_name: "Resident Alpha" });

    // The staff password rules and messages.
    const weak = await resident("POST", "/resident/accept", { payload: { token, password: "short" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password.length).toBeGreaterThan(0);

    const accepted = await resident("POST", "/resident/accept", { payload: { token, password: PASSWORD } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(residentSessionSchema.parse(accepted.json()).organization_name).toBe("Resident Alpha");
    expect(await portalOf()).toBe("active");
    // Single use.
    const again = await resident("POST", "/resident/accept", { payload: { token, password: PASSWORD } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("INVITATION_USED");

    const wrong = await resident("POST", "/resident/sign-in", {
      payload: { email: "ria@example.com", password: "nope" },
    });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await resident("POST", "/resident/sign-in", {
      payload: { email: "RIA@example.com", password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookieOf(signedIn);

    const leaseRes = await resident("GET", "/resident/lease", { cookie });
    expect(leaseRes.statusCode, leaseRes.body).toBe(200);
    const mine = residentLeaseResponseSchema.parse(leaseRes.json()).lease;
    expect(mine.id).toBe(lease.id);
    expect(mine.rent_cents).toBe(95_000);
    const staffLedger = leaseLedgerSchema.parse((await send("GET", `/leases/${lease.id}/ledger`)).json());
    expect(mine.balance_cents).toBe(staffLedger.balance_cents);
    expect(mine.parties.map((p) => p.role)).toEqual(["primary"]);

    const ledger = await resident("GET", "/resident/ledger", { cookie });
    expect(ledger.statusCode, ledger.body).toBe(200);
    const rows = leaseLedgerSchema.parse(ledger.json());
    expect(rows.rows.length).toBe(staffLedger.rows.length);
    expect(rows.rows.at(-1)?.balance_cents).toBe(staffLedger.closing_balance_cents);

    const pdf = await resident("GET", "/resident/ledger/statement.pdf", { cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const created = await resident("POST", "/resident/maintenance-requests", { cookie, payload: problem() });
    expect(created.statusCode, created.body).toBe(201);
    const request = residentRequestResponseSchema.parse(created.json()).request;
    expect(request).toMatchObject({ status: "new", priority: "urgent", title: "Kitchen sink leaks" });
    const [row] = await systemRows<Record<string, unknown>>(
      t,
      sql`select channel, tenant_id, lease_id, recorded_by, unit_id from maintenance_requests where id = ${request.id}`,
    );
    expect(row).toMatchObject({
      channel: "resident_portal",
      tenant_id: lease.tenantId,
      lease_id: lease.id,
      recorded_by: null,
    });
    expect(Number(row?.unit_id)).toBe(lease.unitId);
    // Staff see it in the workspace.
    const staffView = await send("GET", `/maintenance-requests/${request.id}`);
    expect(staffView.statusCode, staffView.body).toBe(200);

    const emergency = await resident("POST", "/resident/maintenance-requests", {
      cookie,
      payload: problem({ priority: "emergency" as never }),
    });
    expect(emergency.statusCode).toBe(400);

    // Staff triage it: the resident is emailed, and sees the new status.
    const moved = await send("POST", `/maintenance-requests/${request.id}/status`, { payload: { status: "triaged" } });
    expect(moved.statusCode, moved.body).toBe(200);
    const statusMail = await lastMailTo("ria@example.com");
    expect(statusMail?.subject).toBe(`Your maintenance request ${request.request_no} is now Triaged`);

    const list = residentRequestListSchema.parse(
      (await resident("GET", "/resident/maintenance-requests", { cookie })).json(),
    );
    expect(list.requests.map((r) => [r.id, r.status])).toEqual([[request.id, "triaged"]]);

    const out = await resident("POST", "/resident/sign-out", { cookie });
    expect(out.statusCode).toBe(204);
    expect((await resident("GET", "/resident/lease", { cookie })).statusCode).toBe(401);
  });

  it("a staff session is refused on the resident API, a resident session on the workspace's", async () => {
    const lease = await moveIn({});
    const cookie = await residentOf(lease, "sam@example.com");
    const staffOnResident = await t.app.inject({
      method: "GET",
      url: "/api/v1/resident/lease",
      cookies: { kh_session: org.cookie },
    });
    expect(staffOnResident.statusCode).toBe(401);
    // The resident's token under the workspace's cookie name is no session either.
    for (const cookies of [{ kh_resident: cookie }, { kh_session: cookie }] as Record<string, string>[]) {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/leases", cookies });
      expect(res.statusCode).toBe(401);
      const ledger = await t.app.inject({ method: "GET", url: `/api/v1/leases/${lease.id}/ledger`, cookies });
      expect(ledger.statusCode).toBe(401);
    }
  });

  it("a resident reads nothing of another lease of the organization, nor of another organization", async () => {
    const a = await moveIn({});
    const b = await moveIn({});
    const aCookie = await residentOf(a, "alice@example.com");
    const bCookie = await residentOf(b, "bob@example.com");
    const bRequest = residentRequestResponseSchema.parse(
      (await resident("POST", "/resident/maintenance-requests", { cookie: bCookie, payload: problem() })).json(),
    ).request;

    // Naming another lease, tenant or property in the body changes nothing: the session decides.
    const aimed = await resident("POST", "/resident/maintenance-requests", {
      cookie: aCookie,
      payload: { ...problem(), lease_id: b.id, tenant_id: b.tenantId, property_id: org.propertyIds[4] },
    });
    expect(aimed.statusCode, aimed.body).toBe(201);
    const [aimedRow] = await systemRows<{ lease_id: string; tenant_id: string }>(
      t,
      sql`select lease_id, tenant_id from maintenance_requests where id = ${aimed.json().request.id}`,
    );
    expect(aimedRow).toEqual({ lease_id: a.id, tenant_id: a.tenantId });

    expect((await resident("GET", `/resident/lease?lease_id=${b.id}`, { cookie: aCookie })).statusCode).toBe(404);
    expect((await resident("GET", `/resident/ledger?lease_id=${b.id}`, { cookie: aCookie })).statusCode).toBe(404);
    expect(
      (await resident("GET", `/resident/ledger/statement.pdf?lease_id=${b.id}`, { cookie: aCookie })).statusCode,
    ).toBe(404);
    const aList = residentRequestListSchema.parse(
      (await resident("GET", "/resident/maintenance-requests", { cookie: aCookie })).json(),
    );
    expect(aList.requests.map((r) => r.id)).not.toContain(bRequest.id);

    // Another organization's resident.
    const bravo = await ledgerOrganization(t, "Resident Bravo");
    const bravoSend = ledgerApi(
      () => t,
      () => bravo,
    );
    const bravoLeases = movedInLeases({ t, org: bravo, send: bravoSend });
    const c = await bravoLeases({});
    await withEmail(c.tenantId, "cleo@example.com");
    const invited = await bravoSend("POST", `/leases/${c.id}/resident-invitations`, {
      payload: { tenant_id: c.tenantId },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const cToken = tokenOf((await lastMailTo("cleo@example.com"))?.text_body ?? "");
    const cCookie = cookieOf(
      await resident("POST", "/resident/accept", { payload: { token: cToken, password: PASSWORD } }),
    );
    expect((await resident("GET", `/resident/lease?lease_id=${a.id}`, { cookie: cCookie })).statusCode).toBe(404);
    const cList = residentRequestListSchema.parse(
      (await resident("GET", "/resident/maintenance-requests", { cookie: cCookie })).json(),
    );
    expect(cList.requests).toEqual([]);
    // Staff of bravo cannot invite to alpha's lease (404), nor alpha staff a tenant not on the lease (400).
    expect(
      (await bravoSend("POST", `/leases/${a.id}/resident-invitations`, { payload: { tenant_id: a.tenantId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send("POST", `/leases/${a.id}/resident-invitations`, { payload: { tenant_id: b.tenantId } })).statusCode,
    ).toBe(400);
  });

  it("the database: as keyholder_resident with lease A's ids, lease B's rows do not exist", async () => {
    const a = await moveIn({});
    const b = await moveIn({});
    const count = (leaseIds: string[], query: ReturnType<typeof sql>) =>
      withResident(t.db, { orgId: org.orgId, leaseIds }, async (tx) =>
        Number(((await tx.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n),
      );
    const tables = ["lease_parties", "lease_units", "lease_charges", "journal_lines", "lease_balances"];
    for (const table of tables) {
      const q = sql`select count(*)::int as n from ${sql.identifier(table)} where lease_id = ${b.id}`;
      expect(await count([a.id], q), table).toBe(0);
      expect(await count([b.id], q), table).toBeGreaterThan(0);
    }
    expect(await count([a.id], sql`select count(*)::int as n from leases where id = ${b.id}`)).toBe(0);
    expect(await count([a.id], sql`select count(*)::int as n from tenants where id = ${b.tenantId}`)).toBe(0);
    expect(await count([a.id], sql`select count(*)::int as n from tenants where id = ${a.tenantId}`)).toBe(1);
    // Entries only through the lease's own lines.
    const entriesB = await count([b.id], sql`select count(*)::int as n from journal_entries`);
    const entriesA = await count([a.id], sql`select count(*)::int as n from journal_entries`);
    expect(entriesA + entriesB).toBe(
      Number(
        (
          await systemRows<{ n: number }>(
            t,
            sql`select count(distinct entry_id)::int as n from journal_lines where lease_id in (${a.id}, ${b.id})`,
          )
        )[0]?.n,
      ),
    );
    // No grant at all on the workspace's people.
    for (const table of ["users", "staff", "sessions", "resident_accounts"]) {
      const err = (await count([a.id], sql`select count(*)::int as n from ${sql.identifier(table)}`).catch(
        (e: unknown) => e,
      )) as { message?: string; cause?: { message?: string } };
      expect(`${err.message} ${err.cause?.message}`, table).toMatch(/permission denied/);
    }
  });

  it("sign-in is rate limited per address and account, as staff sign-in is", async () => {
    const lease = await moveIn({});
    await residentOf(lease, "rate@example.com");
    const attempt = (password: string) =>
      resident("POST", "/resident/sign-in", { payload: { email: "rate@example.com", password } });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong-password")).statusCode).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
  });

  it("two-factor sign-in: set up with a code, then the password opens only the second step", async () => {
    const lease = await moveIn({});
    const cookie = await residentOf(lease, "tfa@example.com");
    const setup = await resident("POST", "/resident/two-factor/setup", { cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = twoFactorSetupSchema.parse(setup.json());
    const codeAt = (ms: number) => totpOf(secret, "").generate({ timestamp: ms });
    const wrongPassword = await resident("POST", "/resident/two-factor/enable", {
      cookie,
      payload: { password: "Not-The-Password-1!", code: codeAt(Date.now()) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const on = await resident("POST", "/resident/two-factor/enable", {
      cookie,
      payload: { password: PASSWORD, code: codeAt(Date.now()) },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await resident("GET", "/resident/two-factor", { cookie })).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });

    const first = await resident("POST", "/resident/sign-in", {
      payload: { email: "tfa@example.com", password: PASSWORD },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().two_factor_required).toBe(true);
    expect(cookieOf(first)).toBe("");
    const challenge = first.cookies.find((c) => c.name === "kh_resident_2fa")?.value ?? "";
    const second = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/resident/sign-in/two-factor",
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        cookies: { kh_resident_2fa: challenge },
        payload: { code },
      });
    const wrong = await second(codeAt(Date.now() - 10 * 60_000));
    expect(wrong.statusCode).toBe(400);
    // The next time step's code (one step of drift is accepted); the one used to enable is spent.
    const right = await second(codeAt(Date.now() + 30_000));
    expect(right.statusCode, right.body).toBe(200);
    const signedIn = cookieOf(right);
    expect((await resident("GET", "/resident/lease", { cookie: signedIn })).statusCode).toBe(200);
    // Spent: the challenge works once.
    expect((await second(codeAt(Date.now() + 30_000))).statusCode).toBe(401);

    const off = await resident("POST", "/resident/two-factor/disable", {
      cookie: signedIn,
      payload: { password: PASSWORD },
    });
    expect(off.json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    const plain = await resident("POST", "/resident/sign-in", {
      payload: { email: "tfa@example.com", password: PASSWORD },
    });
    expect(residentSessionSchema.parse(plain.json()).email).toBe("tfa@example.com");
  });

  it("a new invitation accepted sets a new password and ends the old sessions", async () => {
    const lease = await moveIn({});
    const before = await residentOf(lease, "again@example.com");
    expect((await resident("GET", "/resident/session", { cookie: before })).statusCode).toBe(200);
    const after = await residentOf(lease, "again@example.com");
    expect((await resident("GET", "/resident/session", { cookie: before })).statusCode).toBe(401);
    expect((await resident("GET", "/resident/session", { cookie: after })).statusCode).toBe(200);
  });

  it("invitation links: expired, replaced and unknown ones are refused", async () => {
    const lease = await moveIn({});
    await withEmail(lease.tenantId, "eve@example.com");
    const invite = async () => {
      const res = await send("POST", `/leases/${lease.id}/resident-invitations`, {
        payload: { tenant_id: lease.tenantId },
      });
      expect(res.statusCode, res.body).toBe(201);
      return tokenOf((await lastMailTo("eve@example.com"))?.text_body ?? "");
    };
    const first = await invite();
    const second = await invite();
    const replaced = await resident("POST", "/resident/accept", { payload: { token: first, password: PASSWORD } });
    expect(replaced.json().error.code).toBe("INVITATION_REPLACED");
    await systemRows(
      t,
      sql`update resident_invitations set expires_at = now() - interval '1 minute' where used_at is null and replaced_at is null
        and account_id = (select id from resident_accounts where email = 'eve@example.com')`,
    );
    const expired = await resident("POST", "/resident/accept", { payload: { token: second, password: PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe("INVITATION_EXPIRED");
    const unknown = await resident("POST", "/resident/accept", {
      payload: { token: "x".repeat(43), password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(404);
    // Not yet accepted: no sign-in.
    const signIn = await resident("POST", "/resident/sign-in", {
      payload: { email: "eve@example.com", password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
