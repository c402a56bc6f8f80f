import { type StatementMapping, statementImportSchema } from "@keyholder/contracts/bank-statements";
import { api } from "../../../lib/api-client.ts";
import { statementForm } from "./statement-form.ts";

/** POST /api/v1/bank-accounts/{id}/statement-imports: each bank line kept once. */
export const importStatement = (bankAccountId: string, file: File, mapping: StatementMapping | null) =>
  api(`/bank-accounts/${bankAccountId}/statement-imports`, {
    method: "POST",
    body: statementForm(file, mapping),
    schema: statementImportSchema,
  });
