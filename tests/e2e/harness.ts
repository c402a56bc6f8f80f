import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { buildApp } from "../../apps/server/src/app.ts";
import { bootstrap } from "../../apps/server/src/bootstrap.ts";
import { openDatabase, runMigrations } from "../../apps/server/src/db/client.ts";
import { loadEnv } from "../../apps/server/src/env.ts";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);
if (!hasChromium) console.log(`Browser tests skipped: no Chromium at ${chromiumPath}`);

export const OPERATOR = { email: "operator@keyholder.test", password: "Operator-Pass-1!" };
const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");

/**
 * The real app (built web + API) on a fresh embedded database in a temp folder, on a free port, and
 * a headless Debian Chromium driven by playwright-core.
 */
export async function startE2e(envOverrides: Record<string, string> = {}) {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build -w @keyholder/web` (npm test does it)");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-e2e-"));
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DEMO_SEED: "false",
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    ...envOverrides,
  });
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  const app = await buildApp({ env, database, webDist });
  await bootstrap(app, env);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    app,
    baseUrl,
    url: (p: string) => `${baseUrl}${p}`,
    /** A fresh browser profile (its own cookies and localStorage). */
    async newPage(): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type E2e = Awaited<ReturnType<typeof startE2e>>;

/** Signs in through the login page. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}
