import { type StatementMapping, statementPreviewSchema } from "@keyholder/contracts/bank-statements";
import { api } from "../../../lib/api-client.ts";
import { statementForm } from "./statement-form.ts";

/** POST /api/v1/bank-accounts/{id}/statement-previews: what a file holds, read with a mapping or the one kept. */
export const previewStatement = (bankAccountId: string, file: File, mapping: StatementMapping | null) =>
  api(`/bank-accounts/${bankAccountId}/statement-previews`, {
    method: "POST",
    body: statementForm(file, mapping),
    schema: statementPreviewSchema,
  });
