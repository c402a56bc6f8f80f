import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
} from "@keyholder/contracts/applications";
import type { AiResponse } from "@keyholder/contracts/assistant";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { inviteStatus } from "../staff/list-staff.ts";
import { whole } from "./answer-format.ts";
import { normalize, sameWord } from "./fuzzy.ts";
import type { Scope } from "./scope.ts";

type Rows<T> = { rows: T[] };
type Answer = Omit<AiResponse, "engine">;

/** The application status a question names ("new", "declined"), if any. */
export function applicationStatusIn(prompt: string): ApplicationStatus | undefined {
  const words = normalize(prompt).split(" ");
  return APPLICATION_STATUSES.find((s) =>
    words.some((w) => sameWord(w, s) || sameWord(w, APPLICATION_STATUS_LABELS[s].toLowerCase())),
  );
}

/** Submitted applications by status (or the one status named), of a property or all. */
export async function answerApplicants(tx: Tx, scope: Scope, named: ApplicationStatus | undefined): Promise<Answer> {
  const where: SQL[] = [sql`status <> 'draft'`];
  if (scope.property) where.push(sql`property_id = ${scope.property.id}`);
  const { rows } = (await tx.execute(sql`select status, count(*)::int as n from applications
    where ${sql.join(where, sql` and `)} group by status`)) as unknown as Rows<{
    status: ApplicationStatus;
    n: number;
  }>;
  const count = (s: ApplicationStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  const total = rows.reduce((n, r) => n + r.n, 0);
  const place = scope.property ? ` for ${scope.property.name}` : "";
  const target = {
    workspace: {
      category: "Applicants",
      item: "All Applicants",
      filters: {
        ...(named ? { status: APPLICATION_STATUS_LABELS[named] } : {}),
        ...(scope.property ? { property_name: scope.property.name } : {}),
      },
    },
  };
  const links = [{ label: "Open these applicants", target }];
  if (named) {
    return {
      response: `${whole(count(named))} ${APPLICATION_STATUS_LABELS[named].toLowerCase()} ${count(named) === 1 ? "application" : "applications"}${place}, of ${whole(total)} in all.`,
      links,
    };
  }
  if (total === 0) return { response: `No applications${place} yet.`, links };
  const parts = APPLICATION_STATUSES.filter((s) => count(s) > 0).map(
    (s) => `${whole(count(s))} ${APPLICATION_STATUS_LABELS[s]}`,
  );
  return {
    response: `${whole(total)} ${total === 1 ? "application" : "applications"}${place}: ${parts.join(", ")}.`,
    links,
  };
}

/** Staff by the state of their invitation. */
export async function answerStaff(tx: Tx): Promise<Answer> {
  const { rows } = (await tx.execute(
    sql`select ${inviteStatus} as state, count(*)::int as n from staff s group by 1 order by 2 desc`,
  )) as unknown as Rows<{ state: string; n: number }>;
  const total = rows.reduce((n, r) => n + r.n, 0);
  const links = [{ label: "Open Staff", target: { workspace: { category: "Users", item: "Staff" } } }];
  if (total === 0) return { response: "You have not invited any staff yet.", links };
  return {
    response: `${whole(total)} staff ${total === 1 ? "member" : "members"}: ${rows.map((r) => `${whole(r.n)} ${r.state}`).join(", ")}.`,
    links,
  };
}
