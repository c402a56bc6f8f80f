import type { NoticeSubject, NoticeSubjectType } from "@keyholder/contracts/notices";
import { requestInWorkspace, type WorkspaceRequest } from "../../lib/workspace-requests.ts";

/** The workspace table that shows each kind of record a notice can be about. */
const SUBJECT_TABLES: Record<NoticeSubjectType, { category: string; item: string }> = {
  staff: { category: "Users", item: "Staff" },
  maintenance_request: { category: "Maintenance", item: "All Requests" },
  // The books' problems are listed in General Ledger's Diagnostics.
  books: { category: "Accounting", item: "General Ledger" },
};

/** What shows a notice's record: its table's tab, then its View dialog. */
export const subjectRequest = (subject: NoticeSubject): WorkspaceRequest => ({
  ...SUBJECT_TABLES[subject.type],
  action: "show",
  id: subject.id,
});

export const openSubject = (subject: NoticeSubject) => requestInWorkspace(subjectRequest(subject));
