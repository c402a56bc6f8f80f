import type { Env } from "../../env.ts";

/** The address people reach the app at, for links in mail: PUBLIC_URL, or this machine's port. */
export function publicUrl(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
