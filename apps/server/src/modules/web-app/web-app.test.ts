import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { SERVER_RENDER_STATE_ID } from "@keyholder/contracts/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";

const TEMPLATE =
  '<!doctype html><html><head><title>Keyholder</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** A built web app as `vite build` leaves it: index.html and hashed assets with their .br and .gz copies. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "keyholder-web-"));
  mkdirSync(path.join(dir, "assets"));
  const js = Buffer.from(`console.log(${JSON.stringify("x".repeat(4000))});`);
  writeFileSync(path.join(dir, "index.html"), TEMPLATE);
  writeFileSync(path.join(dir, "assets", "index-abc123.js"), js);
  writeFileSync(path.join(dir, "assets", "index-abc123.js.br"), brotliCompressSync(js));
  writeFileSync(path.join(dir, "assets", "index-abc123.js.gz"), gzipSync(js));
  return { dir, js };
}

/**
 * A stand-in for the web app's server entry (apps/web/src/entry-server.tsx, whose own rendering the
 * browser tests check): it draws what the address asks for, and asks the API through the transport
 * it is given, as the real one's route loaders do.
 */
function fakeServerEntry() {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "keyholder-ssr-")), "entry-server.mjs");
  writeFileSync(
    file,
    `export async function renderPage(url, api) {
      if (url.startsWith("/workspace")) return null;
      if (url.startsWith("/broken")) throw new Error("render failed");
      const answer = await api.fetch(new URL("/api/v1/public/areas", api.origin), { headers: { accept: "application/json" } });
      const areas = await answer.json();
      return {
        status: url.startsWith("/missing") ? 404 : 200,
        html: "<h1>Rendered " + url.replace(/[<>&]/g, "") + "</h1><p>areas status " + answer.status + "</p>",
        title: "Homes & more </title><script>alert(1)</script>",
        state: { queries: { queries: [{ queryKey: ["public", "areas"], state: { data: areas } }], note: "</script><script>alert(2)</script>" } },
      };
    }`,
  );
  return file;
}

describe("the built web app", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let js: Buffer;
  beforeAll(async () => {
    database = await createTestDatabase();
    const web = fakeWebDist();
    js = web.js;
    app = await buildApp({ env: testEnv(), database, webDist: web.dir, ssrEntry: fakeServerEntry() });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("sends the precompressed copy the browser accepts, cached for good", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(js.length / 4);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gz = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(js)).toBe(true);
  });

  it("draws a signed-out visitor's page on the server, with its data and title, revalidated every time", async () => {
    const res = await app.inject({ method: "GET", url: "/properties?zipCode=78701" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    // The page's API call went through the app itself and answered.
    expect(res.body).toContain(
      '<div id="root"><h1>Rendered /properties?zipCode=78701</h1><p>areas status 200</p></div>',
    );
    expect(res.body).toContain("<title>Homes &amp; more &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    const state = res.body.match(
      new RegExp(`<script type="application/json" id="${SERVER_RENDER_STATE_ID}">(.*?)</script>`),
    );
    expect(state?.[1]).toBeDefined();
    // No value can close the script element early, and the data arrives intact.
    expect(state?.[1]).not.toContain("</script");
    const parsed = JSON.parse(state?.[1] ?? "null");
    expect(parsed.queries.note).toBe("</script><script>alert(2)</script>");
    expect(parsed.queries.queries[0].state.data).toEqual({ areas: [] });
    expect(res.body.match(/<script/g)).toHaveLength(2);
  });

  it("passes the page's status on and compresses the page as the browser accepts", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/missing-page",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("<h1>Rendered /missing-page</h1>");
  });

  it("leaves the page to the browser for a signed-in visitor, a route the server does not draw, or a failed render", async () => {
    for (const request of [
      { url: "/properties", headers: { cookie: `${app.sessionCookieName}=some-session` } },
      { url: "/workspace", headers: {} },
      { url: "/broken", headers: {} },
    ]) {
      const res = await app.inject({ method: "GET", ...request });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers / with the page, never a directory listing or the raw index", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<h1>Rendered /</h1>");
  });

  it("keeps unknown API addresses and other methods JSON 404s", async () => {
    const api = await app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBeDefined();
    const post = await app.inject({ method: "POST", url: "/properties" });
    expect(post.statusCode).toBe(404);
  });
});
