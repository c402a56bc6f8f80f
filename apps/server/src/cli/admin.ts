import { pathToFileURL } from "node:url";
import type { WaitlistEntry } from "@keyholder/contracts/operator";
import { WAITLIST_STATUSES } from "@keyholder/contracts/operator";
import nodemailer from "nodemailer";
import { type Database, type DatabaseHandle, openDatabase, runMigrations } from "../db/client.ts";
import { type Env, loadEnv } from "../env.ts";
import { HttpError } from "../lib/http-error.ts";
import { createMailer, type Mailer } from "../lib/mail/mailer.ts";
import { publicUrl } from "../lib/mail/public-url.ts";
import { decideWaitlist } from "../modules/operator/decide-waitlist.ts";
import { listOutbox } from "../modules/operator/list-outbox.ts";
import { listWaitlist } from "../modules/operator/list-waitlist.ts";

/**
 * `npm run admin -- <command>`: the operator's waitlist review and mail outbox from a shell, through
 * the same services as the operator screen.
 */

export const usage = [
  "Usage: npm run admin -- <command>",
  "  waitlist list [waitlisted|approved|rejected]   organizations by review status (default: waitlisted)",
  "  waitlist approve <organization id or number>   let the organization sign in and mail the applicant",
  "  waitlist reject <organization id or number>    reject the application and mail the applicant",
  "  outbox                                          the latest mail the platform recorded",
].join("\n");

export interface AdminDeps {
  db: Database;
  mailer: Mailer;
  env: Pick<Env, "PUBLIC_URL" | "PORT">;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; returns the process exit code (0 ok, 1 refused, 2 bad arguments). */
export async function runAdmin(argv: string[], deps: AdminDeps): Promise<number> {
  const [command, sub, arg, ...rest] = argv;
  const bad = (message: string) => {
    deps.err(message);
    deps.err(usage);
    return 2;
  };
  try {
    if (command === "outbox" && sub === undefined) {
      const messages = await listOutbox(deps.db);
      if (messages.length === 0) deps.out("The outbox is empty.");
      else
        printTable(
          deps.out,
          ["Id", "Created", "To", "Subject", "Transport", "Sent"],
          messages.map((m) => [
            String(m.id),
            shortDate(m.created_at),
            m.to_address,
            m.subject,
            m.transport,
            m.sent_at ? shortDate(m.sent_at) : "-",
          ]),
        );
      return 0;
    }
    if (command !== "waitlist")
      return bad(command ? `Unknown command: ${[command, sub].filter(Boolean).join(" ")}` : "No command given.");
    if (rest.length > 0) return bad(`Unexpected arguments: ${rest.join(" ")}`);
    if (sub === "list") {
      const status = (arg ?? "waitlisted") as WaitlistEntry["waitlist_status"];
      if (!WAITLIST_STATUSES.includes(status))
        return bad(`Unknown status "${arg}"; use ${WAITLIST_STATUSES.join(", ")}.`);
      printWaitlist(deps.out, await listWaitlist(deps.db, status), status);
      return 0;
    }
    if (sub === "approve" || sub === "reject") {
      if (!arg) return bad(`waitlist ${sub} needs an organization id or number.`);
      const entry = await decideWaitlist({ db: deps.db, mailer: deps.mailer, baseUrl: publicUrl(deps.env) }, arg, sub);
      deps.out(
        `${sub === "approve" ? "Approved" : "Rejected"} organization ${entry.number} "${entry.name}"` +
          (entry.owner.email ? `; ${entry.owner.email} has been mailed.` : "; it has no admin user to mail."),
      );
      return 0;
    }
    return bad(sub ? `Unknown waitlist command: ${sub}` : "waitlist needs list, approve or reject.");
  } catch (error) {
    // Refusals the API would answer with 4xx (unknown organization, already reviewed) are messages here.
    if (error instanceof HttpError && error.statusCode < 500) {
      deps.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await deps.mailer.idle();
  }
}

function printWaitlist(out: (line: string) => void, entries: WaitlistEntry[], status: string) {
  if (entries.length === 0) {
    out(`No ${status} organizations.`);
    return;
  }
  printTable(
    out,
    ["Number", "Id", "Organization", "Applicant", "Units", "Applied", "Reviewed"],
    entries.map((e) => [
      String(e.number),
      e.id,
      e.name,
      [`${e.owner.first_name} ${e.owner.last_name}`.trim(), e.owner.email && `<${e.owner.email}>`]
        .filter(Boolean)
        .join(" "),
      String(e.num_of_units),
      shortDate(e.created_date),
      e.reviewed_at ? shortDate(e.reviewed_at) : "-",
    ]),
  );
}

const shortDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 16).replace("T", " ");
};

function printTable(out: (line: string) => void, header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  out(line(header));
  out(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) out(line(r));
}

const embeddedBusy = (dataDir: string) =>
  `The embedded database in ${dataDir} can be used by one process at a time and Keyholder seems to be ` +
  "running: stop the app first, or run Keyholder against a PostgreSQL server (DATABASE_URL), where " +
  "this command works at any time.";

/**
 * PGlite takes no lock on its data directory, so a second process would open it and both could
 * corrupt it. The running app answers its health check on PORT; that is the signal to keep out.
 */
async function appIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  if (!env.DATABASE_URL && (await appIsRunning(env.PORT))) {
    console.error(embeddedBusy(env.DATA_DIR));
    return 1;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await runMigrations(database);
  } catch (error) {
    console.error(
      env.DATABASE_URL
        ? `Could not open the database at DATABASE_URL: ${(error as Error).message}`
        : `Could not open the embedded database in ${env.DATA_DIR}: ${(error as Error).message}\n${embeddedBusy(env.DATA_DIR)}`,
    );
    return 1;
  }
  const mailer = createMailer({
    db: database.db,
    transport: env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined,
    from: env.MAIL_FROM,
    log: { warn: (o, m) => console.error(m, o), error: (o, m) => console.error(m, o) },
  });
  try {
    return await runAdmin(process.argv.slice(2), {
      db: database.db,
      mailer,
      env,
      out: (l) => console.log(l),
      err: (l) => console.error(l),
    });
  } finally {
    await mailer.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
