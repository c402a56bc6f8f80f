import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { isSealed, type SecretBox } from "../../lib/secret-box.ts";

/** Bound into every sealed authenticator secret (the pending one becomes the confirmed one as is). */
const PURPOSE = "keyholder:user_two_factor";

export const sealTotpSecret = (box: SecretBox, plain: string) => box.seal(plain, PURPOSE);
export const openTotpSecret = (box: SecretBox, stored: string) => box.open(stored, PURPOSE);

type Rows<T> = { rows: T[] };
const seal = (box: SecretBox, v: string | null) => (v !== null && !isSealed(v) ? sealTotpSecret(box, v) : v);

/**
 * At start: checks that the key opens the sealed secrets, so a lost or changed ENCRYPTION_KEY stops
 * the boot with the cause named instead of failing every two-factor sign-in later; then seals the
 * secrets stored in plain text before they were encrypted (issue item 17).
 */
export async function sealStoredSecrets(db: Database, box: SecretBox) {
  await asSystem(db, async (tx) => {
    const { rows: sample } = (await tx.execute(sql`select coalesce(secret, pending_secret) as sealed
      from user_two_factor where secret like 'v1:%' or pending_secret like 'v1:%' limit 1`)) as unknown as Rows<{
      sealed: string;
    }>;
    const sealed = sample[0]?.sealed;
    if (sealed && isSealed(sealed)) {
      try {
        openTotpSecret(box, sealed);
      } catch {
        throw new Error(
          "The two-factor secrets in the database were encrypted with another key: set ENCRYPTION_KEY (or DATA_DIR/encryption.key) back to the key they were sealed with.",
        );
      }
    }
    const { rows } = (await tx.execute(sql`select organization_id, user_id, secret, pending_secret
      from user_two_factor where secret not like 'v1:%' or pending_secret not like 'v1:%'
      for update`)) as unknown as Rows<{
      organization_id: string;
      user_id: number;
      secret: string | null;
      pending_secret: string | null;
    }>;
    for (const row of rows) {
      await tx.execute(sql`update user_two_factor
        set secret = ${seal(box, row.secret)}, pending_secret = ${seal(box, row.pending_secret)}
        where organization_id = ${row.organization_id} and user_id = ${row.user_id}`);
    }
  });
}
