import {
  MAX_TENANT_DOCUMENT_MB,
  TENANT_DOCUMENT_KIND_LABELS,
  TENANT_DOCUMENT_KINDS,
  TENANT_DOCUMENT_SOON_DAYS,
  TENANT_DOCUMENT_TYPES,
  type TenantDocument,
  tenantDocumentMessages,
} from "@keyholder/contracts/tenants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useRefreshRecords } from "../../../components/data-table/use-refresh-records.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { errorClass, labelClass } from "../../../components/ui/field-styles.ts";
import { ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { formatCivilDate } from "../../../lib/civil-date.ts";
import { saveFailure } from "../../../lib/form-errors.ts";
import { deleteTenantDocument, tenantDocumentsQuery, uploadTenantDocument } from "../api/tenant-documents.ts";

const ACCEPT = Object.keys(TENANT_DOCUMENT_TYPES).join(",");

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Expiry({ doc }: { doc: TenantDocument }) {
  if (!doc.expires_on) return <span className="text-slate-600 dark:text-slate-400">No expiry</span>;
  const day = formatCivilDate(doc.expires_on);
  if (doc.expiry === "expired") return <Badge tone="warning">{tenantDocumentMessages.expired(day)}</Badge>;
  if (doc.expiry === "expiring") return <Badge tone="info">{tenantDocumentMessages.expiring(day)}</Badge>;
  return <span>{day}</span>;
}

/** The summary a manager acts on: how many documents are out of date or about to be. */
function ExpirySummary({ expired, expiring }: { expired: number; expiring: number }) {
  if (!expired && !expiring) return null;
  const parts = [
    expired ? `${expired} document${expired === 1 ? " has" : "s have"} expired` : null,
    expiring
      ? `${expiring} document${expiring === 1 ? "" : "s"} expire${expiring === 1 ? "s" : ""} within ${TENANT_DOCUMENT_SOON_DAYS} days`
      : null,
  ].filter(Boolean);
  return <Alert tone={expired ? "error" : "info"}>{`${parts.join("; ")}. Ask the tenant for a current copy.`}</Alert>;
}

function UploadForm({ tenantId, onDone }: { tenantId: string; onDone(): Promise<void> }) {
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<string>("id");
  const [expiresOn, setExpiresOn] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    const found: Record<string, string[]> = {};
    if (!file) found.file = [tenantDocumentMessages.fileRequired];
    else if (!(file.type in TENANT_DOCUMENT_TYPES)) found.file = [tenantDocumentMessages.unsupported];
    else if (file.size > MAX_TENANT_DOCUMENT_MB * 1024 * 1024) found.file = [tenantDocumentMessages.tooLarge];
    if (!title.trim()) found.title = [tenantDocumentMessages.titleRequired];
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || !file) return;
    setBusy(true);
    try {
      await uploadTenantDocument(tenantId, { file, title: title.trim(), kind, expiresOn });
      setTitle("");
      setExpiresOn("");
      if (fileRef.current) fileRef.current.value = "";
      await onDone();
    } catch (err) {
      const f = saveFailure(err, "Failed to upload the document");
      setErrors(f.fields);
      if (!Object.keys(f.fields).length) setFailure(f.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Add a document"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className={labelClass}>
            File (PDF, JPEG, PNG or WebP, up to {MAX_TENANT_DOCUMENT_MB} MB)
          </label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-200 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-800 dark:file:bg-slate-700 dark:file:text-slate-100"
          />
          {errors.file ? (
            <p id={`${fileId}-error`} className={errorClass}>
              {errors.file.join(" ")}
            </p>
          ) : null}
        </div>
        <TextField
          label="Title"
          value={title}
          onChange={setTitle}
          errors={errors.title}
          placeholder="Driver's license"
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={setKind}
          options={TENANT_DOCUMENT_KINDS.map((k) => ({ value: k, label: TENANT_DOCUMENT_KIND_LABELS[k] }))}
          errors={errors.kind}
        />
        <DatePicker label="Expires On" value={expiresOn} onChange={setExpiresOn} errors={errors.expires_on} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isPending={busy}>
          {busy ? "Uploading..." : "Upload Document"}
        </Button>
      </div>
    </form>
  );
}

/** A tenant's documents: expired and expiring ones first and flagged, each downloadable; add and delete for editors. */
export function TenantDocuments({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const documents = useQuery(tenantDocumentsQuery(tenantId));
  const refresh = useRefreshRecords();
  const [failure, setFailure] = useState<string | null>(null);
  // Asked first: a deleted document cannot be put back.
  const [deleting, setDeleting] = useState<TenantDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (doc: TenantDocument) => {
    setFailure(null);
    setBusy(true);
    try {
      await deleteTenantDocument(tenantId, doc.id);
      await refresh();
    } catch (err) {
      setFailure(saveFailure(err, "Failed to delete the document").message);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  return (
    <section aria-label="Documents" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Documents</h3>
      {documents.isPending ? <Spinner label="Loading the documents" /> : null}
      {documents.isError ? <Alert>Failed to load the documents. Please try again later.</Alert> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      {documents.data ? (
        <>
          <ExpirySummary expired={documents.data.expired} expiring={documents.data.expiring} />
          <ReadOnlyTable
            label="Documents"
            limitHeight
            empty="No documents yet."
            rows={documents.data.documents}
            rowKey={(doc) => doc.id}
            columns={[
              {
                header: "Document",
                cell: (doc) => (
                  <>
                    <a href={doc.url} download={doc.file_name} className="text-brand-700 underline dark:text-brand-300">
                      {doc.title}
                    </a>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {doc.file_name}, {sizeOf(doc.byte_size)}
                    </span>
                  </>
                ),
              },
              { header: "Kind", cell: (doc) => TENANT_DOCUMENT_KIND_LABELS[doc.kind] },
              { header: "Expiry", cell: (doc) => <Expiry doc={doc} /> },
              {
                header: "Actions",
                hideHeader: true,
                align: "right",
                cell: (doc) =>
                  canEdit ? (
                    <Button variant="ghost" aria-label={`Delete ${doc.title}`} onPress={() => setDeleting(doc)}>
                      Delete
                    </Button>
                  ) : null,
              },
            ]}
          />
        </>
      ) : null}
      {canEdit ? <UploadForm tenantId={tenantId} onDone={refresh} /> : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.title ?? "document"}?`}
        message="The file is removed from the tenant's documents for good."
        confirmLabel="Delete Document"
        isPending={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
