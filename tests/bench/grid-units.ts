// `npm run bench:grid-units`: the units grid in Chromium against the seeded organization of
// DATABASE_URL (npm run seed -- --scale 100000), as its administrator sees it (issue 31): how long
// scrolling to the end takes to load every unit, the JS heap they take, the cells in the DOM, and
// the frame rate scrolling through them, with the default columns and with all of them.
import { sql } from "drizzle-orm";
import { chromium, type Page } from "playwright-core";
import { buildApp } from "../../apps/server/src/app.ts";
import { adminSession } from "../../apps/server/src/cli/bench-http.ts";
import { asSystem, openDatabase } from "../../apps/server/src/db/client.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { SESSION_STORAGE_KEY } from "../../apps/web/src/lib/auth/session-storage.ts";
import { chromiumPath, hasChromium } from "../e2e/harness.ts";
import { scrollFrames } from "./scroll-frames.ts";

if (!hasChromium) {
  console.log("bench:grid-units skipped: no Chromium (set CHROMIUM_PATH)");
  process.exit(0);
}
const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
const [largest] = (
  (await asSystem(database.db, (tx) =>
    tx.execute(
      sql`select organization_id as org, count(*)::int as units from units group by 1 order by 2 desc limit 1`,
    ),
  )) as unknown as { rows: { org: string; units: number }[] }
).rows;
if (!largest) {
  console.log("No units yet: run `npm run seed -- --scale 100000` first.");
  process.exit(1);
}
const token = await adminSession(database, largest.org);
const app = await buildApp({
  env,
  database,
  logger: false,
  webDist: new URL("../../apps/web/dist", import.meta.url).pathname,
});
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as { port: number };
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
console.log(`${largest.units.toLocaleString("en-US")} units; Chromium at 1600 x 1000.`);

async function run(allColumns: boolean) {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  await context.addCookies([{ name: app.sessionCookieName, value: token, url: `http://127.0.0.1:${port}` }]);
  // Signed in as the login page leaves it: the session cookie, and the session's details stored.
  const session = await (await context.request.get("/api/v1/auth/session")).text();
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    session,
  ] as const);
  const page = await context.newPage();
  // tsx keeps function names with a helper the page does not have; give the page a no-op one.
  await page.addInitScript("window.__name = (f) => f");
  page.setDefaultTimeout(60_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/workspace");
  await page.getByRole("menubar", { name: "Navigation" }).getByRole("menuitem", { name: "Unit", exact: true }).click();
  await page.getByRole("menu", { name: "Unit" }).getByRole("menuitem", { name: "All Units", exact: true }).click();
  const grid = page.getByRole("grid");
  await grid.getByRole("gridcell").first().waitFor();
  if (allColumns) {
    await grid.getByRole("columnheader").nth(1).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Show All Columns" }).click();
    await page.waitForTimeout(1000);
  }
  let requests = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/v1/units?")) requests++;
  });
  const loaded = async () => /^([\d,]+) rows loaded of ([\d,]+)/.exec((await footerText(page)) ?? "");
  const started = Date.now();
  for (let i = 0; i < 5000; i++) {
    const m = await loaded();
    if (m && m[1] === m[2]) break;
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(20);
  }
  const label = allColumns ? "all columns" : "default columns";
  console.log(`${label}: ${(await loaded())?.[0]} in ${Date.now() - started} ms (${requests} requests)`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  const cells = await page.evaluate(() => document.querySelectorAll("[role=gridcell]").length);
  console.log(`  JS heap after a collection ${(heap.usedSize / 1e6).toFixed(1)} MB; ${cells} cells in the DOM`);
  for (const speed of [2000, 8000]) {
    const r = await scrollFrames(grid, speed);
    console.log(`  scrolling ${speed} px/s: ${r.fps.toFixed(1)} fps, ${r.long} of ${r.frames} frames over 25 ms`);
  }
  await context.close();
}
const footerText = (page: Page) => page.getByText(/rows loaded of/).textContent();

try {
  await run(false);
  await run(true);
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
