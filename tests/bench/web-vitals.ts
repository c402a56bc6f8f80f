// `npm run bench:web`: how fast the public pages show their content in Chromium on loopback, from a
// production build: Largest Contentful Paint unthrottled and with a 4x CPU slowdown on Lighthouse's
// slow 4G (150 ms, 1.6 Mbps down, 750 kbps up), and the JavaScript transferred (compressed) by a
// first visit. Targets (issue 10, item 19): LCP <= 1.0 s / <= 2.5 s, JavaScript <= 150 KB.
import type { Page } from "playwright-core";
import { DEMO_ENV, hasChromium, startE2e } from "../e2e/harness.ts";

if (!hasChromium) {
  console.log("bench:web skipped: no Chromium (set CHROMIUM_PATH)");
  process.exit(0);
}

const e2e = await startE2e(DEMO_ENV);
const json = async <T>(url: string) => (await (await fetch(e2e.url(url))).json()) as T;
const {
  areas: [area],
} = await json<{ areas: { zipcode: string }[] }>("/api/v1/public/areas");
const { properties } = await json<{ properties: { property_slug: string | null }[] }>(
  `/api/v1/public/properties?zipcode=${area?.zipcode}`,
);
const slug = properties.find((p) => p.property_slug)?.property_slug;
const pages = [
  ["landing", "/"],
  ["search", `/properties?zipCode=${area?.zipcode}`],
  ["property", `/properties/${slug}`],
] as const;

async function measure(path: string, throttled: boolean) {
  const page: Page = await e2e.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttled) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  const scripts = new Map<string, string>();
  let jsBytes = 0;
  const perScript: string[] = [];
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.set(e.requestId, new URL(e.response.url).pathname);
  });
  cdp.on("Network.loadingFinished", (e) => {
    const name = scripts.get(e.requestId);
    if (name === undefined) return;
    jsBytes += e.encodedDataLength;
    perScript.push(`${(e.encodedDataLength / 1024).toFixed(1)} KB ${name}`);
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await page.context().close();
  if (process.env.BENCH_VERBOSE) console.log(`${path}:\n  ${perScript.sort().join("\n  ")}`);
  return { lcp, jsKb: jsBytes / 1024, scripts: scripts.size };
}

console.log("page      LCP (unthrottled)  LCP (4x CPU, slow 4G)  JS transferred  scripts");
for (const [name, path] of pages) {
  const fast = await measure(path, false);
  const slow = await measure(path, true);
  console.log(
    `${name.padEnd(9)} ${`${(fast.lcp / 1000).toFixed(2)} s`.padStart(17)}  ${`${(slow.lcp / 1000).toFixed(2)} s`.padStart(21)}  ${`${fast.jsKb.toFixed(0)} KB`.padStart(14)}  ${String(fast.scripts).padStart(7)}`,
  );
}
await e2e.close();
