import type { NoticeKind, NoticeSubject } from "@keyholder/contracts/notices";
import type { Permission } from "@keyholder/contracts/permissions";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { notices } from "../db/schema/index.ts";

/** Who a notice is for: one user, or everyone whose role holds the permission it takes to act on it. */
export type NoticeAudience = { userId: number } | { permission: Permission };

export interface NewNotice {
  kind: NoticeKind;
  title: string;
  body?: string | null;
  subject?: NoticeSubject | null;
  audience: NoticeAudience;
}

/** A notice as a row of `notices` (several are inserted at once by the demo data). */
export const noticeRow = (orgId: string, notice: NewNotice) => ({
  organizationId: orgId,
  kind: notice.kind,
  title: notice.title,
  body: notice.body ?? null,
  subjectType: notice.subject?.type ?? null,
  subjectId: notice.subject?.id ?? null,
  userId: "userId" in notice.audience ? notice.audience.userId : null,
  permission: "permission" in notice.audience ? notice.audience.permission : null,
});

/**
 * Posts an in-app notice in the caller's transaction (so it exists exactly when what it tells of
 * does). An open notice of the same kind about the same record is kept as it is.
 */
export async function postNotice(tx: Tx, orgId: string, notice: NewNotice): Promise<void> {
  await tx.insert(notices).values(noticeRow(orgId, notice)).onConflictDoNothing();
}

/** What a notice asked for is done (or no longer can be): it leaves the list of everyone it was for. */
export async function resolveNotices(tx: Tx, orgId: string, kind: NoticeKind, subject: NoticeSubject): Promise<void> {
  await tx
    .update(notices)
    .set({ resolvedAt: new Date().toISOString() })
    .where(
      and(
        eq(notices.organizationId, orgId),
        eq(notices.kind, kind),
        eq(notices.subjectType, subject.type),
        eq(notices.subjectId, subject.id),
        isNull(notices.resolvedAt),
      ),
    );
}
