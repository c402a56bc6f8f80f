import { ACCEPTED_IMAGE_TYPES, imageMessages, MAX_IMAGE_MB } from "@keyholder/contracts/images";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { profilePictureQuery } from "../api/get-profile-picture.ts";
import { uploadProfilePicture } from "../api/upload-profile-picture.ts";

/** Add or change one's picture: choose, preview, then Cancel or Upload. */
export function ProfilePictureDialog({
  userId,
  hasPicture,
  isOpen,
  onClose,
}: {
  userId: number;
  /** From the session: whether there is a current picture to show and replace. */
  hasPicture: boolean;
  isOpen: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const current = useQuery({ ...profilePictureQuery(userId), enabled: hasPicture });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadProfilePicture,
    // The answer is the new current picture; showing it needs no second request.
    onSuccess: (picture) => {
      queryClient.setQueryData(profilePictureQuery(userId).queryKey, picture);
      close();
    },
  });
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function close() {
    setFile(null);
    setPreview(null);
    setProblem(null);
    upload.reset();
    onClose();
  }

  return (
    <Dialog
      id="profile-picture"
      title={current.data ? imageMessages.editTitle : imageMessages.addTitle}
      isOpen={isOpen}
      onClose={close}
      width="max-w-md"
    >
      <div className="flex flex-col items-center gap-4">
        {preview ? (
          <img src={preview} alt="Your new look, before upload" className="h-40 w-40 rounded-full object-cover" />
        ) : current.data ? (
          <img
            src={current.data.url}
            alt="You, as others see you now"
            className="h-40 w-40 rounded-full object-cover"
          />
        ) : null}
        <label className="flex w-full flex-col gap-1 text-sm">
          <span className="font-medium">Choose an image (JPEG, PNG, GIF, SVG or WebP, up to {MAX_IMAGE_MB} MB)</span>
          <input
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setProblem(null);
              if (chosen && chosen.size > MAX_IMAGE_MB * 1024 * 1024) {
                setProblem(`The image is larger than ${MAX_IMAGE_MB} MB. Please choose a smaller one.`);
                return;
              }
              setFile(chosen);
            }}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          />
        </label>
        {problem ? <Alert>{problem}</Alert> : null}
        {upload.isError ? <Alert>{upload.error.message}</Alert> : null}
        {file ? (
          <div className="flex w-full justify-end gap-2">
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button isDisabled={upload.isPending} onPress={() => upload.mutate({ userId, file })}>
              {upload.isPending ? imageMessages.uploading : "Upload"}
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
