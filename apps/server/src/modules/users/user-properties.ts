import { errorMessages } from "@keyholder/contracts/errors";
import { type SetUserProperties, type UserProperties, userMessages } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";

type Rows<T> = { rows: T[] };

async function userOf(tx: Tx, userId: number) {
  const { rows } = (await tx.execute(sql`
    select u.all_properties, r.name as role from users u join roles r on r.id = u.role_id
    where u.id = ${userId}`)) as unknown as Rows<{ all_properties: boolean; role: string }>;
  const user = rows[0];
  if (!user) throw notFound(userMessages.notFound);
  return { allProperties: user.all_properties || user.role === "ADMIN" || user.role === "OPERATOR", role: user.role };
}

/** The properties a user works on: all of them, or the listed ones by name. */
export async function getUserProperties(tx: Tx, userId: number): Promise<UserProperties> {
  const user = await userOf(tx, userId);
  if (user.allProperties) return { all_properties: true, properties: [] };
  const { rows } = (await tx.execute(sql`
    select p.id, p.name from user_properties up
    join properties p on p.organization_id = up.organization_id and p.id = up.property_id
    where up.user_id = ${userId} order by p.name, p.id`)) as unknown as Rows<{ id: string; name: string }>;
  return { all_properties: false, properties: rows.map((r) => ({ id: String(r.id), name: r.name })) };
}

/**
 * Gives a user all properties or a list of them. Counts from their next request: the session
 * reads the list every time.
 */
export async function setUserProperties(
  tx: Tx,
  actor: Actor,
  userId: number,
  input: SetUserProperties,
): Promise<UserProperties> {
  const user = await userOf(tx, userId);
  if (user.role === "ADMIN" || user.role === "OPERATOR") {
    if (input.all_properties) return getUserProperties(tx, userId);
    throw new HttpError(409, "ADMINISTRATOR_SEES_ALL", userMessages.administratorsSeeAll);
  }
  const before = await getUserProperties(tx, userId);
  const ids = [...new Set(input.property_ids)];
  if (!input.all_properties && ids.length) {
    const { rows } = (await tx.execute(sql`
      select count(*)::int as n from properties where id = any(${`{${ids.join(",")}}`}::uuid[])`)) as unknown as Rows<{
      n: number;
    }>;
    if (Number(rows[0]?.n) !== ids.length) {
      throw badRequest(errorMessages.validation, { property_ids: [userMessages.propertiesUnknown] });
    }
  }
  await tx.execute(sql`update users set all_properties = ${input.all_properties},
    last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${userId}`);
  await tx.execute(sql`delete from user_properties where user_id = ${userId}`);
  if (!input.all_properties && ids.length) {
    await tx.execute(sql`insert into user_properties (organization_id, user_id, property_id, created_by)
      select ${actor.orgId}, ${userId}, id, ${actor.userId} from unnest(${`{${ids.join(",")}}`}::uuid[]) as id`);
  }
  const after = await getUserProperties(tx, userId);
  const names = (p: UserProperties) => (p.all_properties ? null : p.properties.map((x) => x.name).join(", "));
  await writeAudit(tx, actor, "user", [
    {
      action: "update",
      entityId: userId,
      before: { all_properties: before.all_properties, properties: names(before) },
      after: { all_properties: after.all_properties, properties: names(after) },
    },
  ]);
  return after;
}
