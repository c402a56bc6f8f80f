import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";

/** A built web app as `vite build` leaves it: hashed assets with their .br and .gz copies. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "keyholder-web-"));
  mkdirSync(path.join(dir, "assets"));
  const js = Buffer.from(`console.log(${JSON.stringify("x".repeat(4000))});`);
  writeFileSync(path.join(dir, "index.html"), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, "assets", "index-abc123.js"), js);
  writeFileSync(path.join(dir, "assets", "index-abc123.js.br"), brotliCompressSync(js));
  writeFileSync(path.join(dir, "assets", "index-abc123.js.gz"), gzipSync(js));
  return { dir, js };
}

describe("the built web app", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let js: Buffer;
  beforeAll(async () => {
    database = await createTestDatabase();
    const web = fakeWebDist();
    js = web.js;
    app = await buildApp({ env: testEnv(), database, webDist: web.dir });
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

  it("answers a client-side route with index.html, revalidated every time", async () => {
    const res = await app.inject({ method: "GET", url: "/properties" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});
