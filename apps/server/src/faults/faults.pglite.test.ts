import { describe, expect, it } from "vitest";
import { gracefulStop } from "./graceful-stop.ts";
import { killRestart } from "./kill-restart.ts";

// The project's own proof (issue 11, item 7) at CI size; `npm run test:faults` runs the full size.
// The embedded database's run; faults.postgres.test.ts is PostgreSQL's (see vitest.config.ts).
describe("faults on the embedded database", () => {
  it("keeps every acknowledged write and its history across kill -9", async () => {
    const report = await killRestart({ writes: 60, concurrency: 10 });
    expect(report.acknowledgedCreates).toBeGreaterThanOrEqual(30);
    expect(report).toMatchObject({ lostCreates: [], lostUpdates: [], withoutHistory: [] });
  }, 240_000);

  it("finishes what it was answering on SIGTERM, closes and exits 0", async () => {
    const report = await gracefulStop({ requests: 20 });
    expect(report).toMatchObject({ cut: 0, exitCode: 0, refusedAfterStop: true });
    expect(report.finished + report.refused).toBe(20);
    expect(report.finished).toBeGreaterThan(0);
    // Within a process manager's grace period; a keep-alive connection once held it for 72 s.
    expect(report.secondsToExit).toBeLessThan(30);
  }, 240_000);
});
