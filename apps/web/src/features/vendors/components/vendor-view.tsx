import {
  maskedTaxpayerId,
  TAX_CLASSIFICATION_LABELS,
  VENDOR_TRADE_LABELS,
  type VendorRow,
} from "@keyholder/contracts/vendors";
import { Button } from "../../../components/ui/button.tsx";
import { FactSection } from "../../../components/ui/fact-list.tsx";
import { formatDate } from "../../../lib/format.ts";
import { InsuranceBadge } from "./insurance-badge.tsx";

const addressOf = (v: VendorRow) =>
  [
    v.address_line_1,
    v.address_line_2,
    [v.city, [v.state_code, v.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
  ]
    .filter(Boolean)
    .join("\n");

/** View Vendor: trades and contact, the 1099 details (the taxpayer id by its last four digits), insurance and notes. */
export function VendorView({
  vendor: v,
  onClose,
  onEdit,
}: {
  vendor: VendorRow;
  onClose(): void;
  onEdit?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold">{v.name}</p>
        <InsuranceBadge vendor={v} />
      </div>
      {v.insurance_problem ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {v.insurance_problem}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <FactSection
          title="Vendor"
          items={[
            ["Trades", v.trades.map((t) => VENDOR_TRADE_LABELS[t]).join(", ")],
            ["Contact", v.contact_name],
            ["Email", v.email],
            ["Phone", v.phone],
            ["Alternate Phone", v.alternate_phone],
            ["Address", addressOf(v)],
          ]}
        />
        <FactSection
          title="Tax (1099)"
          items={[
            ["Legal Name", v.legal_name],
            ["Tax Classification", v.tax_classification ? TAX_CLASSIFICATION_LABELS[v.tax_classification] : null],
            ["Taxpayer ID", maskedTaxpayerId(v.taxpayer_id_last4)],
            ["Gets a 1099", v.eligible_1099 ? "Yes" : "No"],
            ["Expense Account", v.default_expense_account_name],
          ]}
        />
        <FactSection
          title="Insurance"
          items={[
            ["Provider", v.insurance_provider],
            ["Policy Number", v.insurance_policy_number],
            ["Expires", v.insurance_expires_on ? formatDate(v.insurance_expires_on) : null],
          ]}
        />
        <FactSection
          title="Notes"
          items={[
            ["Notes", v.notes],
            ["Added", formatDate(v.created_date)],
          ]}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        {onEdit ? <Button onPress={onEdit}>Edit</Button> : null}
      </div>
    </div>
  );
}
