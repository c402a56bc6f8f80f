import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mail the platform sends (waitlist decisions, password resets). Always recorded; when SMTP is not
 * configured this table is the outbox the operator reads. Platform-level: the request role has no
 * grant on it, only the operator's system transactions read it.
 */
export const mailOutbox = pgTable("mail_outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }),
  transport: text("transport").notNull(),
  error: text("error"),
  /** The files it carried, by name, type and size (the bytes travel with the mail, never kept here). */
  attachments: jsonb("attachments")
    .$type<{ filename: string; content_type: string; bytes: number }[]>()
    .notNull()
    .default([]),
});
