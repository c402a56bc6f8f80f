import {
  OWNER_KIND_LABELS,
  OWNER_KINDS,
  type Owner,
  type OwnerKind,
  ownerFormSchema,
} from "@keyholder/contracts/owners";
import { TAX_CLASSIFICATION_LABELS, TAX_CLASSIFICATIONS, type TaxClassification } from "@keyholder/contracts/vendors";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { saveOwner } from "../api/save-owner.ts";

/**
 * Add Owner: a person or a company whose properties the organization manages, with what a 1099
 * needs (legal name, tax classification, taxpayer id: kept sealed, shown by its last four digits).
 */
export function OwnerDialog({ onSaved, onClose }: { onSaved(owner: Owner): void; onClose(): void }) {
  const [kind, setKind] = useState<OwnerKind>("person");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [legalName, setLegalName] = useState("");
  const [classification, setClassification] = useState<TaxClassification | "">("");
  const [taxpayerId, setTaxpayerId] = useState("");
  const [eligible, setEligible] = useState(true);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      ownerFormSchema.safeParse({
        kind,
        name,
        email,
        phone,
        legal_name: legalName,
        tax_classification: classification || null,
        taxpayer_id: taxpayerId,
        eligible_1099: eligible,
      }),
    send: async (form) => onSaved(await saveOwner(form)),
    fallback: "Could not add the owner. Please try again.",
  });
  const title = "Add Owner";
  return (
    <Dialog id="owner-new" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" maxLength={200} value={name} onChange={setName} errors={errors.name} isRequired />
          <SelectField
            label="Kind"
            value={kind}
            onChange={(v) => setKind(v === "company" ? "company" : "person")}
            options={OWNER_KINDS.map((k) => ({ value: k, label: OWNER_KIND_LABELS[k] }))}
          />
          <TextField label="Email" type="email" value={email} onChange={setEmail} errors={errors.email} />
          <TextField label="Phone" type="tel" value={phone} onChange={setPhone} errors={errors.phone} />
          <TextField
            label="Legal name (as on the W-9)"
            value={legalName}
            onChange={setLegalName}
            errors={errors.legal_name}
          />
          <SelectField
            label="Tax classification"
            value={classification}
            onChange={(v) => setClassification(v as TaxClassification | "")}
            options={[
              { value: "", label: "Not given" },
              ...TAX_CLASSIFICATIONS.map((c) => ({ value: c, label: TAX_CLASSIFICATION_LABELS[c] })),
            ]}
          />
          <TextField
            label="Taxpayer id (SSN or EIN)"
            value={taxpayerId}
            onChange={setTaxpayerId}
            errors={errors.taxpayer_id}
            description="Kept sealed; only its last four digits are shown."
          />
        </div>
        <Checkbox isSelected={eligible} onChange={setEligible}>
          Receives a 1099-MISC for rents
        </Checkbox>
        <ActionFormButtons busy={busy} busyLabel="Adding..." onCancel={onClose}>
          Add Owner
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
