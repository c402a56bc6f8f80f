import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import type { AuditedFields } from "../../lib/audit.ts";

/** What a bank account's history shows of it. */
export const auditedBankAccount = (b: BankAccount): AuditedFields => ({
  name: b.name,
  kind: b.kind,
  bank_name: b.bank_name,
  account_last4: b.account_last4,
  routing_number: b.routing_number,
  ledger_account: `${b.ledger_account.code} ${b.ledger_account.name}`,
  is_active: b.is_active,
});
