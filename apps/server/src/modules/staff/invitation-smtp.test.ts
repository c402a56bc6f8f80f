import type { AddressInfo } from "node:net";
import { inviteCheckSchema } from "@keyholder/contracts/staff";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";

/** A real SMTP server in the test: the invitation travels the way it does in production. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
      callback();
    });
  },
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let org: Awaited<ReturnType<typeof signedInOrganization>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "http://keyholder.example" });
  org = await signedInOrganization(t, "Mailed Invitations");
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
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
  const mail = received.find((m) => m.to.includes("hana@example.com"));
  if (!mail) throw new Error(`no mail delivered: ${JSON.stringify(received)}`);
  // Quoted-printable: soft line breaks and escaped '='.
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
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
