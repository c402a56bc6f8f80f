interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const json = (v: unknown) => `<pre>${escapeHtml(JSON.stringify(v, null, 2))}</pre>`;

/**
 * A static HTML reference of the OpenAPI document: no script at all, so it lives under the same
 * strict Content-Security-Policy as the app.
 */
export function renderReference(doc: Document): string {
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const sections = operations
    .map(({ path, method, op }) => {
      const params = (op.parameters ?? [])
        .map(
          (p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})</li>`,
        )
        .join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([status, r]) =>
            `<details><summary>${escapeHtml(status)} ${escapeHtml(r.description ?? "")}</summary>${json(r.content?.["application/json"]?.schema ?? {})}</details>`,
        )
        .join("");
      return `<section><h2><span class="m ${method.toLowerCase()}">${method}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(op.summary ?? "")}</p>${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ""}${
        body ? `<h3>Request body</h3><details><summary>JSON schema</summary>${json(body)}</details>` : ""
      }${responses ? `<h3>Responses</h3>${responses}` : ""}</section>`;
    })
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#0f172a}
section{border:1px solid #e2e8f0;border-radius:10px;padding:0 1rem 1rem;margin:1rem 0}h2{font-size:1rem}
.m{display:inline-block;min-width:4.5em;text-align:center;border-radius:5px;color:#fff;padding:2px 6px;font-size:.8rem}
.get{background:#0d9488}.post{background:#2563eb}.put{background:#d97706}.delete{background:#dc2626}.patch{background:#7c3aed}
pre{background:#f8fafc;padding:.75rem;overflow:auto;font-size:.8rem}summary{cursor:pointer}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${escapeHtml(doc.info.description ?? "")}</p>
<p><a href="/api/openapi.json">OpenAPI document (JSON)</a></p>${sections}</body></html>`;
}
