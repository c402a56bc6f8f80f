import { randomBytes } from "node:crypto";
import { RECOVERY_CODE_COUNT } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { hashToken } from "../../lib/tokens.ts";

// No 0/O or 1/I/L: read off paper and typed back.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const normalize = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, "");

function newCode() {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Whose codes: a staff user, or a resident's account (decision 036). */
export type RecoveryCodeOwner =
  | { organizationId: string; id: number }
  | { organizationId: string; residentAccountId: string };

const ownedBy = (o: RecoveryCodeOwner) =>
  "residentAccountId" in o
    ? sql`organization_id = ${o.organizationId} and resident_account_id = ${o.residentAccountId}`
    : sql`organization_id = ${o.organizationId} and user_id = ${o.id}`;

/** Replaces the owner's recovery codes with ten new ones, answered once; only their hashes are kept. */
export async function issueRecoveryCodes(tx: Tx, owner: RecoveryCodeOwner) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await deleteRecoveryCodes(tx, owner);
  const userId = "residentAccountId" in owner ? null : owner.id;
  const accountId = "residentAccountId" in owner ? owner.residentAccountId : null;
  for (const code of codes) {
    await tx.execute(sql`insert into recovery_codes (code_hash, organization_id, user_id, resident_account_id)
      values (${hashToken(normalize(code))}, ${owner.organizationId}, ${userId}, ${accountId})`);
  }
  return codes;
}

export async function deleteRecoveryCodes(tx: Tx, owner: RecoveryCodeOwner) {
  await tx.execute(sql`delete from recovery_codes where ${ownedBy(owner)}`);
}

/** The owner's unused codes. */
export async function recoveryCodesLeft(tx: Tx, owner: RecoveryCodeOwner) {
  const { rows } = (await tx.execute(
    sql`select count(*)::int as n from recovery_codes where ${ownedBy(owner)} and used_at is null`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** Spends one recovery code of the owner: true once per code. */
export async function spendRecoveryCode(tx: Tx, owner: RecoveryCodeOwner, code: string) {
  const { rows } = (await tx.execute(sql`update recovery_codes set used_at = now()
    where code_hash = ${hashToken(normalize(code))} and ${ownedBy(owner)} and used_at is null
    returning 1 as one`)) as unknown as { rows: unknown[] };
  return rows.length === 1;
}
