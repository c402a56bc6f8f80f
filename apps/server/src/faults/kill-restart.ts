import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoCookie, freePort, jsonHeaders, startApp } from "./app-process.ts";

export interface KillRestartReport {
  database: "pglite" | "postgres";
  attempted: number;
  acknowledgedCreates: number;
  acknowledgedUpdates: number;
  lostCreates: number[];
  lostUpdates: number[];
  withoutHistory: number[];
}

/**
 * Durability across kill -9: `writes` building creates (half of them followed by an update) run
 * `concurrency` at a time; once half are acknowledged the process is killed with SIGKILL and
 * started again on the same data. Every acknowledged create must be there with its history entry,
 * every acknowledged update must show in the row and its history.
 */
export async function killRestart(o: { writes: number; concurrency: number; databaseUrl?: string }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyholder-faults-"));
  const port = await freePort();
  try {
    const first = await startApp({ dataDir, port, databaseUrl: o.databaseUrl });
    const cookie = await demoCookie(first.base);
    const list = await fetch(`${first.base}/api/v1/buildings/details?limit=1`, { headers: { cookie } });
    const propertyId = ((await list.json()) as { buildings: { property_id: string }[] }).buildings[0]?.property_id;
    if (!propertyId) throw new Error("the demo organization has no building to borrow a property from");

    const created = new Map<number, string>();
    const updated = new Map<number, string>();
    let next = 0;
    let killed = false;
    const killAt = Math.floor(o.writes / 2);
    const worker = async () => {
      while (!killed && next < o.writes) {
        const i = next++;
        try {
          const res = await fetch(`${first.base}/api/v1/buildings`, {
            method: "POST",
            headers: jsonHeaders(cookie),
            body: JSON.stringify({ name: `fault-${i}`, property_id: propertyId, number_of_units: i % 7 }),
          });
          if (res.status !== 201 && res.status !== 200) continue;
          const { building } = (await res.json()) as { building: { id: number } };
          created.set(building.id, `fault-${i}`);
          if (created.size >= killAt && !killed) {
            killed = true;
            first.child.kill("SIGKILL");
          }
          if (i % 2 === 0 && !killed) {
            const put = await fetch(`${first.base}/api/v1/buildings/${building.id}`, {
              method: "PUT",
              headers: jsonHeaders(cookie),
              body: JSON.stringify({ name: `fault-${i}-v2`, property_id: propertyId, number_of_units: i % 7 }),
            });
            if (put.ok) updated.set(building.id, `fault-${i}-v2`);
          }
        } catch {
          // The process was killed under this request: not acknowledged, nothing to check.
        }
      }
    };
    await Promise.all(Array.from({ length: o.concurrency }, worker));
    if (!killed) first.child.kill("SIGKILL");
    await first.exited;

    const second = await startApp({ dataDir, port, databaseUrl: o.databaseUrl });
    const again = await demoCookie(second.base);
    const filters = encodeURIComponent(JSON.stringify({ name: "fault-" }));
    const rows = await fetch(`${second.base}/api/v1/buildings/details?limit=2000&filters=${filters}`, {
      headers: { cookie: again },
    });
    const stored = new Map(
      ((await rows.json()) as { buildings: { id: number; name: string }[] }).buildings.map((b) => [b.id, b.name]),
    );
    const withoutHistory: number[] = [];
    for (const id of created.keys()) {
      const res = await fetch(`${second.base}/api/v1/buildings/${id}/history`, { headers: { cookie: again } });
      const history = res.ok ? ((await res.json()) as { history: { action: string }[] }).history : [];
      const expected = updated.has(id) ? ["create", "update"] : ["create"];
      if (!expected.every((action) => history.some((h) => h.action === action))) withoutHistory.push(id);
    }
    second.child.kill("SIGTERM");
    await second.exited;
    return {
      database: o.databaseUrl ? "postgres" : "pglite",
      attempted: next,
      acknowledgedCreates: created.size,
      acknowledgedUpdates: updated.size,
      lostCreates: [...created.keys()].filter((id) => !stored.has(id)),
      lostUpdates: [...updated].filter(([id, name]) => stored.get(id) !== name).map(([id]) => id),
      withoutHistory,
    } satisfies KillRestartReport;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
