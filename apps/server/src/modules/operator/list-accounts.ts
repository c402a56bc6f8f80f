import {
  OPERATOR_ACCOUNTS_LIMIT,
  type OperatorAccount,
  type operatorAccountsQuerySchema,
} from "@keyholder/contracts/operator";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql } from "../../lib/list-sql.ts";

type Query = z.infer<typeof operatorAccountsQuerySchema>;
type Row = Omit<OperatorAccount, "user_id"> & { user_id: number | string; total: number | string };

const filters: Record<Query["filter"], SQL> = {
  all: sql`true`,
  unverified: sql`not u.email_verified`,
  banned: sql`u.banned`,
};

/** The columns of one account as the operator sees it; `where` picks the accounts. */
export async function selectAccounts(tx: Tx, where: SQL, limit = OPERATOR_ACCOUNTS_LIMIT) {
  const { rows } = (await tx.execute(sql`
    select u.organization_id, o.name as organization_name, u.id as user_id, u.username,
      coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.username) as name,
      r.display_name as role, u.email_verified, u.banned, u.is_operator,
      ${isoTimestampSql(sql`u.last_login`)} as last_login, ${isoTimestampSql(sql`u.created_date`)} as created_date,
      count(*) over () as total
    from users u
    join organizations o on o.id = u.organization_id
    join roles r on r.id = u.role_id
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where ${where}
    order by u.created_date desc, u.id desc
    limit ${limit}`)) as unknown as { rows: Row[] };
  return {
    accounts: rows.map(({ total: _total, ...r }) => ({ ...r, user_id: Number(r.user_id) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * Every organization's accounts, newest first, for the operator (issue item 19): all, those whose
 * email is not confirmed, or the banned; `q` finds a login name, person or organization.
 */
export function listAccounts(tx: Tx, query: Query) {
  const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = query.q
    ? sql`(lower(u.username) like ${pattern} or lower(o.name) like ${pattern}
        or lower(concat_ws(' ', p.first_name, p.last_name)) like ${pattern})`
    : sql`true`;
  return selectAccounts(tx, sql`${filters[query.filter]} and ${search}`);
}
