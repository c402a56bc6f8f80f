import type { App } from "./app.ts";
import type { Env } from "./env.ts";
import { ensureDemo } from "./modules/demo/ensure-demo.ts";
import { ensureOperator } from "./modules/operator/ensure-operator.ts";

/**
 * First-start work that needs the app: the platform operator account and the demo organization.
 * Returns lines to print (sign-in details). Idempotent: a second start changes nothing.
 */
export async function bootstrap(app: App, env: Env): Promise<string[]> {
  const lines: string[] = [];
  lines.push(...(await ensureOperator(app.db, env)));
  lines.push(...(await ensureDemo(app.db, app.storage, env, app.secretBox)));
  return lines;
}
