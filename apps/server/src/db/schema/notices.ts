import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/**
 * In-app notices (decision 025): what people of an organization should know or act on, shown under
 * the workspace's bell. Addressed to one user, or to everyone whose role holds a permission (those
 * who can act on it, whoever they are when they look); about a record, the subject, which opening
 * it shows. Resolved once done (a staff member approved): then it leaves everyone's list.
 */
export const notices = pgTable(
  "notices",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /** What happened, for the code that resolves it: contracts NOTICE_KINDS. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    /** The record it is about (contracts NOTICE_SUBJECT_TYPES), and its id as text. */
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    /** One user, or else everyone whose role holds `permission`. */
    userId: integer("user_id"),
    permission: text("permission"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    check("notices_one_audience", sql`(${t.userId} is null) <> (${t.permission} is null)`),
    // One open notice of a kind per record: posting it again changes nothing.
    uniqueIndex("notices_open_subject_key")
      .on(t.organizationId, t.kind, t.subjectType, t.subjectId)
      .where(sql`${t.resolvedAt} is null`),
    // The bell's question: the open notices of the organization, newest first.
    index("notices_open_idx").on(t.organizationId, t.createdAt, t.id).where(sql`${t.resolvedAt} is null`),
    tenantPolicy(),
  ],
);

/** Who has read which notice: a notice addressed to a role is read by each of its people on their own. */
export const noticeReads = pgTable(
  "notice_reads",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    noticeId: bigint("notice_id", { mode: "number" }).notNull(),
    userId: integer("user_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.noticeId, t.userId] }),
    foreignKey({
      columns: [t.organizationId, t.noticeId],
      foreignColumns: [notices.organizationId, notices.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);
