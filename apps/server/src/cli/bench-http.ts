import http from "node:http";
import { zstdDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { buildApp } from "../app.ts";
import { asSystem, type DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createSession } from "../lib/sessions.ts";
import { now } from "./timing.ts";

/** A page as the bench asks for it (the list query's members). */
export interface HttpPageQuery {
  offset: number;
  limit: number;
  sort_by: string;
  sort_direction: "asc" | "desc";
  filters: Record<string, string>;
  conditions: unknown[];
  after?: string;
}

/** A session of the organization's first administrator, as signing in makes one: its token. */
export function adminSession(database: DatabaseHandle, orgId: string) {
  return asSystem(database.db, async (tx) => {
    const { rows } = (await tx.execute(sql`select u.id from users u join roles r on r.id = u.role_id
      where u.organization_id = ${orgId} and r.name = 'ADMIN' order by u.id limit 1`)) as unknown as {
      rows: { id: number }[];
    };
    const admin = rows[0];
    if (!admin) throw new Error("the organization has no administrator");
    return (await createSession(tx, { organizationId: orgId, id: Number(admin.id) }, {})).token;
  });
}

/**
 * The whole app listening on a loopback port, with a session of the organization's first
 * administrator, to time list pages as the web grid asks for them (issue 31): over a socket, in the
 * rows shape, compressed as Chromium accepts (zstd), the body read to its end and decompressed.
 */
export async function startHttpBench(database: DatabaseHandle, env: Env, orgId: string) {
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  const token = await adminSession(database, orgId);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = {
    cookie: `${app.sessionCookieName}=${token}`,
    "accept-encoding": "gzip, deflate, br, zstd",
  };

  const get = (url: string) =>
    new Promise<{ status: number; body: Buffer; encoding: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}${url}`, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              encoding: String(res.headers["content-encoding"] ?? ""),
            }),
          );
        })
        .on("error", reject);
    });

  return {
    /** Times `runs` requests of a page (after one to warm up); bytes are the last answer's on the wire. */
    async time(path: string, q: HttpPageQuery, runs: number) {
      const params = new URLSearchParams({
        offset: String(q.offset),
        limit: String(q.limit),
        sort_by: q.sort_by,
        sort_direction: q.sort_direction,
        shape: "rows",
      });
      if (Object.keys(q.filters).length) params.set("filters", JSON.stringify(q.filters));
      if (q.conditions.length) params.set("conditions", JSON.stringify(q.conditions));
      if (q.after !== undefined) params.set("after", q.after);
      const url = `/api/v1${path}?${params}`;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i <= runs; i++) {
        const start = now();
        const res = await get(url);
        const text = res.encoding === "zstd" ? zstdDecompressSync(res.body) : res.body;
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.toString().slice(0, 300)}`);
        if (i > 0) times.push(now() - start);
        bytes = res.body.length;
      }
      return { times, bytes };
    },
    async close() {
      agent.destroy();
      await app.close();
    },
  };
}
