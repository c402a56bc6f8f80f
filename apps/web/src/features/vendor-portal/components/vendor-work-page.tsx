import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
} from "@keyholder/contracts/maintenance";
import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import { formatCents } from "@keyholder/contracts/money";
import {
  type VendorPortalView,
  vendorCompleteSchema,
  vendorDeclineSchema,
  vendorPortalMessages,
  vendorUpdateSchema,
} from "@keyholder/contracts/vendor-portal";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { z } from "zod";
import { MAIN_CONTENT_ID, SkipLink } from "../../../components/layout/skip-link.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { MediaTile } from "../../../components/ui/media-tile.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { type FieldErrors, saveFailure, zodFieldErrors } from "../../../lib/form-errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { acceptWork } from "../api/accept-work.ts";
import { completeWork } from "../api/complete-work.ts";
import { declineWork } from "../api/decline-work.ts";
import { getVendorWork } from "../api/get-vendor-work.ts";
import { postUpdate } from "../api/post-update.ts";
import { uploadVendorPhoto } from "../api/upload-vendor-photo.ts";

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const sectionClass =
  "flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700";

/**
 * A form sent as often as needed (an update, then another): the contract's schema checks what was
 * typed, the server's field messages go under their inputs, any other failure above.
 */
function useSend<S extends z.ZodType>(schema: S, send: (data: z.output<S>) => Promise<void>, fallback: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (input: unknown) => {
    const checked = schema.safeParse(input);
    if (!checked.success) return setErrors(zodFieldErrors(checked.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await send(checked.data);
    } catch (err) {
      const f = saveFailure(err, fallback);
      setErrors(f.fields);
      setFailure(Object.keys(f.fields).length ? null : f.message);
    } finally {
      setBusy(false);
    }
  };
  return { errors, failure, busy, submit };
}

/**
 * The vendor's page, opened from the emailed link (decision 034, "Vendors on requests and their
 * link"): no account and no workspace around it; phone-first. The details and what the manager
 * shared; Accept or Decline (with a reason); then updates, photos and Mark Done. Once done it reads
 * only.
 */
export function VendorWorkPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const key = ["vendor-portal", token];
  const work = useQuery({ queryKey: key, queryFn: () => getVendorWork(token), retry: false });
  const [declined, setDeclined] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const show = (view: VendorPortalView, message: string) => {
    queryClient.setQueryData(key, view);
    setNotice(message);
  };
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">Keyholder</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {work.data ? `Work request from ${work.data.organization_name}` : "Work request"}
        </p>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 outline-none"
      >
        {declined ? (
          <Alert tone="success">{declined}</Alert>
        ) : work.isPending ? (
          <p role="status">Loading the work request...</p>
        ) : work.isError ? (
          <Alert>
            {work.error instanceof ApiError && (work.error.status === 404 || work.error.status === 410)
              ? work.error.message
              : "The work request could not be loaded. Please try again later."}
          </Alert>
        ) : (
          <WorkView token={token} view={work.data} notice={notice} onView={show} onDeclined={setDeclined} />
        )}
      </main>
    </div>
  );
}

function Facts({ title, items }: { title: string; items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== "");
  return (
    <section aria-label={title} className={sectionClass}>
      <h2 className="text-base font-semibold">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function WorkView({
  token,
  view,
  notice,
  onView,
  onDeclined,
}: {
  token: string;
  view: VendorPortalView;
  notice: string | null;
  onView(view: VendorPortalView, message: string): void;
  onDeclined(message: string): void;
}) {
  const r = view.request;
  const closed = r.status === "completed" || r.status === "canceled";
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold">
          #{r.request_no} {r.title}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          For {view.vendor_name} · {MAINTENANCE_STATUS_LABELS[r.status]} · {MAINTENANCE_PRIORITY_LABELS[r.priority]}{" "}
          priority · due {r.due_on}
        </p>
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {view.state === "completed" ? <Alert tone="info">{vendorPortalMessages.completed}</Alert> : null}
      {view.state !== "completed" && closed ? <Alert tone="info">{vendorPortalMessages.closed}</Alert> : null}
      {view.state === "open" && !closed ? (
        <AcceptOrDecline token={token} onView={onView} onDeclined={onDeclined} />
      ) : null}
      <Facts
        title="Where"
        items={[
          ["Property", r.property_name],
          ["Address", r.address],
          ["Unit / Area", r.location_name],
        ]}
      />
      <Facts
        title="The work"
        items={[
          ...(view.work_order ? ([["Work Order", view.work_order.label]] as [string, ReactNode][]) : []),
          ["Category", MAINTENANCE_CATEGORY_LABELS[r.category]],
          ["Description", r.description],
          ...(view.work_order?.instructions && view.work_order.instructions !== r.title
            ? ([["Instructions", view.work_order.instructions]] as [string, ReactNode][])
            : []),
          ...(view.work_order?.not_to_exceed_cents != null
            ? ([["Not to Exceed", formatCents(view.work_order.not_to_exceed_cents)]] as [string, ReactNode][])
            : []),
          ["Booked", formatVisit(r.scheduled_start, r.scheduled_end)],
          ["Preferred Times", r.preferred_times],
        ]}
      />
      <Facts
        title="Getting in"
        items={[
          ["Permission to Enter", yesNo(r.permission_to_enter)],
          ["Pets Present", yesNo(r.pets_present)],
          ["Entry Notes", r.entry_notes],
        ]}
      />
      <section aria-label="Photos" className={sectionClass}>
        <h2 className="text-base font-semibold">Photos</h2>
        {view.photos.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No photos yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {view.photos.map((p, i) => (
              <MediaTile key={p.id} media={p} position={i + 1} />
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Updates" className={sectionClass}>
        <h2 className="text-base font-semibold">Updates</h2>
        {view.comments.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No updates yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {view.comments.map((c) => (
              <li key={c.id} className="rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {c.author_name}
                  {c.author_kind === "staff" ? " (manager)" : ""} · {formatDateTime(c.created_at)}
                </p>
                <p className="whitespace-pre-wrap">{c.body}</p>
              </li>
            ))}
          </ol>
        )}
        {view.state !== "completed" && !closed ? <PostUpdate token={token} onView={onView} /> : null}
      </section>
      {view.state !== "completed" && !closed ? <AddPhoto token={token} onView={onView} /> : null}
      {view.state === "accepted" && !closed ? <MarkDone token={token} onView={onView} /> : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        This link is yours alone; it works until {formatDateTime(view.expires_at)}.
      </p>
    </>
  );
}

function AcceptOrDecline({
  token,
  onView,
  onDeclined,
}: {
  token: string;
  onView(view: VendorPortalView, message: string): void;
  onDeclined(message: string): void;
}) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const accept = useSend(
    z.object({}),
    async () => onView(await acceptWork(token), vendorPortalMessages.accepted),
    "The work could not be accepted",
  );
  const decline = useSend(
    vendorDeclineSchema,
    async (d) => onDeclined((await declineWork(token, d)).message),
    "The work could not be declined",
  );
  const onDecline = (e: FormEvent) => {
    e.preventDefault();
    void decline.submit({ reason });
  };
  return (
    <section aria-label="Accept or decline" className={sectionClass}>
      <h2 className="text-base font-semibold">Will you take this work?</h2>
      {accept.failure ? <Alert>{accept.failure}</Alert> : null}
      {declining ? (
        <form aria-label="Decline" noValidate onSubmit={onDecline} className="flex flex-col gap-3">
          {decline.failure ? <Alert>{decline.failure}</Alert> : null}
          <TextField
            label="Why do you decline?"
            rows={3}
            value={reason}
            onChange={setReason}
            errors={decline.errors.reason}
            isRequired
            autoFocus
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={() => setDeclining(false)}>
              Back
            </Button>
            <Button type="submit" variant="danger" isPending={decline.busy}>
              Decline the Work
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button className="min-h-11 flex-1" isPending={accept.busy} onPress={() => void accept.submit({})}>
            Accept
          </Button>
          <Button className="min-h-11 flex-1" variant="secondary" onPress={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
    </section>
  );
}

function PostUpdate({ token, onView }: { token: string; onView(view: VendorPortalView, message: string): void }) {
  const [body, setBody] = useState("");
  const send = useSend(
    vendorUpdateSchema,
    async (u) => {
      onView(await postUpdate(token, u.body), vendorPortalMessages.updatePosted);
      setBody("");
    },
    "The update could not be sent",
  );
  return (
    <form
      aria-label="Post an update"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send.submit({ body });
      }}
    >
      {send.failure ? <Alert>{send.failure}</Alert> : null}
      <TextField label="Your update" rows={3} value={body} onChange={setBody} errors={send.errors.body} />
      <div className="flex justify-end">
        <Button type="submit" className="min-h-11" isPending={send.busy}>
          Send Update
        </Button>
      </div>
    </form>
  );
}

function AddPhoto({ token, onView }: { token: string; onView(view: VendorPortalView, message: string): void }) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      onView(await uploadVendorPhoto(token, file, setProgress), "Photo added");
    } catch (err) {
      setFailure(saveFailure(err, "The photo could not be added").message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <section aria-label="Add a photo" className={sectionClass}>
      <label htmlFor={id} className="text-base font-semibold">
        Add a photo or short video
      </label>
      {failure ? <Alert>{failure}</Alert> : null}
      <input
        id={id}
        type="file"
        accept="image/*,video/mp4,video/webm,video/quicktime"
        disabled={progress !== null}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-200 file:px-4 file:font-semibold dark:file:bg-slate-700 dark:file:text-slate-100"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      {progress !== null ? <p role="status">Uploading... {Math.round(progress * 100)}%</p> : null}
    </section>
  );
}

function MarkDone({ token, onView }: { token: string; onView(view: VendorPortalView, message: string): void }) {
  const [note, setNote] = useState("");
  const send = useSend(
    vendorCompleteSchema,
    async (d) => onView(await completeWork(token, d), vendorPortalMessages.completedNow),
    "The work could not be marked done",
  );
  return (
    <form
      aria-label="Mark done"
      noValidate
      className={sectionClass}
      onSubmit={(e) => {
        e.preventDefault();
        void send.submit({ note: note.trim() || null });
      }}
    >
      <h2 className="text-base font-semibold">Finished?</h2>
      {send.failure ? <Alert>{send.failure}</Alert> : null}
      <TextField label="What was done (optional)" rows={2} value={note} onChange={setNote} errors={send.errors.note} />
      <Button type="submit" className="min-h-11" isPending={send.busy}>
        Mark Done
      </Button>
    </form>
  );
}
