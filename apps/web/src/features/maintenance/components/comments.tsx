import {
  COMMENT_VISIBILITIES,
  COMMENT_VISIBILITY_LABELS,
  type CommentVisibility,
  MAINTENANCE_COMMENT_MAX,
  maintenanceCommentFormSchema,
  maintenanceCommentMessages,
} from "@keyholder/contracts/maintenance-comments";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Label, Radio, RadioGroup, Text } from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { descriptionClass, errorClass } from "../../../components/ui/field-styles.ts";
import { TextField } from "../../../components/ui/text-field.tsx";
import { type FieldErrors, saveFailure, zodFieldErrors } from "../../../lib/form-errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { addComment } from "../api/add-comment.ts";
import { getComments } from "../api/get-comments.ts";

const TONES = { internal: "neutral", resident: "info", vendor: "warning" } as const;
const HINTS: Record<CommentVisibility, string> = {
  internal: "Staff only",
  resident: "The resident and staff",
  vendor: "The vendor and staff",
};
const radioClass =
  "flex cursor-pointer items-center gap-2 text-sm outline-none before:block before:h-4 before:w-4 before:shrink-0 before:rounded-full before:border before:border-slate-500 data-focus-visible:before:ring-2 data-focus-visible:before:ring-brand-500 data-selected:before:border-4 data-selected:before:border-brand-700 dark:data-selected:before:border-brand-300";

export const commentsQueryKey = (requestId: string) => ["maintenance-request-comments", requestId];

/**
 * A request's comments on its view (decision 034, "Comments and photos"): who, when and whom each
 * is shared with, oldest first; and, for a role that may edit, a comment with its visibility,
 * Internal unless another is chosen.
 */
export function RequestComments({ requestId, canComment }: { requestId: string; canComment: boolean }) {
  const headingId = useId();
  const comments = useQuery({
    queryKey: commentsQueryKey(requestId),
    queryFn: ({ signal }) => getComments(requestId, signal),
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        Comments
      </h3>
      {comments.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {comments.isError ? (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          {maintenanceCommentMessages.loadFailed}
        </p>
      ) : null}
      {comments.data?.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{maintenanceCommentMessages.none}</p>
      ) : null}
      <ol aria-label="Comments" className="flex flex-col gap-2">
        {comments.data?.map((c) => (
          <li key={c.id} className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-slate-100">{c.author_name}</span>
              <span className="text-slate-600 dark:text-slate-400">{formatDateTime(c.created_at)}</span>
              <Badge tone={TONES[c.visibility]}>{COMMENT_VISIBILITY_LABELS[c.visibility]}</Badge>
            </div>
            <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{c.body}</p>
          </li>
        ))}
      </ol>
      {canComment ? <CommentForm requestId={requestId} /> : null}
    </section>
  );
}

function CommentForm({ requestId }: { requestId: string }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const [visibility, setVisibility] = useState<CommentVisibility>("internal");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = maintenanceCommentFormSchema.safeParse({ body, visibility });
    if (!checked.success) return setErrors(zodFieldErrors(checked.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await addComment(requestId, checked.data);
      setBody("");
      setVisibility("internal");
      await queryClient.invalidateQueries({ queryKey: commentsQueryKey(requestId) });
    } catch (err) {
      const f = saveFailure(err, maintenanceCommentMessages.addFailed);
      setErrors(f.fields);
      setFailure(Object.keys(f.fields).length ? null : f.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label="Add a comment"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      noValidate
      onSubmit={onSubmit}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField
        label="Comment"
        rows={3}
        value={body}
        onChange={setBody}
        maxLength={MAINTENANCE_COMMENT_MAX}
        errors={errors.body}
      />
      <RadioGroup
        value={visibility}
        onChange={(v) => setVisibility(v as CommentVisibility)}
        orientation="horizontal"
        isInvalid={Boolean(errors.visibility?.length)}
        className="flex flex-col gap-1"
      >
        <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">Who Can See It</Label>
        <div className="flex flex-wrap gap-4">
          {COMMENT_VISIBILITIES.map((v) => (
            <Radio key={v} value={v} className={radioClass}>
              {`${COMMENT_VISIBILITY_LABELS[v]} (${HINTS[v]})`}
            </Radio>
          ))}
        </div>
        <Text slot="description" className={descriptionClass}>
          Internal comments are never shown to the resident or the vendor.
        </Text>
        {errors.visibility?.length ? (
          <Text slot="errorMessage" className={errorClass}>
            {errors.visibility.join(" ")}
          </Text>
        ) : null}
      </RadioGroup>
      <div className="flex justify-end">
        <Button type="submit" isPending={busy}>
          {busy ? "Adding..." : "Add Comment"}
        </Button>
      </div>
    </form>
  );
}
