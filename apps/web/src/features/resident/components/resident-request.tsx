import { ACCEPTED_REQUEST_FILE_TYPES, maintenancePhotoMessages } from "@keyholder/contracts/maintenance-photos";
import { type ResidentRequestDetail, residentReplyMessages } from "@keyholder/contracts/resident";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { Button as AriaButton, FileTrigger } from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { MediaTile } from "../../../components/ui/media-tile.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { saveFailure } from "../../../lib/form-errors.ts";
import { formatDate, formatDateTime } from "../../../lib/format.ts";
import { addRequestPhoto } from "../api/add-request-photo.ts";
import { residentRequestQuery } from "../api/maintenance-request.ts";
import { RESIDENT_REQUESTS_KEY } from "../api/maintenance-requests.ts";
import { replyToRequest } from "../api/reply-to-request.ts";
import { localWhen } from "./resident-maintenance.tsx";
import { useChosenLease } from "./use-chosen-lease.ts";

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const muted = "text-sm text-slate-600 dark:text-slate-400";

function schedule(r: ResidentRequestDetail) {
  if (!r.scheduled_start) return null;
  if (!r.scheduled_end) return localWhen(r.scheduled_start);
  const sameDay = r.scheduled_end.slice(0, 10) === r.scheduled_start.slice(0, 10);
  const end = sameDay
    ? new Date(`${r.scheduled_end}:00Z`).toLocaleTimeString("en-US", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "UTC",
      })
    : localWhen(r.scheduled_end);
  return `${localWhen(r.scheduled_start)} to ${end}`;
}

/**
 * One of the resident's requests (decision 036, "Following a request"): where it stands, when
 * someone comes and who, the photos and the conversation shared with the resident, and a reply.
 */
export function ResidentRequest({ id }: { id: string }) {
  const chosen = useChosenLease();
  const query = useQuery(residentRequestQuery(id));
  const queryClient = useQueryClient();
  const saved = (request: ResidentRequestDetail) => {
    queryClient.setQueryData(residentRequestQuery(id).queryKey, request);
    void queryClient.invalidateQueries({ queryKey: RESIDENT_REQUESTS_KEY });
  };
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-3">
        <Alert>{query.error.message}</Alert>
        <Link to="/resident/maintenance" search={{ lease: chosen }} className="text-sm font-semibold underline">
          Back to your requests
        </Link>
      </div>
    );
  const r = query.data;
  const booked = schedule(r);
  const facts: [string, string][] = [
    ["Category", r.category_label],
    ["Priority", r.priority_label],
    ...(r.location ? ([["Where", r.location]] as [string, string][]) : []),
    ["Reported", formatDate(r.created_date.slice(0, 10))],
    ["Due by", formatDate(r.due_on)],
    ...(booked ? ([["Scheduled", booked]] as [string, string][]) : []),
    ...(r.assigned_to ? ([["Who is coming", r.assigned_to]] as [string, string][]) : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/resident/maintenance"
        search={{ lease: chosen }}
        className="self-start text-sm font-semibold underline"
      >
        All requests
      </Link>
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">
          {r.title} <span className="font-normal text-slate-600 dark:text-slate-400">#{r.request_no}</span>
        </h1>
        <Badge tone={r.status === "completed" ? "positive" : r.status === "canceled" ? "neutral" : "info"}>
          {r.status_label}
        </Badge>
      </div>
      <section aria-label="Details" className={card}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
        {r.description ? <p className="mt-3 whitespace-pre-line text-sm">{r.description}</p> : null}
      </section>
      <section aria-labelledby="progress-title" className={card}>
        <h2 id="progress-title" className="mb-2 text-lg font-semibold">
          Progress
        </h2>
        <ol className="flex flex-col gap-1 text-sm">
          {r.history.map((h) => (
            <li key={`${h.at}-${h.label}`} className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium">{h.label}</span>
              <span className={muted}>{formatDateTime(h.at)}</span>
            </li>
          ))}
        </ol>
      </section>
      <Photos request={r} onSaved={saved} />
      <Conversation request={r} onSaved={saved} />
    </div>
  );
}

function Photos({ request: r, onSaved }: { request: ResidentRequestDetail; onSaved(r: ResidentRequestDetail): void }) {
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const addFiles = async (files: File[]) => {
    setProblem(null);
    setAdded(false);
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        onSaved(await addRequestPhoto(r.id, file));
        setAdded(true);
      } catch (err) {
        setProblem(`${file.name}: ${saveFailure(err, maintenancePhotoMessages.uploadFailed).message}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  return (
    <section aria-labelledby="photos-title" className={card}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="photos-title" className="text-lg font-semibold">
          Photos
        </h2>
        {r.can_reply ? (
          <FileTrigger
            acceptedFileTypes={[...ACCEPTED_REQUEST_FILE_TYPES]}
            allowsMultiple
            onSelect={(list) => void addFiles(Array.from(list ?? []))}
          >
            <AriaButton className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
              Add photo
            </AriaButton>
          </FileTrigger>
        ) : null}
      </div>
      <div aria-live="polite" className="text-sm">
        {uploading > 0 ? <p className={muted}>Uploading...</p> : null}
        {added && uploading === 0 ? <p className={muted}>{residentReplyMessages.photoAdded}</p> : null}
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      {r.photos.length === 0 ? <p className={muted}>No photos yet.</p> : null}
      {r.photos.length > 0 ? (
        <ul aria-label="Photos of the request" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {r.photos.map((p, i) => (
            <MediaTile key={p.id} media={p} position={i + 1} focusRing="focus-visible:ring-sky-600" />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Conversation({
  request: r,
  onSaved,
}: {
  request: ResidentRequestDetail;
  onSaved(r: ResidentRequestDetail): void;
}) {
  const hint = useId();
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  const reply = useMutation({
    mutationFn: (text: string) => replyToRequest(r.id, text),
    onSuccess(saved) {
      setBody("");
      setErrors(undefined);
      onSaved(saved);
    },
    onError(err) {
      if (err instanceof ApiError && err.fields?.body) setErrors(err.fields.body);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setErrors(["Write the comment"]);
      return;
    }
    reply.mutate(body);
  };
  return (
    <section aria-labelledby="messages-title" className={card}>
      <h2 id="messages-title" className="mb-2 text-lg font-semibold">
        Messages
      </h2>
      {r.comments.length === 0 ? <p className={muted}>No messages yet.</p> : null}
      {r.comments.length > 0 ? (
        <ol aria-label="Messages" className="mb-3 flex flex-col gap-2">
          {r.comments.map((c) => (
            <li
              key={c.id}
              className={`rounded-lg p-3 text-sm ${
                c.mine ? "ml-6 bg-sky-50 dark:bg-sky-950" : "mr-6 bg-slate-100 dark:bg-slate-800"
              }`}
            >
              <p className="mb-1 text-xs text-slate-600 dark:text-slate-300">
                <span className="font-semibold">{c.author_name}</span> · {formatDateTime(c.created_at)}
              </p>
              <p className="whitespace-pre-line">{c.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {r.can_reply ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          {reply.isError && !(reply.error instanceof ApiError && reply.error.fields?.body) ? (
            <Alert>{saveFailure(reply.error, "Your message could not be sent.").message}</Alert>
          ) : null}
          <TextField
            label="Write a message"
            description={<span id={hint}>The property team reads it; so does the vendor doing the work.</span>}
            rows={3}
            maxLength={4000}
            value={body}
            onChange={setBody}
            errors={errors}
          />
          <Button type="submit" className="self-end" isPending={reply.isPending}>
            {reply.isPending ? "Sending..." : "Send"}
          </Button>
        </form>
      ) : (
        <p className={muted}>{residentReplyMessages.closed}</p>
      )}
    </section>
  );
}
