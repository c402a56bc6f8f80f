/** One operation of the OpenAPI document, as the adversarial suite drives it. */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path, e.g. /api/v1/buildings/{id}. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Takes a multipart upload (documented in the summary; the body is read by the handler). */
  multipart: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document, so an endpoint added later is covered without editing the suite. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        ...(body ? { body } : {}),
        multipart: /multipart/i.test(op.summary ?? ""),
      });
    }
  }
  return operations;
}

/** A plausible valid value for a schema (the first enum value, a short string, a small number). */
export function sampleOf(schema: JsonSchema | undefined, name = ""): unknown {
  if (!schema) return "x";
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sampleOf(variants.find((v) => v.type !== "null") ?? variants[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v, k)]));
    case "array":
      return [sampleOf(schema.items, name)];
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    default:
      if (schema.format === "email" || /email|username/.test(name)) return "someone@example.com";
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      return "Sample";
  }
}
