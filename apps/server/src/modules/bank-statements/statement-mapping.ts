import {
  STATEMENT_MAPPING_FIELDS,
  type StatementMapping,
  statementMappingSchema,
  statementMessages,
} from "@keyholder/contracts/bank-statements";
import { errorMessages } from "@keyholder/contracts/errors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankStatementMappings } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";

/** A CSV mapping sent with the file, or null when the form names none of its fields. */
export function mappingFromFields(fields: Record<string, string>): StatementMapping | null {
  if (!STATEMENT_MAPPING_FIELDS.some((f) => f in fields)) return null;
  const parsed = statementMappingSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const byField: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "_");
    byField[key] = [...(byField[key] ?? []), issue.message];
  }
  throw badRequest(Object.values(byField)[0]?.[0] ?? errorMessages.validation, byField);
}

export async function readSavedMapping(tx: Tx, orgId: string, bankAccountId: string) {
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
