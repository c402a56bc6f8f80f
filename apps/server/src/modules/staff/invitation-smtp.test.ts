import { inviteCheckSchema } from "@keyholder/contracts/staff";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";

/** A real SMTP server in the test: the invitation travels the way it does in production. */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let org: Awaited<ReturnType<typeof signedInOrganization>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://keyholder.example" });
  org = await signedInOrganization(t, "Mailed Invitations");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("delivers the invitation over SMTP with a link that opens it", async () => {
  const send = apiSender(
    () => t.app,
    () => org,
  );
  const res = await send("POST", "/staff", {
    payload: { email: "hana@example.com", name: "Hana", is_public_contact: false },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.mailer.idle();
  const [mail] = smtp.to("hana@example.com");
  if (!mail) throw new Error(`no mail delivered: ${JSON.stringify(smtp.received)}`);
  // Quoted-printable: soft line breaks and escaped '='.
  const body = mail.text;
  expect(body).toContain("Subject: You're invited to join Mailed Invitations on Keyholder");
  const token = /http:\/\/keyholder\.example\/staff-onboarding\?invite=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!token) throw new Error(`no link in ${body}`);
  const check = await send("GET", `/staff/invite/verify-invite?guid=${token}`, { org: null });
  expect(check.statusCode, check.body).toBe(200);
  expect(inviteCheckSchema.parse(check.json())).toMatchObject({
    email: "hana@example.com",
    organization_name: "Mailed Invitations",
  });
});
