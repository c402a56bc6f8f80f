import { accountMessages, changePasswordProblems } from "@keyholder/contracts/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { serverFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { changePassword } from "../api/change-password.ts";

const empty = { current_password: "", new_password: "", confirm_password: "" };

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: empty, validate: changePasswordProblems });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ["account", "sessions"] });
    },
    onError: (error) => form.setServerErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = form.handleSubmit((v) =>
    mutation.mutate({ current_password: v.current_password, new_password: v.new_password }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {mutation.isSuccess ? <Alert tone="success">{accountMessages.passwordChanged}</Alert> : null}
      {mutation.isError && !serverFieldErrors(mutation.error) ? <Alert>{mutation.error.message}</Alert> : null}
      <PasswordField label="Current password" autoComplete="current-password" {...form.field("current_password")} />
      <PasswordField label="New password" autoComplete="new-password" {...form.field("new_password")} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field("confirm_password")} />
      <div className="flex justify-end">
        <Button type="submit" isPending={mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Change Password"}
        </Button>
      </div>
    </form>
  );
}
