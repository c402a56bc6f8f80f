// `npm run bench:grid`: frame rate of the record grid in a production build, scrolling 20,000
// loaded floor plans with every column visible, and the cost of resizing a column. The list API is
// answered with generated rows (the browser's work is what is measured here; the server's lists are
// measured by `npm run bench`).
import type { FloorPlanRow } from "@keyholder/contracts/floor-plans";
import { hasChromium, loginThroughUi, startE2e } from "../e2e/harness.ts";
import { scrollFrames } from "./scroll-frames.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const PAGE = 2000;
const DEMO = { email: "demo@example.com", password: "Bench-Password-1!" };

if (!hasChromium) {
  console.log("bench:grid skipped: no Chromium (set CHROMIUM_PATH)");
  process.exit(0);
}

const row = (i: number): FloorPlanRow => ({
  id: i + 1,
  plan_name: `Plan ${String(i).padStart(5, "0")}`,
  plan_code: `P-${i}`,
  bed_rooms: (i % 4) + 1,
  bath_rooms: (i % 3) + 1,
  number_of_levels: 1,
  total_square_feet: 600 + (i % 900),
  base_rent_estimate: 900 + (i % 1500),
  description: null,
  active: i % 7 !== 0,
  property_id: null,
  property_name: `Property ${i % 40}`,
  organization_id: "00000000-0000-0000-0000-000000000000",
  created_by: null,
  created_date: new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString(),
  last_modified_by: null,
  last_modified_date: new Date(Date.UTC(2026, 5, 1 + (i % 150))).toISOString(),
});

const e2e = await startE2e({ DEMO_SEED: "true", DEMO_PASSWORD: DEMO.password });
try {
  const page = await e2e.newPage();
  // tsx keeps function names with a helper the page does not have; give the page a no-op one.
  await page.addInitScript("window.__name = (f) => f");
  await page.route("**/api/v1/floor-plans?*", async (route) => {
    const url = new URL(route.request().url());
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const count = Math.max(0, Math.min(PAGE, ROWS - offset));
    const rows = Array.from({ length: count }, (_, k) => row(offset + k));
    // The rows shape the grid asks for (issue 31): one list of fields, each row its values.
    const fields = Object.keys(row(0));
    await route.fulfill({
      json: {
        fields,
        rows: rows.map((r) => fields.map((f) => r[f as keyof FloorPlanRow])),
        offset,
        count,
        total_count: ROWS,
      },
    });
  });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/login");
  await loginThroughUi(page, DEMO.email, DEMO.password);
  await page.waitForURL("**/workspace");
  await page.getByRole("menubar", { name: "Navigation" }).getByRole("menuitem", { name: "Unit", exact: true }).click();
  await page.getByRole("menu", { name: "Unit" }).getByRole("menuitem", { name: "Floor Plans", exact: true }).click();
  const grid = page.getByRole("grid");
  await grid.getByRole("gridcell").first().waitFor();
  await grid.getByRole("columnheader").nth(1).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Show All Columns" }).click();

  // Load every page by scrolling to the end until the footer reports all rows.
  const loaded = () => page.getByText(/rows loaded of/).textContent();
  for (let i = 0; i < 100 && !(await loaded())?.startsWith(ROWS.toLocaleString("en-US")); i++) {
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(150);
  }
  console.log(await loaded());

  const idle = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const start = performance.now();
        const tick = (now: number) => {
          frames++;
          if (now - start < 1000) requestAnimationFrame(tick);
          else resolve((frames / (now - start)) * 1000);
        };
        requestAnimationFrame(tick);
      }),
  );
  console.log(`idle page: ${idle.toFixed(1)} fps (the browser's own ceiling here)`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () =>
    Object.fromEntries(
      ((await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] }).metrics.map(
        (m) => [m.name, m.value],
      ),
    );
  for (const speed of [2000, 8000, 32000]) {
    const before = await metrics();
    const r = await scrollFrames(grid, speed);
    const after = await metrics();
    const spent = (k: string) =>
      `${k.replace("Duration", "")} ${(((after[k] ?? 0) - (before[k] ?? 0)) * 1000).toFixed(0)} ms`;
    console.log(
      `  browser time in 5 s: ${["ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration"].map(spent).join(", ")}`,
    );
    console.log(
      `scroll at ${speed} px/s (${(speed / 32).toFixed(0)} rows/s), all columns: ${r.fps.toFixed(1)} fps, frame p95 ${r.p95.toFixed(1)} ms, worst ${r.worst.toFixed(1)} ms`,
    );
  }

  // Resize the first data column by 200 px in 40 steps; count cells React re-rendered (DOM text writes
  // are not needed for a width change, so a mutation observer on cell subtrees counts re-renders).
  const header = grid.getByRole("columnheader").nth(1);
  const box = await header.boundingBox();
  if (!box) throw new Error("header not laid out");
  await grid.evaluate((el) => {
    const w = window as unknown as { mutations: number; observer: MutationObserver };
    w.mutations = 0;
    w.observer = new MutationObserver((records) => {
      w.mutations += records.filter((r) => (r.target as Element).closest?.("[role=gridcell]")).length;
    });
    w.observer.observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["class", "style"],
    });
  });
  const t0 = Date.now();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 198, box.y + box.height / 2, { steps: 40 });
  await page.mouse.up();
  const resizeMs = Date.now() - t0;
  const cellMutations = await page.evaluate(() => (window as unknown as { mutations: number }).mutations);
  const rendered = await grid.locator("[role=gridcell]").count();
  console.log(
    `resize 200 px in 40 steps: ${resizeMs} ms; cell mutations ${cellMutations} (cells on screen ${rendered}; widths come from CSS variables)`,
  );
} finally {
  await e2e.close();
}
