/** A request validation failure's issues as `fields` of the error body: dotted path -> messages. */
export function validationFields(issues: readonly { instancePath?: string; message?: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") || "_";
    fields[field] = [...(fields[field] ?? []), issue.message ?? "Invalid value"];
  }
  return fields;
}
