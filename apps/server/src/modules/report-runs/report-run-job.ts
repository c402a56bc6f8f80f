import { isTechnicianRole } from "@keyholder/contracts/permissions";
import {
  type FileFormat,
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_FILE_DAYS,
  reportRunMessages,
} from "@keyholder/contracts/report-runs";
import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withOrg } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import { JobRefusal } from "../../lib/jobs/job-refusal.ts";
import type { ClaimedJob } from "../../lib/jobs/job-store.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { REPORT_CONTENT_TYPES, renderReport } from "../../lib/reports/render-report.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { asBackgroundRun } from "../../lib/reports/report-rows.ts";
import type { JobHandler, JobTools } from "../../plugins/jobs.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { mayReadReport } from "./report-permission.ts";
import { withRowsProgress } from "./rows-progress.ts";

export const REPORT_RUN = "report-run";

export interface ReportRunParams {
  report: string;
  query: Record<string, string>;
  format: FileFormat;
  email: boolean;
}

/** What a finished run keeps: where its file is and until when. */
export interface ReportRunResult {
  file_key: string;
  file_name: string;
  bytes: number;
  expires_at: string;
  emailed: boolean;
  /** The file's own lines of what it was run for. */
  summary: string;
}

/** The file of a run: one key per run, so a run tried again writes the same object over. */
export const reportFileKey = (orgId: string, runId: string, format: FileFormat) =>
  `org/${orgId}/reports/${runId}.${format}`;

/** The requester as they are now: their role and properties decide what the run may read. */
async function requester(app: FastifyInstance, orgId: string, userId: number) {
  return withOrg(app.db, { orgId }, async (tx) => {
    const [user] = await rowsOf<{ username: string; role: string; all_properties: boolean; usable: boolean }>(
      tx,
      sql`select u.username, r.name as role, (u.all_properties or r.name in ('ADMIN', 'OPERATOR')) as all_properties,
        (u.enabled and not u.locked and not u.banned) as usable
      from users u join roles r on r.id = u.role_id where u.organization_id = ${orgId} and u.id = ${userId}`,
    );
    if (!user?.usable) return null;
    const properties = user.all_properties
      ? null
      : (
          await rowsOf<{ property_id: string }>(
            tx,
            sql`select property_id from user_properties where organization_id = ${orgId} and user_id = ${userId}`,
          )
        ).map((p) => p.property_id);
    return { email: user.username, role: user.role, properties };
  });
}

/**
 * A report run in the background (issue 30 item 7): the report read as its requester may read it
 * today (their role and properties; row-level security as on screen), written in its format to the
 * file store as it is rendered, the file's place kept as the job's result; then emailed when they
 * asked (a schedule always asks), the file attached and linked. A report read whole reads up to
 * REPORT_RUN_MAX_ROWS rows; one read in parts (`stream`: the rent roll, general ledger detail,
 * deposit register, lease expirations, open and completed maintenance) any number. A report that cannot be run (too large, a
 * requester who may no longer read it) fails at once, saying why.
 */
export function reportRunHandler(app: FastifyInstance): JobHandler {
  return {
    kind: REPORT_RUN,
    async run(job: ClaimedJob, tools: JobTools) {
      const progressMs = app.env.REPORT_PROGRESS_SECONDS * 1000;
      const p = job.params as unknown as ReportRunParams & { user_id: number };
      const report = app.reports.get(p.report);
      const title = REPORT_CATALOGUE.find((r) => r.id === p.report)?.title ?? p.report;
      if (!report) throw new JobRefusal(reportRunMessages.report);
      const user = await requester(app, job.orgId, p.user_id);
      if (!user || !mayReadReport(user.role, p.report)) throw new JobRefusal(reportRunMessages.userGone);
      await tools.checkpoint(async () => ({ value: null, progress: { phase: "reading", step: 1, steps: 3 } }));
      const scope = {
        orgId: job.orgId,
        userId: p.user_id,
        propertyIds: user.properties,
        technician: isTechnicianRole(user.role),
      };
      const key = reportFileKey(job.orgId, job.id, p.format);
      const type = REPORT_CONTENT_TYPES[p.format];
      // A report read in parts is written in the transaction it is read in (one snapshot), as it is read.
      const read = await withOrg(app.db, scope, async (tx) => {
        asBackgroundRun(tx);
        try {
          const query = report.query.parse({ ...p.query, format: p.format });
          const heading = await reportHeading(tx, job.orgId);
          if (!report.stream) return { doc: report.document(await report.read(tx, job.orgId, query)), heading };
          const doc = await report.stream(tx, job.orgId, query, { batchRows: app.env.REPORT_BATCH_ROWS });
          const counted = withRowsProgress(doc, tools, progressMs);
          const written = await app.storage.putStream(key, renderReport(p.format, counted.doc, heading), type);
          return { doc, heading, ...written, counted };
        } catch (err) {
          // A report's refusal (too many rows, a property gone) is the user's to read.
          if (err instanceof HttpError) throw new JobRefusal(err.message);
          throw err;
        }
      });
      const { doc } = read;
      let bytes = "bytes" in read ? read.bytes : null;
      if ("counted" in read) await read.counted.settled();
      if (bytes === null) {
        await tools.checkpoint(async () => ({ value: null, progress: { phase: "writing", step: 2, steps: 3 } }));
        // Written to the store as it is rendered, never whole in memory.
        const counted = withRowsProgress(doc, tools, progressMs);
        ({ bytes } = await app.storage.putStream(key, renderReport(p.format, counted.doc, read.heading), type));
        await counted.settled();
      }
      const expires = new Date(tools.now().getTime() + REPORT_FILE_DAYS * 86_400_000).toISOString();
      const fileName = `${doc.fileName}.${p.format}`;
      if (p.email) {
        const attached = bytes <= REPORT_ATTACHMENT_MAX_BYTES ? await app.storage.get(key) : null;
        const link = `${publicUrl(app.env)}/api/v1/report-runs/${job.id}/file`;
        await app.mailer.send({
          to: user.email,
          subject: `${title} is ready`,
          text: [
            attached
              ? `${title} (${doc.lines.join(", ")}) is attached, and ready to download until ${expires.slice(0, 10)}:`
              : `${title} (${doc.lines.join(", ")}) is too large to attach: download it until ${expires.slice(0, 10)}:`,
            link,
            "It also waits in Downloads on the Reports tabs.",
          ].join("\n\n"),
          attachments: attached ? [{ filename: fileName, contentType: type, content: attached }] : [],
        });
      }
      const result: ReportRunResult = {
        file_key: key,
        file_name: fileName,
        bytes,
        expires_at: expires,
        emailed: p.email,
        summary: doc.lines.join(", "),
      };
      await tools.checkpoint(async () => ({ value: null, progress: { phase: "done", step: 3, steps: 3 } }));
      return { done: true, result: { ...result } };
    },
  };
}
