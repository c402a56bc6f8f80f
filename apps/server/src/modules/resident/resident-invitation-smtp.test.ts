import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { residentInvitationCheckSchema } from "@keyholder/contracts/resident";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { movedInLeases } from "../../../test/lease-fixture.ts";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { createTestApp } from "../../../test/test-app.ts";
import { ledgerApi, ledgerOrganization, systemRows } from "../ledger/ledger-fixture.ts";

/** A real SMTP server in the test: the resident's invitation travels the way it does in production. */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://keyholder.example", JOB_WORKER: "false" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("delivers the resident's invitation over SMTP with a link that opens it", async () => {
  const org = await ledgerOrganization(t, "Mailed Residents");
  const send = ledgerApi(
    () => t,
    () => org,
  );
  const lease = await movedInLeases({ t, org, send })({});
  await systemRows(t, sql`update tenants set email = 'noor@example.com' where id = ${lease.tenantId}`);
  const res = await send("POST", `/leases/${lease.id}/resident-invitations`, {
    payload: { tenant_id: lease.tenantId },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.mailer.idle();
  const [mail] = smtp.to("noor@example.com");
  if (!mail) throw new Error(`no mail delivered: ${JSON.stringify(smtp.received)}`);
  expect(mail.text).toContain("Subject: Your resident portal at Mailed Residents");
  const token = /http:\/\/keyholder\.example\/resident\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  const check = await t.app.inject({
    method: "GET",
    url: `/api/v1/resident/invitation?token=${token}`,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(check.statusCode, check.body).toBe(200);
  expect(residentInvitationCheckSchema.parse(check.json())).toMatchObject({
    email: "noor@example.com",
    organization_name: "Mailed Residents",
  });
});
