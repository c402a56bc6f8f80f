import {
  STATEMENT_MAPPING_FIELDS,
  type StatementMapping,
  statementMappingSchema,
  statementMessages,
} from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankStatementMappings } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import { parseFormFields } from "../../lib/validation-fields.ts";
import type { StatementFile } from "./read-statement-file.ts";

/** A CSV mapping sent with the file, or null when the form names none of its fields. */
function mappingFromFields(fields: Record<string, string>): StatementMapping | null {
  if (!STATEMENT_MAPPING_FIELDS.some((f) => f in fields)) return null;
  return parseFormFields(statementMappingSchema, fields);
}

/**
 * The mapping a CSV is read with: the one sent with the file, else the one kept for the account
 * (`kept` says which). Null for an OFX file, or a CSV with neither.
 */
export async function chosenMapping(
  tx: Tx,
  orgId: string,
  bankAccountId: string,
  file: StatementFile,
  fields: Record<string, string>,
): Promise<{ mapping: StatementMapping | null; kept: boolean }> {
  if (file.format !== "csv") return { mapping: null, kept: false };
  const sent = mappingFromFields(fields);
  if (sent) return { mapping: sent, kept: false };
  const saved = await readSavedMapping(tx, orgId, bankAccountId);
  return { mapping: saved, kept: saved !== null };
}

async function readSavedMapping(tx: Tx, orgId: string, bankAccountId: string) {
  const [row] = await tx
    .select({ mapping: bankStatementMappings.mapping })
    .from(bankStatementMappings)
    .where(
      sql`${bankStatementMappings.organizationId} = ${orgId} and ${bankStatementMappings.bankAccountId} = ${bankAccountId}`,
    );
  const parsed = statementMappingSchema.safeParse(row?.mapping);
  return parsed.success ? parsed.data : null;
}

/** Kept for the account's next CSV: banks do not change their columns from month to month. */
export async function saveMapping(
  tx: Tx,
  orgId: string,
  userId: number,
  bankAccountId: string,
  mapping: StatementMapping,
) {
  await tx
    .insert(bankStatementMappings)
    .values({ organizationId: orgId, bankAccountId, mapping, updatedBy: userId })
    .onConflictDoUpdate({
      target: [bankStatementMappings.organizationId, bankStatementMappings.bankAccountId],
      set: { mapping, updatedBy: userId, updatedDate: sql`now()` },
    });
}

export const mappingRequired = () =>
  badRequest(statementMessages.mappingRequired, { date_column: [statementMessages.mappingRequired] });
