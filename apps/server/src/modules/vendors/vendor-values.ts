import { EXPENSE_ACCOUNT_CODES, type VendorForm, vendorMessages } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

/** Bound into every sealed taxpayer id, so a value sealed for another use cannot be passed off as one. */
const PURPOSE = "keyholder:vendor_taxpayer_id";

export const sealTaxpayerId = (box: SecretBox, plain: string) => box.seal(plain, PURPOSE);
export const openTaxpayerId = (box: SecretBox, sealed: string) => box.open(sealed, PURPOSE);
export const last4Of = (taxpayerId: string) => taxpayerId.replace(/\D/g, "").slice(-4);

const field = (name: string, message: string) => badRequest(message, { [name]: [message] });

/**
 * The default expense account's name ("5410 Plumbing"), after checking it is one of the
 * organization's active expense accounts with a code from 5000 to 8999; null without one.
 */
export async function expenseAccountName(tx: Tx, orgId: string, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const { rows } = (await tx.execute(sql`select code, name, type, is_active from ledger_accounts
    where organization_id = ${orgId} and id = ${id}`)) as unknown as {
    rows: { code: string; name: string; type: string; is_active: boolean | string }[];
  };
  const account = rows[0];
  if (!account) throw field("default_expense_account_id", vendorMessages.expenseAccountUnknown);
  const code = /^\d+$/.test(account.code) ? Number(account.code) : Number.NaN;
  const active = account.is_active === true || account.is_active === "t";
  if (
    account.type !== "expense" ||
    !active ||
    !(code >= EXPENSE_ACCOUNT_CODES.first && code <= EXPENSE_ACCOUNT_CODES.last)
  )
    throw field("default_expense_account_id", vendorMessages.expenseAccountNotExpense);
  return `${account.code} ${account.name}`;
}

/** The form's fields (all but the taxpayer id, which has its own rule) as drizzle column values. */
export function vendorValues(form: VendorForm) {
  return {
    name: form.name,
    trades: [...form.trades],
    contactName: form.contact_name,
    email: form.email,
    phone: form.phone,
    alternatePhone: form.alternate_phone,
    addressLine1: form.address_line_1,
    addressLine2: form.address_line_2,
    city: form.city,
    stateCode: form.state_code,
    zipcode: form.zipcode,
    legalName: form.legal_name,
    taxClassification: form.tax_classification,
    eligible1099: form.eligible_1099,
    insuranceProvider: form.insurance_provider,
    insurancePolicyNumber: form.insurance_policy_number,
    insuranceExpiresOn: form.insurance_expires_on,
    defaultExpenseAccountId: form.default_expense_account_id,
    notes: form.notes,
  };
}
