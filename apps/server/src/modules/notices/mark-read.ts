import { noticeMessages } from "@keyholder/contracts/notices";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { addressedTo, type Reader } from "./addressed.ts";

/** Marks one of the reader's open notices read (for them only); 404 when it is not one of theirs. */
export async function markNoticeRead(tx: Tx, reader: Reader, id: number): Promise<void> {
  const { rows } = (await tx.execute(sql`
    select n.id from notices n where n.organization_id = ${reader.orgId} and n.id = ${id} and ${addressedTo(reader)}`)) as unknown as {
    rows: unknown[];
  };
  if (!rows.length) throw notFound(noticeMessages.notFound);
  await tx.execute(sql`insert into notice_reads (organization_id, notice_id, user_id)
    values (${reader.orgId}, ${id}, ${reader.userId}) on conflict do nothing`);
}

/** Marks every open notice of the reader read. */
export async function markAllNoticesRead(tx: Tx, reader: Reader): Promise<void> {
  await tx.execute(sql`insert into notice_reads (organization_id, notice_id, user_id)
    select n.organization_id, n.id, ${reader.userId} from notices n
    where n.organization_id = ${reader.orgId} and ${addressedTo(reader)}
    on conflict do nothing`);
}
