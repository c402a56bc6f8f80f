import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import { asSystem, type DatabaseHandle, withOrg } from "../db/client.ts";
import type { ClaimedJob } from "../lib/jobs/job-store.ts";
import { createApprovedOrganization } from "../modules/demo/create-organization.ts";
import type { JobTools } from "./jobs.ts";

interface Steps extends Record<string, unknown> {
  step: number;
}

/**
 * Durable jobs (decision 026) with a job of five steps, each posting a journal entry in the
 * transaction that records its progress: what a job did is exactly what its checkpoints committed.
 */
describe("durable jobs", () => {
  let database: DatabaseHandle;
  let orgId: string;
  let accounts: number[];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(database.db, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);
  /** What the test does at a step before its checkpoint, by job (fail, let another worker take it...). */
  const before = new Map<string, (step: number, attempt: number, tools: JobTools) => Promise<void> | void>();

  async function stepsJob(job: ClaimedJob, tools: JobTools) {
    let { step = 0 } = job.progress as Steps;
    while (step < 5) {
      if (tools.stopping()) return { done: false as const };
      await before.get(job.id)?.(step, job.attempts, tools);
      const s = step;
      step = await tools.checkpoint(async (tx) => {
        await tx.execute(sql`
          with e as (
            insert into journal_entries (organization_id, posted_on, source, idempotency_key)
            values (${job.orgId}, '2026-03-02', 'manual', ${`step:${job.id}:${s}`}) returning id
          )
          insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on)
          select ${job.orgId}, e.id, x.n, x.account, x.amount, '2026-03-02'
          from e, (values (1, ${accounts[0]}::int, 100::bigint), (2, ${accounts[1]}::int, -100::bigint)) x(n, account, amount)`);
        return { value: s + 1, progress: { step: s + 1 } };
      });
    }
    return { done: true as const, result: { steps: step } };
  }

  /** An app server with the test's job kind, its worker on unless said otherwise. */
  async function server(worker = true) {
    const app = await buildApp({
      env: testEnv({ JOB_POLL_SECONDS: "0.05", JOB_WORKER: String(worker) }),
      database,
      webDist: "/nonexistent",
    });
    app.jobs.register({ kind: "steps", run: stepsJob });
    await app.ready();
    return app;
  }

  const enqueue = (maxAttempts = 5) =>
    withOrg(database.db, { orgId }, async (tx) => {
      const { rows: made } = (await tx.execute(sql`
        insert into jobs (organization_id, kind, max_attempts) values (${orgId}, 'steps', ${maxAttempts})
        returning id`)) as unknown as { rows: { id: string }[] };
      return String(made[0]?.id);
    });
  const job = async (id: string) =>
    (
      await rows<{ status: string; attempts: number; progress: Steps; error: string | null; locked_by: string | null }>(
        sql`select status, attempts, progress, error, locked_by from jobs where id = ${id}`,
      )
    )[0];
  /** The steps whose entries are posted, in order (each at most once: the key is unique). */
  const stepsPosted = async (id: string) =>
    (
      await rows<{ k: string }>(
        sql`select idempotency_key as k from journal_entries where idempotency_key like ${`step:${id}:%`} order by 1`,
      )
    ).map((r) => Number(r.k.split(":")[2]));
  const due = (id: string) => rows(sql`update jobs set run_after = now() where id = ${id}`);

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ orgId } = await createApprovedOrganization(database.db, {
      name: "Job Works",
      email: "jobs@example.com",
      password: "Job-Works-Pass-1!",
      firstName: "Job",
      lastName: "Admin",
    }));
    accounts = (
      await rows<{ id: number }>(
        sql`select id from ledger_accounts where organization_id = ${orgId} and role in ('operating_cash', 'owner_contributions') order by code`,
      )
    ).map((a) => Number(a.id));
  });
  afterAll(() => database.close());

  it("tries a failed job again, resuming after its last committed step", async () => {
    const app = await server(false);
    const id = await enqueue();
    before.set(id, (step, attempt) => {
      if (step === 2 && attempt === 1) throw new Error("the bank's server did not answer");
    });
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      progress: { step: 2 },
      error: "the bank's server did not answer",
    });
    expect(await stepsPosted(id)).toEqual([0, 1]);
    await due(id);
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: "succeeded", attempts: 2, progress: { step: 5 }, error: null });
    expect(await stepsPosted(id)).toEqual([0, 1, 2, 3, 4]);
    await app.close();
  });

  it("takes over a job whose server stopped answering once its lease ran out, and resumes it", async () => {
    const id = await enqueue();
    await rows(sql`update jobs set status = 'running', attempts = 1, locked_by = 'gone:1', progress = '{"step": 3}',
      locked_until = now() - interval '1 second' where id = ${id}`);
    const app = await server(false);
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await stepsPosted(id)).toEqual([3, 4]);
    await app.close();
  });

  it("leaves alone a job another server holds under a lease", async () => {
    const id = await enqueue();
    await rows(sql`update jobs set status = 'running', locked_by = 'alive:1', locked_until = now() + interval '1 minute'
      where id = ${id}`);
    const app = await server(false);
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: "running", locked_by: "alive:1" });
    expect(await stepsPosted(id)).toEqual([]);
    await rows(sql`update jobs set status = 'failed' where id = ${id}`);
    await app.close();
  });

  it("rolls back the step of a worker that lost its job to another", async () => {
    const app = await server(false);
    const id = await enqueue();
    before.set(id, async (step) => {
      if (step === 1) await rows(sql`update jobs set locked_by = 'other:2' where id = ${id}`);
    });
    await app.jobs.drain();
    expect(await stepsPosted(id)).toEqual([0]);
    expect(await job(id)).toMatchObject({ status: "running", locked_by: "other:2", progress: { step: 1 } });
    await rows(sql`update jobs set status = 'failed' where id = ${id}`);
    await app.close();
  });

  it("tells users why a try failed, never the query behind it", async () => {
    const app = await server(false);
    const id = await enqueue();
    before.set(id, async (step, attempt, tools) => {
      if (step === 1 && attempt === 1) {
        await tools.checkpoint(async (tx) => {
          await tx.execute(sql`select 1 / (select count(*) from journal_entries where idempotency_key = 'secret-key')`);
          return { value: 0, progress: { step } };
        });
      }
    });
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({
      status: "queued",
      error: "The database refused a step; the details are in the server's log",
    });
    await rows(sql`update jobs set status = 'failed' where id = ${id}`);
    await app.close();
  });

  it("stops after its tries, saying why", async () => {
    const app = await server(false);
    const id = await enqueue(2);
    before.set(id, () => {
      throw new Error("always wrong");
    });
    await app.jobs.drain();
    await due(id);
    await app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: "failed", attempts: 2, error: "always wrong" });
    await app.close();
  });

  it("puts its job back in the queue when the server stops, for the next server to finish", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const id = await enqueue();
    before.set(id, async (step) => {
      if (step === 2) {
        started();
        await gate;
      }
    });
    const app = await server(true);
    await running;
    const closing = app.close();
    // The stop is under way (its first hook has run) while the job is between two steps.
    await new Promise((r) => setTimeout(r, 100));
    release();
    await closing;
    expect(await job(id)).toMatchObject({ status: "queued", attempts: 0, locked_by: null });
    expect(await stepsPosted(id)).toEqual([0, 1, 2]);
    before.delete(id);
    const next = await server(false);
    await next.jobs.drain();
    expect(await job(id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(await stepsPosted(id)).toEqual([0, 1, 2, 3, 4]);
    await next.close();
  });
});
