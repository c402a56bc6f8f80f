import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { asSystem, type Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Records the message in mail_outbox and, with SMTP configured, starts delivering it. Never throws:
   * a mail problem must not fail the request that caused the mail (it is logged and recorded instead).
   */
  send(message: MailMessage): Promise<void>;
  /** What mail_outbox.transport records for a message written by its caller ("smtp" or "outbox"). */
  readonly transport: "smtp" | "outbox";
  /**
   * Starts delivering a message its caller recorded in mail_outbox itself (in the statement that
   * decided to send it: forgot-password does the same work whether or not the address is known).
   */
  deliver(id: number, message: MailMessage): void;
  /** Resolves when every delivery started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface MailerOptions {
  db: Database;
  /** SMTP delivery; without it the outbox table is where mail ends up (the operator reads it). */
  transport?: Transporter | undefined;
  from: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, transport, from, log } = options;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, message: MailMessage) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
      await asSystem(db, (tx) =>
        tx.update(mailOutbox).set({ sentAt: new Date().toISOString() }).where(eq(mailOutbox.id, id)),
      );
    } catch (err) {
      log.warn({ err, mailId: id }, "could not send mail over SMTP");
      const error = err instanceof Error ? err.message : String(err);
      await asSystem(db, (tx) =>
        tx
          .update(mailOutbox)
          .set({ error: error.slice(0, 2000) })
          .where(eq(mailOutbox.id, id)),
      ).catch((dbErr: unknown) => log.error({ err: dbErr, mailId: id }, "could not record a mail error"));
    }
  }

  // Delivery runs off the request's path: a slow SMTP server must not slow the answer.
  function start(id: number, message: MailMessage) {
    if (!transport) return;
    const job = deliver(id, message).finally(() => pending.delete(job));
    pending.add(job);
  }
  return {
    async send(message) {
      let id: number;
      try {
        const [row] = await asSystem(db, (tx) =>
          tx
            .insert(mailOutbox)
            .values({
              toAddress: message.to,
              subject: message.subject,
              textBody: message.text,
              transport: transport ? "smtp" : "outbox",
              attachments: (message.attachments ?? []).map((a) => ({
                filename: a.filename,
                content_type: a.contentType,
                bytes: a.content.length,
              })),
            })
            .returning({ id: mailOutbox.id }),
        );
        if (!row) throw new Error("insert returned no row");
        id = row.id;
      } catch (err) {
        log.error({ err }, "could not record mail in the outbox");
        return;
      }
      start(id, message);
    },
    transport: transport ? "smtp" : "outbox",
    deliver: start,
    async idle() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}
