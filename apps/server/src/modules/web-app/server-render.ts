import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_RENDER_STATE_ID } from "@keyholder/contracts/http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { siteOrigin } from "../seo/site-origin.ts";

/** The web app's server entry (apps/web/src/entry-server.tsx), as its SSR build leaves it. */
interface WebServerEntry {
  renderPage(
    url: string,
    api: { origin: string; fetch: typeof fetch },
  ): Promise<{ status: number; html: string | null; title: string; meta: PageMeta | null; state: unknown } | null>;
}

/** What a page says of itself (apps/web/src/lib/document-title.ts). */
interface PageMeta {
  description: string;
  canonicalPath: string;
  image?: string | null;
  structuredData?: Record<string, unknown>;
}

export interface RenderedPage {
  status: number;
  html: string;
}

const INTERNAL_ORIGIN = "http://keyholder.internal";
const ROOT_MARK = '<div id="root"></div>';

/** JSON inside a script element: "<" escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * The tags search engines and link previews read: description, canonical address, Open Graph and
 * Twitter cards, and the page's schema.org data as JSON-LD (a data block, never run; "<" escaped).
 */
function headTags(title: string, meta: PageMeta, origin: string) {
  const absolute = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);
  const url = absolute(meta.canonicalPath);
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Keyholder" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(absolute(meta.image))}" />`);
  if (meta.structuredData) {
    const data = { ...meta.structuredData };
    for (const key of ["url", "image"]) if (typeof data[key] === "string") data[key] = absolute(data[key] as string);
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return `\n    ${tags.join("\n    ")}`;
}

/**
 * Server rendering of the signed-out pages (issue 10, item 19; decision 009): the web app's own
 * components and route loaders draw the page into index.html, so the heading, layout and listing
 * paint before any JavaScript runs. The loaders' API calls go to this app in process (`inject`),
 * through every hook a browser's request passes. A public page that is a form (log in, apply) is
 * sent with its head alone (title, description, canonical), its body drawn by the browser. Anything
 * the render cannot do (a redirect, a guard, an error) falls back to the plain index.html, which the
 * browser app renders as before.
 */
export async function loadServerRenderer(app: FastifyInstance, webDist: string, ssrEntry: string) {
  if (!existsSync(ssrEntry)) return null;
  const entry = (await import(pathToFileURL(ssrEntry).href)) as WebServerEntry;
  const template = readFileSync(path.join(webDist, "index.html"), "utf8");
  if (!template.includes(ROOT_MARK)) return null;

  const visitor = new AsyncLocalStorage<FastifyRequest>();
  const api = {
    origin: INTERNAL_ORIGIN,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const request = visitor.getStore();
      const answer = await app.inject({
        method: (init?.method ?? "GET") as "GET",
        url: url.pathname + url.search,
        headers: {
          accept: "application/json",
          ...(request ? { "x-request-id": `${request.id}:render` } : {}),
        },
        ...(request ? { remoteAddress: request.ip } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
    }) as typeof fetch,
  };

  return async function render(request: FastifyRequest): Promise<RenderedPage | null> {
    const result = await visitor.run(request, () => entry.renderPage(request.url, api));
    if (!result) return null;
    const head = result.meta ? headTags(result.title, result.meta, siteOrigin(request, app.env)) : "";
    const withHead = template.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(result.title)}</title>${head}`,
    );
    // A page drawn whole is hydrated from its state; one sent as its head alone is drawn by the browser.
    const html =
      result.html === null
        ? withHead
        : withHead.replace(
            ROOT_MARK,
            () =>
              `<div id="root">${result.html}</div><script type="application/json" id="${SERVER_RENDER_STATE_ID}">${scriptJson(result.state)}</script>`,
          );
    return { status: result.status, html };
  };
}
