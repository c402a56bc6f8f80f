import { z } from "zod";

/**
 * In-app notices (first used for staff approval): something people of an organization should know or act on,
 * shown under the bell in the workspace header. A notice is addressed to one user, or to everyone
 * whose role holds a permission (those who can act on it); it is about a record (its subject),
 * which opening the notice shows; it leaves everyone's list once what it asks for is done.
 */
export const NOTICE_KINDS = {
  /** A staff member accepted their invitation and waits for an administrator's approval. */
  staffAwaitingApproval: "staff.awaiting_approval",
  /** The nightly check of the books found problems (decision 039); resolved by a night that finds none. */
  booksProblems: "books.problems",
} as const;
export type NoticeKind = (typeof NOTICE_KINDS)[keyof typeof NOTICE_KINDS];

/** The records a notice can be about; the workspace knows which table shows each. */
export const NOTICE_SUBJECT_TYPES = ["staff", "maintenance_request", "books"] as const;
export type NoticeSubjectType = (typeof NOTICE_SUBJECT_TYPES)[number];

/** The most recent notices a list answers; older ones are still counted as unread. */
export const NOTICES_LIMIT = 50;
/** How often the workspace asks for new notices while open. */
export const NOTICES_REFRESH_MS = 60_000;

export const noticeSubjectSchema = z.object({ type: z.enum(NOTICE_SUBJECT_TYPES), id: z.string() });
export type NoticeSubject = z.infer<typeof noticeSubjectSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  subject: noticeSubjectSchema.nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/v1/notices: the user's open notices, newest first, and how many they have not read. */
export const noticeListSchema = z.object({
  notices: z.array(noticeSchema),
  unread_count: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const noticeMessages = {
  notFound: "Notice not found",
  heading: "Notifications",
  none: "Nothing needs your attention.",
  markAllRead: "Mark all as read",
  unread: "Unread",
  buttonLabel: (unread: number) => (unread ? `Notifications, ${unread} unread` : "Notifications"),
  loadFailed: "Could not load notifications.",
} as const;

/**
 * The workspace address that opens a record (a notice's subject, a link in an email):
 * /workspace?open=staff:<id>. One format for the server's mail and the web's route.
 */
export const OPEN_PARAM = "open";
export const openParamOf = (subject: NoticeSubject) => `${subject.type}:${subject.id}`;
export function subjectOfOpenParam(value: unknown): NoticeSubject | null {
  if (typeof value !== "string") return null;
  const at = value.indexOf(":");
  const parsed = noticeSubjectSchema.safeParse({ type: value.slice(0, at), id: value.slice(at + 1) });
  return at > 0 && parsed.success && parsed.data.id.length > 0 && parsed.data.id.length <= 100 ? parsed.data : null;
}
export const workspacePathOf = (subject: NoticeSubject) =>
  `/workspace?${OPEN_PARAM}=${subject.type}:${encodeURIComponent(subject.id)}`;
