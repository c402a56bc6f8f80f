import { NOTICES_LIMIT, type NoticeList, noticeSubjectSchema } from "@keyholder/contracts/notices";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql } from "../../lib/list-sql.ts";
import { addressedTo, type Reader } from "./addressed.ts";

type Row = {
  id: number | string;
  kind: string;
  title: string;
  body: string | null;
  subject_type: string | null;
  subject_id: string | null;
  created_at: string;
  read: boolean;
  unread_count: number | string;
};

/**
 * The reader's open notices, newest first (at most NOTICES_LIMIT), each with whether they have read
 * it, and how many of all of them they have not: one statement, the count taken before the limit.
 */
export async function listNotices(tx: Tx, reader: Reader): Promise<NoticeList> {
  const { rows } = (await tx.execute(sql`
    select n.id, n.kind, n.title, n.body, n.subject_type, n.subject_id,
      ${isoTimestampSql(sql`n.created_at`)} as created_at, r.user_id is not null as read,
      count(*) filter (where r.user_id is null) over () as unread_count
    from notices n
    left join notice_reads r on r.organization_id = n.organization_id and r.notice_id = n.id and r.user_id = ${reader.userId}
    where ${addressedTo(reader)}
    order by n.created_at desc, n.id desc
    limit ${NOTICES_LIMIT}`)) as unknown as { rows: Row[] };
  return {
    notices: rows.map((r) => {
      const subject = noticeSubjectSchema.safeParse({ type: r.subject_type, id: r.subject_id });
      return {
        id: Number(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body,
        subject: subject.success ? subject.data : null,
        created_at: String(r.created_at),
        read: Boolean(r.read),
      };
    }),
    unread_count: Number(rows[0]?.unread_count ?? 0),
  };
}
