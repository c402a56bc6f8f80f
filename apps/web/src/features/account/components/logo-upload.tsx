import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { uploadLogo } from "../api/upload-logo.ts";

/** Administrators replace the organization's logo (shown in everyone's user menu). */
export function LogoUpload() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: uploadLogo,
    // The answer is the new logo; the user menu shows it without asking again.
    onSuccess: (logo) => queryClient.setQueryData(["organization-logo"], logo),
  });
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label className="flex flex-col gap-1">
        <span>Upload a new logo (JPEG, PNG, GIF, SVG or WebP, up to 5 MB)</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif,image/svg+xml,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) mutation.mutate(file);
          }}
        />
      </label>
      {mutation.isPending ? <p>Uploading...</p> : null}
      {mutation.isSuccess ? <Alert tone="success">Logo updated.</Alert> : null}
      {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
    </div>
  );
}
