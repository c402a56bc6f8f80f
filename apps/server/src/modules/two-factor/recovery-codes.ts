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

/** Replaces a user's recovery codes with ten new ones, answered once; only their hashes are kept. */
export async function issueRecoveryCodes(tx: Tx, user: { organizationId: string; id: number }) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.execute(
    sql`delete from recovery_codes where organization_id = ${user.organizationId} and user_id = ${user.id}`,
  );
  for (const code of codes) {
    await tx.execute(sql`insert into recovery_codes (code_hash, organization_id, user_id)
      values (${hashToken(normalize(code))}, ${user.organizationId}, ${user.id})`);
  }
  return codes;
}

/** Spends one recovery code of the user: true once per code. */
export async function spendRecoveryCode(tx: Tx, user: { organizationId: string; id: number }, code: string) {
  const { rows } = (await tx.execute(sql`update recovery_codes set used_at = now()
    where code_hash = ${hashToken(normalize(code))} and organization_id = ${user.organizationId}
      and user_id = ${user.id} and used_at is null returning 1 as one`)) as unknown as { rows: unknown[] };
  return rows.length === 1;
}
