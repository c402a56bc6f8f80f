import type { TaxClassification, VendorFormInput, VendorRow, VendorTrade } from "@keyholder/contracts/vendors";

/** The vendor dialog's fields as typed; the taxpayer id always starts empty (it is never sent back). */
export interface VendorValues {
  name: string;
  trades: VendorTrade[];
  contact_name: string;
  email: string;
  phone: string;
  alternate_phone: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state_code: string;
  zipcode: string;
  legal_name: string;
  tax_classification: TaxClassification | "";
  taxpayer_id: string;
  clear_taxpayer_id: boolean;
  eligible_1099: boolean;
  insurance_provider: string;
  insurance_policy_number: string;
  insurance_expires_on: string;
  /** The account's id as the select holds it, "" for none. */
  default_expense_account_id: string;
  notes: string;
}

export const vendorValues = (row: VendorRow | null): VendorValues => ({
  name: row?.name ?? "",
  trades: row?.trades ?? [],
  contact_name: row?.contact_name ?? "",
  email: row?.email ?? "",
  phone: row?.phone ?? "",
  alternate_phone: row?.alternate_phone ?? "",
  address_line_1: row?.address_line_1 ?? "",
  address_line_2: row?.address_line_2 ?? "",
  city: row?.city ?? "",
  state_code: row?.state_code ?? "",
  zipcode: row?.zipcode ?? "",
  legal_name: row?.legal_name ?? "",
  tax_classification: row?.tax_classification ?? "",
  taxpayer_id: "",
  clear_taxpayer_id: false,
  eligible_1099: row?.eligible_1099 ?? false,
  insurance_provider: row?.insurance_provider ?? "",
  insurance_policy_number: row?.insurance_policy_number ?? "",
  insurance_expires_on: row?.insurance_expires_on ?? "",
  default_expense_account_id:
    row?.default_expense_account_id === null || !row ? "" : String(row.default_expense_account_id),
  notes: row?.notes ?? "",
});

/** The values as the form contract reads them. */
export const vendorInput = (v: VendorValues): VendorFormInput => ({
  ...v,
  default_expense_account_id: v.default_expense_account_id === "" ? null : Number(v.default_expense_account_id),
});
