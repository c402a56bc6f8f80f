import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Where this machine's PostgreSQL programs are (Debian keeps them per version). */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().at(-1);
  const bin = version ? path.join(root, version, "bin") : undefined;
  return bin && existsSync(path.join(bin, "initdb")) ? bin : undefined;
}

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayClusterUnavailable(): string | undefined {
  if (!postgresBin()) return "no PostgreSQL programs (initdb, pg_ctl) under /usr/lib/postgresql";
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      return "running as root without a postgres user to run the cluster as";
    }
  }
  return undefined;
}

/**
 * A PostgreSQL cluster of its own, in a temporary folder on a free port, so a test can stop and
 * restart the database under the app without touching the machine's server. As root, it runs as
 * the postgres user (PostgreSQL refuses root).
 */
export function startThrowawayCluster(port: number) {
  const bin = postgresBin();
  if (!bin) throw new Error("no PostgreSQL programs");
  const dir = mkdtempSync(path.join(os.tmpdir(), "keyholder-pgcluster-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const asOwner = (program: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, program), args, { stdio: "pipe" });
  asOwner("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (args: string[]) =>
    asOwner("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", ...args]);
  ctl(["start"]);
  const ctlArgs = (args: string[]) => ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", ...args];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /**
     * pg_ctl restart with the given shutdown mode (fast: sessions ended; immediate: a crash), run
     * without blocking this process, so the load goes on while the database is away.
     */
    restart: async (mode: "fast" | "immediate") => {
      const args = ctlArgs(["restart", "-m", mode]);
      if (process.getuid?.() === 0) await run("runuser", ["-u", "postgres", "--", path.join(bin, "pg_ctl"), ...args]);
      else await run(path.join(bin, "pg_ctl"), args);
    },
    stop: () => {
      try {
        ctl(["stop", "-m", "immediate"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
