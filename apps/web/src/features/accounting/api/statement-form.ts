import type { StatementMapping } from "@keyholder/contracts/bank-statements";

/** A statement upload's form: a CSV's mapping first (the server reads every field), then the file. */
export function statementForm(file: File, mapping: StatementMapping | null) {
  const body = new FormData();
  if (mapping) {
    for (const [field, value] of Object.entries(mapping)) body.set(field, value ?? "");
  }
  body.set("file", file);
  return body;
}
