import { desc } from "drizzle-orm";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-app.ts";
import { asSystem, type DatabaseHandle } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { createMailer } from "./mailer.ts";

const log = { warn: () => {}, error: () => {} };

describe("mailer", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const latest = async () =>
    (await asSystem(database.db, (tx) => tx.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1)))[0];

  it("records every message in the outbox when SMTP is not configured", async () => {
    const mailer = createMailer({ db: database.db, from: "Keyholder <no-reply@example.com>", log });
    await mailer.send({ to: "a@example.com", subject: "Hello", text: "Body text" });
    await mailer.idle();
    expect(await latest()).toMatchObject({
      toAddress: "a@example.com",
      subject: "Hello",
      textBody: "Body text",
      transport: "outbox",
      sentAt: null,
      error: null,
    });
  });

  it("sends over SMTP and records when it was sent", async () => {
    // nodemailer's stream transport stands in for an SMTP server: same Transporter interface.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: SendMailOptions) => {
      const info = await original(mail);
      sent.push(String((info as { message: Buffer }).message));
      return info;
    }) as typeof transport.sendMail;
    const mailer = createMailer({ db: database.db, transport, from: "Keyholder <no-reply@example.com>", log });
    await mailer.send({ to: "b@example.com", subject: "Over SMTP", text: "Hi" });
    await mailer.idle();
    const row = await latest();
    expect(row).toMatchObject({ toAddress: "b@example.com", transport: "smtp", error: null });
    expect(row?.sentAt).not.toBeNull();
    expect(sent[0]).toContain("From: Keyholder <no-reply@example.com>");
    expect(sent[0]).toContain("Subject: Over SMTP");
  });

  it("records a delivery failure without throwing to the caller", async () => {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: 1, connectionTimeout: 2000 });
    const mailer = createMailer({ db: database.db, transport, from: "x@example.com", log });
    await expect(mailer.send({ to: "c@example.com", subject: "Fails", text: "No" })).resolves.toBeUndefined();
    await mailer.idle();
    const row = await latest();
    expect(row).toMatchObject({ toAddress: "c@example.com", transport: "smtp", sentAt: null });
    expect(row?.error).toBeTruthy();
    await mailer.close();
  });
});
