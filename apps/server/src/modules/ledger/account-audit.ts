import type { LedgerAccount } from "@keyholder/contracts/ledger";
import type { AuditedFields } from "../../lib/audit.ts";

/** What an account's history shows of it. */
export const auditedAccount = (a: Pick<LedgerAccount, "code" | "name" | "type" | "is_active">): AuditedFields => ({
  code: a.code,
  name: a.name,
  type: a.type,
  is_active: a.is_active,
});
