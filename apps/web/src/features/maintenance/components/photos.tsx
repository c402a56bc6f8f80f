import {
  ACCEPTED_REQUEST_FILE_TYPES,
  MAX_REQUEST_FILES,
  MAX_REQUEST_PHOTO_MB,
  MAX_REQUEST_VIDEO_MB,
  type MaintenancePhoto,
  maintenancePhotoMessages,
} from "@keyholder/contracts/maintenance-photos";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button as AriaButton, FileTrigger } from "react-aria-components";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { MediaTile } from "../../../components/ui/media-tile.tsx";
import { saveFailure } from "../../../lib/form-errors.ts";
import { getPhotos } from "../api/get-photos.ts";
import { sharePhoto } from "../api/share-photo.ts";
import { uploadPhoto } from "../api/upload-photo.ts";

export const photosQueryKey = (requestId: string) => ["maintenance-request-photos", requestId];

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

/**
 * A request's photos and short videos on its view (decision 034, "Comments and photos"): thumbnails
 * that open the full size, each upload's progress or why it was refused, and (for a role that may
 * edit) whether the vendor sees each. The bytes come through the session, never a public address.
 */
export function RequestPhotos({ requestId, canUpload }: { requestId: string; canUpload: boolean }) {
  const headingId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [shareProblem, setShareProblem] = useState<string | null>(null);
  const photos = useQuery({
    queryKey: photosQueryKey(requestId),
    queryFn: ({ signal }) => getPhotos(requestId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: photosQueryKey(requestId) });

  const addFiles = async (files: File[]) => {
    const picked = files.map((file) => ({ key: crypto.randomUUID(), name: file.name, progress: 0, error: null, file }));
    // A new pick clears the refusals of the earlier ones.
    setUploads((current) => [...current.filter((u) => u.error === null), ...picked]);
    const update = (key: string, change: Partial<Upload> | null) =>
      setUploads((current) =>
        change === null
          ? current.filter((u) => u.key !== key)
          : current.map((u) => (u.key === key ? { ...u, ...change } : u)),
      );
    // One at a time: each is image work on the server, and the order is the order picked.
    for (const u of picked) {
      try {
        await uploadPhoto(requestId, u.file, (sent) => update(u.key, { progress: sent }));
        await refresh();
        update(u.key, null);
      } catch (err) {
        update(u.key, { error: saveFailure(err, maintenancePhotoMessages.uploadFailed).message });
      }
    }
  };

  const toggleVendor = async (photo: MaintenancePhoto, shared: boolean) => {
    setShareProblem(null);
    try {
      await sharePhoto(requestId, photo.id, { visible_to_vendor: shared });
      await refresh();
    } catch (err) {
      setShareProblem(saveFailure(err, maintenancePhotoMessages.shareFailed).message);
    }
  };

  const list = photos.data ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        Photos
      </h3>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        Up to {MAX_REQUEST_FILES} files: photos (JPEG, PNG, GIF or WebP, {MAX_REQUEST_PHOTO_MB} MB each) and short
        videos (MP4, WebM or QuickTime, {MAX_REQUEST_VIDEO_MB} MB each).
      </p>
      {photos.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {photos.isError ? (
        <p role="status" className="text-sm text-red-700 dark:text-red-300">
          {maintenancePhotoMessages.loadFailed}
        </p>
      ) : null}
      {shareProblem ? <Alert>{shareProblem}</Alert> : null}
      {photos.data && list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{maintenancePhotoMessages.none}</p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-describedby={hintId} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.map((p, i) => (
            <MediaTile key={p.id} media={p} position={i + 1}>
              {canUpload ? (
                <Checkbox isSelected={p.visible_to_vendor} onChange={(v) => void toggleVendor(p, v)}>
                  Shared with the vendor
                </Checkbox>
              ) : (
                <span>{p.visible_to_vendor ? "Shared with the vendor" : "Not shared with the vendor"}</span>
              )}
            </MediaTile>
          ))}
        </ul>
      ) : null}
      {uploads.map((u) => (
        <div key={u.key} className="flex flex-col gap-1 text-sm">
          {u.error ? (
            <Alert>
              {u.name}: {u.error}
            </Alert>
          ) : (
            <>
              <span className="text-slate-700 dark:text-slate-200">Uploading {u.name}...</span>
              <progress
                aria-label={`Uploading ${u.name}`}
                value={Math.round(u.progress * 100)}
                max={100}
                className="h-1.5 w-full accent-brand-700"
              />
            </>
          )}
        </div>
      ))}
      {canUpload ? (
        <div>
          <FileTrigger
            allowsMultiple
            acceptedFileTypes={[...ACCEPTED_REQUEST_FILE_TYPES]}
            onSelect={(files) => files && void addFiles([...files])}
          >
            <AriaButton className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white outline-none hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900">
              Add Photos or Videos
            </AriaButton>
          </FileTrigger>
        </div>
      ) : null}
    </section>
  );
}
