import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { asSystem, type Tx, withOrg } from "../db/client.ts";
import { JobRefusal } from "../lib/jobs/job-refusal.ts";
import {
  type ClaimedJob,
  claimJob,
  enqueueJob,
  failJob,
  finishJob,
  type NewJob,
  releaseJob,
  saveProgress,
} from "../lib/jobs/job-store.ts";
import { loggableError } from "../lib/loggable-error.ts";

/** What a job's handler may do besides its own queries. */
export interface JobTools {
  /**
   * Runs fn in a transaction of the job's organization (row-level security as keyholder_app) and
   * saves the progress it returns in that same transaction, renewing the claim: work and checkpoint
   * commit together, so a job resumed after a crash starts exactly after its last committed step.
   * Throws (rolling fn back) when another worker has taken the job over.
   */
  checkpoint<T>(fn: (tx: Tx) => Promise<{ value: T; progress: Record<string, unknown> }>): Promise<T>;
  /** The server is stopping: return `{ done: false }` now; the job resumes on another server or at the next start. */
  stopping(): boolean;
  /** The app's clock (tests move it). */
  now(): Date;
}

export type JobOutcome = { done: true; result: Record<string, unknown> } | { done: false };

export interface JobHandler {
  kind: string;
  run(job: ClaimedJob, tools: JobTools): Promise<JobOutcome>;
}

/** Periodic work over all organizations (enqueueing the due jobs), run by one server at a time. */
export interface JobSchedule {
  name: string;
  run(tx: Tx, now: Date): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's clock: the day it is for schedules and jobs. Tests build the app with their own. */
    now(): Date;
    jobs: {
      /** Modules register their handlers (plugins never import modules). */
      register(handler: JobHandler): void;
      schedule(schedule: JobSchedule): void;
      /** Queues a job in the caller's transaction; null when its dedupe key is taken. */
      enqueue(tx: Tx, job: NewJob): Promise<string | null>;
      /** Tells this server's idle worker to look for jobs now (after the transaction that queued one committed). */
      wake(): void;
      /** Runs the schedules now (they also run at start and every JOB_SCHEDULE_MINUTES). */
      tick(): Promise<void>;
      /** Runs due jobs until none is left, including one this server's worker is running (tests, CLI). */
      drain(): Promise<void>;
      /** This server's worker name, as jobs.locked_by records it. */
      readonly worker: string;
    };
  }
}

/** Advisory-lock namespace of the schedules (pg_try_advisory_xact_lock(namespace, hashtext(name))). */
const SCHEDULE_LOCK = 27_001;
const LEASE_SECONDS = 120;

class JobLost extends Error {}

/**
 * What the organization's users read of a failed try: a refusal meant for them (the ledger's, a
 * handler's own message), never a query's text or its values, which stay in the log.
 */
function readableError(err: unknown): string {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && code.startsWith("KH") && typeof message === "string") return message;
  }
  if (err instanceof DrizzleQueryError || (err as { code?: unknown })?.code !== undefined) {
    return "The database refused a step; the details are in the server's log";
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * Durable jobs (decision 026): a jobs table claimed with FOR UPDATE SKIP LOCKED, a lease renewed at
 * each checkpoint, schedules under an advisory lock. Works the same on PGlite (one process) and on
 * PostgreSQL with several app servers. The worker starts when the app is ready (after every module
 * registered its handlers) unless JOB_WORKER is off, and stops with the app: the job it runs ends at
 * its next checkpoint and goes back to the queue.
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { now?: (() => Date) | undefined }) {
    const handlers = new Map<string, JobHandler>();
    const schedules: JobSchedule[] = [];
    const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const now = opts.now ?? (() => new Date());
    let stopping = false;
    let current: Promise<boolean> | null = null;
    let wake: (() => void) | null = null;
    let loop: Promise<void> | null = null;
    let timer: NodeJS.Timeout | null = null;

    const tools = (job: ClaimedJob): JobTools => ({
      now,
      stopping: () => stopping,
      checkpoint: (fn) =>
        withOrg(app.db, { orgId: job.orgId }, async (tx) => {
          const { value, progress } = await fn(tx);
          if (!(await saveProgress(tx, job, { worker, leaseSeconds: LEASE_SECONDS, progress }))) throw new JobLost();
          return value;
        }),
    });

    async function runJob(job: ClaimedJob) {
      const handler = handlers.get(job.kind);
      if (!handler) return;
      if (job.attempts > job.maxAttempts) {
        await failJob(app.db, job, worker, `Stopped after ${job.maxAttempts} tries`);
        return;
      }
      try {
        const outcome = await handler.run(job, tools(job));
        if (outcome.done) await finishJob(app.db, job, worker, outcome.result);
        else await releaseJob(app.db, job, worker);
      } catch (err) {
        if (err instanceof JobLost) {
          app.log.warn({ job: job.id }, "job taken over by another worker");
          return;
        }
        if (err instanceof JobRefusal) {
          await failJob(app.db, job, worker, err.message, true);
          return;
        }
        app.log.error({ err: loggableError(err), job: job.id, kind: job.kind }, "job failed");
        await failJob(app.db, job, worker, readableError(err));
      }
    }

    /** Claims and runs one job; false when none was due. */
    const runOne = async () => {
      const job = await claimJob(app.db, { kinds: [...handlers.keys()], worker, leaseSeconds: LEASE_SECONDS });
      if (!job) return false;
      await runJob(job);
      return true;
    };

    /** One job at a time per server: the worker loop and drain() share this. */
    const runNext = () => {
      current ??= runOne().finally(() => {
        current = null;
      });
      return current;
    };

    const tick = async () => {
      for (const schedule of schedules) {
        try {
          await asSystem(app.db, async (tx) => {
            const { rows } = (await tx.execute(
              sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK}, hashtext(${schedule.name})) as got`,
            )) as unknown as { rows: { got: boolean }[] };
            // Another server is running this schedule now: it enqueues what is due.
            if (rows[0]?.got) await schedule.run(tx, now());
          });
        } catch (err) {
          app.log.error({ err: loggableError(err), schedule: schedule.name }, "schedule failed");
        }
      }
    };

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });

    async function work() {
      const idleMs = app.env.JOB_POLL_SECONDS * 1000;
      while (!stopping) {
        let ran = false;
        try {
          ran = await runNext();
        } catch (err) {
          // The database is away (restarting): wait and try again.
          app.log.error({ err: loggableError(err) }, "job worker could not claim a job");
        }
        if (!ran && !stopping) await pause(idleMs);
      }
    }

    app.decorate("now", now);
    app.decorate("jobs", {
      worker,
      register(handler: JobHandler) {
        if (handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
        handlers.set(handler.kind, handler);
      },
      schedule(schedule: JobSchedule) {
        schedules.push(schedule);
      },
      enqueue: enqueueJob,
      wake: () => wake?.(),
      tick,
      async drain() {
        for (;;) {
          if (current) await current;
          if (!(await runNext())) return;
        }
      },
    });

    app.addHook("onReady", async () => {
      if (!app.env.JOB_WORKER) return;
      // At start: whatever came due while no server ran (the schedules catch up), then on a schedule.
      await tick();
      loop = work();
      timer = setInterval(() => void tick(), app.env.JOB_SCHEDULE_MINUTES * 60_000);
      timer.unref();
    });
    // Stopping: no new job, the one running ends at its next checkpoint and goes back to the queue.
    app.addHook("preClose", async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      wake?.();
    });
    app.addHook("onClose", async () => {
      await loop;
      await current;
    });
  },
  { name: "jobs" },
);
