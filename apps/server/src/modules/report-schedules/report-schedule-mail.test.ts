import { reportScheduleSchema } from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { pdfPages } from "../../../test/report-files.ts";
import { startSmtpCatcher } from "../../../test/smtp-catcher.ts";
import { systemRows } from "../ledger/ledger-fixture.ts";

/** A real SMTP server: the statement travels as it does in production, the PDF inside the mail. */
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const { t, org, send } = await leaseTestApp("Attached Arms", {
  env: { SMTP_URL: smtp.url, PUBLIC_URL: "http://keyholder.example" },
});

it("mails a scheduled report as a PDF attached to the mail, with the link to the same file", async () => {
  const made = await send("POST", "/report-schedules", { payload: { report: "rent-roll", day_of_month: 1 } });
  expect(made.statusCode, made.body).toBe(201);
  const schedule = reportScheduleSchema.parse(made.json());
  await systemRows(
    t,
    sql`update report_schedules set last_period = (date_trunc('month', now()) - interval '1 month')::date
      where id = ${schedule.id}`,
  );
  await t.app.jobs.tick();
  await t.app.jobs.drain();
  await t.app.mailer.idle();

  const [mail] = smtp.to(org.email);
  if (!mail) throw new Error(`no mail delivered: ${smtp.received.length} received`);
  const parsed = await simpleParser(mail.raw);
  expect(parsed.subject).toBe("Rent roll is ready");
  const [attachment] = parsed.attachments;
  expect(parsed.attachments).toHaveLength(1);
  expect(attachment?.contentType).toBe("application/pdf");
  expect(attachment?.filename).toMatch(/^rent-roll.*\.pdf$/);
  const link = /http:\/\/keyholder\.example\/api\/v1\/report-runs\/([0-9a-f-]{36})\/file/.exec(parsed.text ?? "");
  if (!link) throw new Error(`no link in ${parsed.text}`);

  // The attachment is the very file Downloads keeps, and reads as the rent roll.
  const file = await send("GET", `/report-runs/${link[1]}/file`);
  expect(file.statusCode).toBe(200);
  expect(Buffer.compare(file.rawPayload, attachment?.content ?? Buffer.alloc(0))).toBe(0);
  expect((await pdfPages(attachment?.content ?? Buffer.alloc(0))).join("\n")).toContain("Rent roll\nAttached Arms");

  // The outbox records what it carried, never the bytes.
  const [row] = await systemRows<{ attachments: { filename: string; content_type: string; bytes: number }[] }>(
    t,
    sql`select attachments from mail_outbox where to_address = ${org.email} order by id desc limit 1`,
  );
  expect(row?.attachments).toEqual([
    { filename: attachment?.filename, content_type: "application/pdf", bytes: attachment?.content.length },
  ]);
});
