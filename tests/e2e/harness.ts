import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CreateAccountRequest } from "@keyholder/contracts/auth";
import { CSRF_HEADER } from "@keyholder/contracts/http";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { onTestFailed } from "vitest";
import { buildApp } from "../../apps/server/src/app.ts";
import { bootstrap } from "../../apps/server/src/bootstrap.ts";
import { openDatabase, runMigrations } from "../../apps/server/src/db/client.ts";
import { loadEnv } from "../../apps/server/src/env.ts";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);
if (!hasChromium) console.log(`Browser tests skipped: no Chromium at ${chromiumPath}`);

export const OPERATOR = { email: "operator@keyholder.test", password: "Operator-Pass-1!" };
/** The demo organization's owner, when the app starts with DEMO_ENV. */
export const DEMO = { email: "demo@example.com", password: "Demo-Password-1!" };
export const DEMO_ENV = { DEMO_SEED: "true", DEMO_PASSWORD: DEMO.password };
const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");
/** Where a failing test leaves a full-page screenshot of each page it opened (git-ignored). */
export const screenshotDir = path.resolve(import.meta.dirname, "../../test-results/e2e");

/** A complete, valid sign-up payload (spec section 3); tests override what they care about. */
export function signUpPayload(overrides: Partial<CreateAccountRequest> = {}): CreateAccountRequest {
  return {
    email: "owner@example.com",
    password: "Owner-Password-1!",
    first_name: "Olive",
    last_name: "Owner",
    phone: "(555) 123-4567",
    receive_marketing: false,
    accepted_terms: true,
    accepted_terms_date: new Date().toISOString(),
    company_name: "Olive Owner Rentals",
    num_of_units: 12,
    property_types: "Single-Family Home",
    current_software: "Spreadsheets",
    ...overrides,
  };
}

const e2eEnv = (dataDir: string, overrides: Record<string, string>) =>
  loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    DEMO_SEED: "false",
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    ...overrides,
  });

/**
 * A data folder as a first start leaves it: migrated, with the operator and (DEMO_ENV) the demo.
 * Making one costs 5 to 30 s, and `npm test` starts the app some fifty times, mostly with the same
 * few environments; so scripts/test.mjs names a folder for the run (KEYHOLDER_E2E_SNAPSHOTS), the
 * first start with an environment prepares its data there (shut down cleanly), and later ones begin
 * from a copy. Each copy is the test's own; none is shared while in use. A file run by hand, with
 * no such folder, starts from nothing as before.
 */
async function freshDataDir(overrides: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-e2e-"));
  const snapshots = process.env.KEYHOLDER_E2E_SNAPSHOTS;
  if (!snapshots) return dataDir;
  const key = createHash("sha256")
    .update(JSON.stringify(Object.entries(overrides).sort()))
    .digest("hex")
    .slice(0, 16);
  const snapshot = path.join(snapshots, key);
  if (!existsSync(snapshot)) {
    mkdirSync(snapshots, { recursive: true });
    const staging = mkdtempSync(path.join(snapshots, "staging-"));
    const env = e2eEnv(staging, overrides);
    const database = await openDatabase({ dataDir: staging });
    await runMigrations(database);
    const app = await buildApp({ env, database, webDist });
    await bootstrap(app, env);
    await app.close();
    await database.close();
    // Files run side by side: another may have made the same snapshot meanwhile (rename is atomic).
    try {
      renameSync(staging, snapshot);
    } catch (err) {
      if (!existsSync(snapshot)) throw err;
      rmSync(staging, { recursive: true, force: true });
    }
  }
  cpSync(snapshot, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The real app (built web + API) on a fresh embedded database in a temp folder, on a free port, and
 * a headless Debian Chromium driven by playwright-core.
 */
export async function startE2e(envOverrides: Record<string, string> = {}) {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build -w @keyholder/web` (npm test does it)");
  }
  const dataDir = await freshDataDir(envOverrides);
  const env = e2eEnv(dataDir, envOverrides);
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
  const signedUp = new Map<string, number>();
  return {
    app,
    baseUrl,
    url: (p: string) => `${baseUrl}${p}`,
    /** A fresh browser profile (its own cookies and localStorage); `javaScriptEnabled: false` to see the server's HTML alone. */
    async newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // Outside a running test (e.g. in beforeAll) vitest refuses the hook; such pages get no screenshot.
      try {
        onTestFailed(async ({ task }) => {
          mkdirSync(screenshotDir, { recursive: true });
          const file = path.join(screenshotDir, `${task.name.replace(/[^\w-]+/g, "_")}-${Date.now()}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => {});
          console.log(`Screenshot of the failing page (${page.url()}): ${file}`);
        });
      } catch {}
      return page;
    },
    /** Creates an organization and its owner through the API, as the sign-up wizard would. */
    async signUp(overrides: Partial<CreateAccountRequest> = {}) {
      const payload = signUpPayload(overrides);
      // A test's second try (decision 004) signs up again: it gets an organization of its own, not
      // a refusal for the first try's email and name.
      const tries = (signedUp.get(payload.email) ?? 0) + 1;
      signedUp.set(payload.email, tries);
      if (tries > 1) {
        payload.email = payload.email.replace("@", `+try${tries}@`);
        payload.company_name = `${payload.company_name} ${tries}`;
      }
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/auth/create-account",
        headers: { [CSRF_HEADER]: "1" },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed (${res.statusCode}): ${res.body}`);
      return { ...payload, waitlisted: (res.json() as { waitlisted: boolean }).waitlisted };
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

/**
 * Waits until React has taken over a server-rendered element (hydration attaches its props to the
 * node): typing into it earlier can be overwritten when hydration renders the field's own value.
 */
export async function hydrated(locator: Locator) {
  await locator.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(el).some((k) => k.startsWith("__reactProps$")) ? resolve() : setTimeout(check, 20);
        check();
      }),
  );
}

/** Signs in through the login page. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

/**
 * The signed-in workspace with no tab open, whichever it shows: the hint, or the organization's
 * "Get started" checklist (once its counts arrive; the hint shows while they load).
 */
export async function workspaceReady(page: Page) {
  await page
    .getByText("Select an item from the menu to get started")
    .or(page.getByRole("heading", { name: "Get started" }))
    .first()
    .waitFor();
}

/** Opens a table from the workspace's navigation menu (category, then item). */
export async function openFromMenu(page: Page, category: string, item: string) {
  await page
    .getByRole("menubar", { name: "Navigation" })
    .getByRole("menuitem", { name: category, exact: true })
    .click();
  await page.getByRole("menu", { name: category }).getByRole("menuitem", { name: item, exact: true }).click();
}

/** A fresh browser profile at the given size (and stored theme), signed in on the workspace. */
export async function signIn(
  e2e: E2e,
  who: { email: string; password: string } = DEMO,
  viewport = { width: 1440, height: 900 },
  theme?: "light" | "dark",
): Promise<Page> {
  const page = await e2e.newPage();
  await page.setViewportSize(viewport);
  // The stored choice lib/theme.ts applies before the first paint.
  if (theme) await page.addInitScript(`localStorage.setItem("keyholder.theme", "${theme}")`);
  await page.goto("/login");
  await loginThroughUi(page, who.email, who.password);
  await page.waitForURL("**/workspace");
  // What a person sees before they act: the loaded workspace (a control pressed while it still
  // mounts, under a loaded CI machine, has been lost).
  await workspaceReady(page);
  return page;
}

/** Types a day into a react-aria date picker's segments (month first, en-US). */
export async function typeDate(page: Page, label: string, day: string) {
  await page.getByRole("spinbutton", { name: new RegExp(`^month, ${label}`) }).focus();
  await page.keyboard.type(`${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`);
}
