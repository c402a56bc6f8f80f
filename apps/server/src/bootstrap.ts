import type { App } from "./app.ts";
import type { Env } from "./env.ts";

/**
 * First-start work that needs the app: the platform operator account and the demo organization.
 * Returns lines to print (sign-in details). Idempotent: a second start changes nothing.
 */
export async function bootstrap(_app: App, _env: Env): Promise<string[]> {
  return [];
}
