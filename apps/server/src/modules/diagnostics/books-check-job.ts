import { booksProblemsNotice } from "@keyholder/contracts/diagnostics";
import { NOTICE_KINDS } from "@keyholder/contracts/notices";
import type { ClaimedJob } from "../../lib/jobs/job-store.ts";
import { postNotice, resolveNotices } from "../../lib/notices.ts";
import type { JobHandler, JobTools } from "../../plugins/jobs.ts";
import { checkBooks } from "./check-books.ts";

export const BOOKS_CHECK = "books-check";
const subject = { type: "books", id: "books" } as const;

/**
 * The nightly check of the books (issue 29 item 7): the on-demand checks, their findings kept as the
 * job's result, and one notice for administrators while there are problems, resolved by the first
 * night that finds none.
 */
export const booksCheckHandler: JobHandler = {
  kind: BOOKS_CHECK,
  async run(job: ClaimedJob, tools: JobTools) {
    const found = await tools.checkpoint(async (tx) => {
      const diagnostics = await checkBooks(tx, job.orgId, tools.now());
      // Yesterday's notice goes either way: none is left when all is well, a new count is a new notice.
      await resolveNotices(tx, job.orgId, NOTICE_KINDS.booksProblems, subject);
      if (diagnostics.problems.length > 0)
        await postNotice(tx, job.orgId, {
          kind: NOTICE_KINDS.booksProblems,
          ...booksProblemsNotice(diagnostics.problems.length),
          subject,
          audience: { permission: "accounting.manage" },
        });
      return { value: diagnostics, progress: { checked: true } };
    });
    return { done: true, result: found };
  },
};
