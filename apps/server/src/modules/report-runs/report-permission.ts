import { canAny, type Permission } from "@keyholder/contracts/permissions";
import { ROUTE_RULES } from "../../plugins/route-rules.ts";

/** The permission a report's own route asks for: a run of it asks the same. */
export function reportPermission(report: string): Permission | readonly Permission[] | null {
  const rule = ROUTE_RULES[`GET /reports/${report}`];
  return rule === undefined || rule === "public" || rule === "signed-in" || rule === "operator" ? null : rule;
}

/** Whether a role may read a report (and so run it in the background). */
export const mayReadReport = (role: string, report: string) => {
  const permission = reportPermission(report);
  return permission !== null && canAny(role, permission);
};
