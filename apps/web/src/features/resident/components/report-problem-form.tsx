import { MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_LABELS } from "@keyholder/contracts/maintenance";
import {
  ACCEPTED_REQUEST_FILE_TYPES,
  MAX_REQUEST_PHOTO_MB,
  MAX_REQUEST_VIDEO_MB,
} from "@keyholder/contracts/maintenance-photos";
import {
  RESIDENT_PRIORITIES,
  type ResidentRequestFormInput,
  residentMessages,
  residentRequestFormSchema,
} from "@keyholder/contracts/resident";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button as AriaButton, FileTrigger } from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { zodFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { addRequestPhoto } from "../api/add-request-photo.ts";
import { createResidentRequest } from "../api/create-request.ts";
import { RESIDENT_REQUESTS_KEY } from "../api/maintenance-requests.ts";
import { useChosenLease } from "./use-chosen-lease.ts";

const PRIORITY_LABELS: Record<(typeof RESIDENT_PRIORITIES)[number], string> = {
  urgent: "Urgent: it needs fixing within a couple of days",
  normal: "Normal: within a week",
  low: "Low: whenever convenient",
};

type Values = {
  category: string;
  priority: string;
  title: string;
  location: string;
  description: string;
  permission_to_enter: boolean;
  pets_present: boolean;
  entry_notes: string;
  preferred_times: string;
};

const initial: Values = {
  category: "",
  priority: "normal",
  title: "",
  location: "",
  description: "",
  permission_to_enter: false,
  pets_present: false,
  entry_notes: "",
  preferred_times: "",
};

/** What was sent: the request's number and id, and the photos that could not be added (by name). */
export interface SentRequest {
  requestNo: number;
  id: string;
  failedPhotos: string[];
}

/**
 * "Report a problem": what, where, how urgent, how to get in, and photos if they help; checked by
 * the contract's schema. The request is created first, then each photo is added to it, one at a
 * time (the same upload as on the request's page): a photo refused does not lose the request.
 */
export function ReportProblemForm({ onSent, onCancel }: { onSent(sent: SentRequest): void; onCancel(): void }) {
  const photosHint = useId();
  const chosen = useChosenLease();
  const [photos, setPhotos] = useState<File[]>([]);
  const validate = (v: Values) => {
    const checked = residentRequestFormSchema.safeParse(v);
    return checked.success ? {} : zodFieldErrors(checked.error);
  };
  const form = useForm({ initialValues: initial, validate });
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (v: Values) => {
      const request = await createResidentRequest(v as ResidentRequestFormInput, chosen);
      const failedPhotos: string[] = [];
      for (const file of photos) {
        try {
          await addRequestPhoto(request.id, file);
        } catch {
          failedPhotos.push(file.name);
        }
      }
      return { requestNo: request.request_no, id: request.id, failedPhotos };
    },
    onSuccess(sent) {
      void queryClient.invalidateQueries({ queryKey: RESIDENT_REQUESTS_KEY });
      form.reset(initial);
      setPhotos([]);
      onSent(sent);
    },
    onError(err) {
      if (err instanceof ApiError && err.fields) form.setServerErrors(err.fields);
    },
  });
  const v = form.values;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <Alert tone="info">{residentMessages.emergency}</Alert>
      {mutation.isError ? (
        <Alert>{mutation.error instanceof ApiError ? mutation.error.message : "Your request could not be sent."}</Alert>
      ) : null}
      <TextField label="What is wrong?" maxLength={200} {...form.field("title")} />
      <SelectField
        label="Category"
        options={[
          { value: "", label: "Choose..." },
          ...MAINTENANCE_CATEGORIES.map((c) => ({ value: c, label: MAINTENANCE_CATEGORY_LABELS[c] })),
        ]}
        {...form.field("category")}
      />
      <SelectField
        label="How urgent is it?"
        options={RESIDENT_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        {...form.field("priority")}
      />
      <TextField label="Where in your home?" placeholder="Kitchen sink" {...form.field("location")} />
      <TextField label="Details" rows={3} {...form.field("description")} />
      <fieldset className="flex flex-col gap-2" aria-describedby={photosHint}>
        <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Photos (optional)</legend>
        <p id={photosHint} className="text-sm text-slate-600 dark:text-slate-400">
          A photo helps us bring the right part. Photos up to {MAX_REQUEST_PHOTO_MB} MB, short videos up to{" "}
          {MAX_REQUEST_VIDEO_MB} MB.
        </p>
        {photos.length > 0 ? (
          <ul aria-label="Photos to send" className="flex flex-col gap-1 text-sm">
            {photos.map((file, i) => (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center justify-between gap-2"
              >
                <span className="truncate">{file.name}</span>
                <Button
                  variant="secondary"
                  aria-label={`Remove ${file.name}`}
                  onPress={() => setPhotos((current) => current.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <FileTrigger
          acceptedFileTypes={[...ACCEPTED_REQUEST_FILE_TYPES]}
          allowsMultiple
          onSelect={(list) => setPhotos((current) => [...current, ...Array.from(list ?? [])])}
        >
          <AriaButton className="self-start rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
            Add photos
          </AriaButton>
        </FileTrigger>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">Getting in</legend>
        <Checkbox isSelected={v.permission_to_enter} onChange={(on) => form.setValue("permission_to_enter", on)}>
          Maintenance may enter when I am not home
        </Checkbox>
        <Checkbox isSelected={v.pets_present} onChange={(on) => form.setValue("pets_present", on)}>
          There are pets in the home
        </Checkbox>
        <TextField label="Notes for entry" rows={2} {...form.field("entry_notes")} />
        <TextField label="Best times to come" placeholder="Weekdays after 3pm" {...form.field("preferred_times")} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={mutation.isPending}>
          {mutation.isPending ? "Sending..." : "Send request"}
        </Button>
      </div>
    </form>
  );
}
