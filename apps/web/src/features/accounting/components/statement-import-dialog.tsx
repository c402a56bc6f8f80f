import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import {
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  type DateOrder,
  type ParsedStatementLine,
  type StatementImport,
  type StatementMapping,
  type StatementPreview,
  statementMappingSchema,
  statementMessages,
} from "@keyholder/contracts/bank-statements";
import { formatCents } from "@keyholder/contracts/money";
import { useRef, useState } from "react";
import { Button as AriaButton, FileTrigger } from "react-aria-components";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { errorClass } from "../../../components/ui/field-styles.ts";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { type FieldErrors, saveFailure } from "../../../lib/form-errors.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { importStatement } from "../api/import-statement.ts";
import { previewStatement } from "../api/preview-statement.ts";

const ACCEPTED = [".csv", ".ofx", ".qfx", "text/csv", "application/x-ofx", "application/vnd.intu.qfx"];

const lineColumns: ReadOnlyColumn<ParsedStatementLine>[] = [
  { header: "Date", cell: (l) => l.posted_on },
  { header: "Description", cell: (l) => l.description },
  { header: "Reference", cell: (l) => l.reference ?? "" },
  { header: "Amount", align: "right", cell: (l) => formatCents(l.amount_cents) },
];

type ColumnField = Exclude<keyof StatementMapping, "date_order">;
const COLUMN_FIELDS: { field: ColumnField; label: string; optional: boolean }[] = [
  { field: "date_column", label: "Date column", optional: false },
  { field: "description_column", label: "Description column", optional: false },
  { field: "amount_column", label: "Amount column", optional: true },
  { field: "debit_column", label: "Money out column", optional: true },
  { field: "credit_column", label: "Money in column", optional: true },
  { field: "reference_column", label: "Check or reference column", optional: true },
];

const EMPTY_MAPPING: StatementMapping = {
  date_column: "",
  description_column: "",
  amount_column: null,
  debit_column: null,
  credit_column: null,
  reference_column: null,
  date_order: "MDY",
};

/**
 * Import Statement: a bank's CSV, OFX or QFX file read first (nothing kept) so the person sees what
 * it holds; a CSV's columns chosen (guessed from its headers, or kept from the account's last CSV)
 * and read again with each change; then imported, each bank line once.
 */
export function StatementImportDialog({
  account,
  onImported,
  onClose,
}: {
  account: BankAccount;
  onImported(result: StatementImport): void;
  onClose(): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<StatementMapping | null>(null);
  const [reading, setReading] = useState(false);
  const [readErrors, setReadErrors] = useState<FieldErrors>({});
  const [readFailure, setReadFailure] = useState<string | null>(null);
  // Only the latest reading counts: a slower earlier one must not overwrite it.
  const latest = useRef(0);

  const read = async (chosen: File, with_: StatementMapping | null) => {
    const n = ++latest.current;
    setReading(true);
    try {
      const result = await previewStatement(account.id, chosen, with_);
      if (n !== latest.current) return;
      setPreview(result);
      setMapping(result.mapping ?? (result.format === "csv" ? (with_ ?? EMPTY_MAPPING) : null));
      setReadErrors({});
      setReadFailure(null);
    } catch (err) {
      if (n !== latest.current) return;
      const f = saveFailure(err, "Could not read the file. Please try again.");
      setReadErrors(f.fields);
      setReadFailure(Object.keys(f.fields).length ? null : f.message);
      if (f.fields.file) setPreview(null);
    } finally {
      if (n === latest.current) setReading(false);
    }
  };

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    void read(chosen, null);
  };

  const change = (next: StatementMapping) => {
    setMapping(next);
    if (file && statementMappingSchema.safeParse(next).success) void read(file, next);
  };

  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      if (!file) return { success: false, fields: { file: [statementMessages.fileRequired] } };
      if (preview?.format !== "csv") return { success: true, data: null };
      return statementMappingSchema.safeParse(mapping ?? EMPTY_MAPPING);
    },
    send: async (checked) => {
      if (file) onImported(await importStatement(account.id, file, checked));
    },
    fallback: "Could not import the statement. Please try again.",
  });
  const shown = { ...readErrors, ...errors };
  const columnOptions = (optional: boolean) => [
    { value: "", label: optional ? "None" : "Choose a column" },
    ...(preview?.columns ?? []).map((c) => ({ value: c, label: c })),
  ];
  const title = `Import Statement: ${account.name}`;
  const count = preview?.line_count ?? 0;

  return (
    <Dialog id={`statement-import-${account.id}`} title={title} isOpen onClose={onClose} width="max-w-3xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {(failure ?? readFailure) ? <Alert>{failure ?? readFailure}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={choose}>
            <AriaButton className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white outline-none hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900">
              {file ? "Choose Another File" : "Choose Statement File"}
            </AriaButton>
          </FileTrigger>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {file ? file.name : "A CSV, OFX or QFX file exported from the bank"}
          </span>
          {reading ? <Spinner small label="Reading the file" /> : null}
        </div>
        {shown.file ? (
          <p role="alert" className={errorClass}>
            {shown.file.join(" ")}
          </p>
        ) : null}

        {preview?.format === "csv" && mapping ? (
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-100">Columns</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {preview.mapping_saved
                ? "As chosen for this account's last CSV."
                : "Which column holds what: one signed amount, or money out and money in. Kept for this account's next CSV."}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {COLUMN_FIELDS.map(({ field, label, optional }) => (
                <SelectField
                  key={field}
                  label={label}
                  value={mapping[field] ?? ""}
                  onChange={(v) => change({ ...mapping, [field]: optional ? v || null : v })}
                  options={columnOptions(optional)}
                  errors={shown[field]}
                />
              ))}
              <SelectField
                label="Dates are written"
                value={mapping.date_order}
                onChange={(v) => change({ ...mapping, date_order: v as DateOrder })}
                options={DATE_ORDERS.map((o) => ({ value: o, label: DATE_ORDER_LABELS[o] }))}
                errors={shown.date_order}
              />
            </div>
            <ReadOnlyTable
              caption="The file's first rows"
              columns={preview.columns.map((c, i) => ({ header: c, cell: (row: string[]) => row[i] ?? "" }))}
              rows={preview.sample_rows}
            />
          </fieldset>
        ) : null}

        {preview ? (
          <section aria-label="What will be imported" className="flex flex-col gap-2">
            {preview.problem ? <Alert>{preview.problem}</Alert> : null}
            {count > 0 ? (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {count.toLocaleString("en-US")} transaction{count === 1 ? "" : "s"} from {preview.first_date} to{" "}
                  {preview.last_date}: {formatCents(preview.in_cents)} in, {formatCents(preview.out_cents)} out. Lines
                  already imported are not added again.
                </p>
                <ReadOnlyTable caption="First transactions" columns={lineColumns} rows={preview.lines} />
              </>
            ) : null}
          </section>
        ) : null}

        <ActionFormButtons busy={busy} busyLabel="Importing..." onCancel={onClose}>
          {count > 0 ? `Import ${count.toLocaleString("en-US")} Transaction${count === 1 ? "" : "s"}` : "Import"}
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
