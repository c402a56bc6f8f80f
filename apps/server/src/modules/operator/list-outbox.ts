import type { outboxMessageSchema } from "@keyholder/contracts/operator";
import { desc } from "drizzle-orm";
import type { z } from "zod";
import { asSystem, type Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

export const OUTBOX_LIMIT = 200;

/** The latest mail the platform recorded (all of it when SMTP is off), newest first. */
export function listOutbox(db: Database, limit = OUTBOX_LIMIT): Promise<z.infer<typeof outboxMessageSchema>[]> {
  return asSystem(db, (tx) =>
    tx
      .select({
        id: mailOutbox.id,
        to_address: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text_body: mailOutbox.textBody,
        created_at: mailOutbox.createdAt,
        sent_at: mailOutbox.sentAt,
        transport: mailOutbox.transport,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit),
  );
}
