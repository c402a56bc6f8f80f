import { passwordResetMessages, resetPasswordProblems } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { z } from "zod";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PasswordField } from "../../components/ui/password-field.tsx";
import { resetPassword } from "../../features/password-reset/api/reset-password.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { serverFieldErrors } from "../../lib/form-errors.ts";
import { useForm } from "../../lib/use-form.ts";

export const Route = createFileRoute("/_public/reset-password")({
  validateSearch: z.object({ token: z.string().optional() }),
  component: ResetPasswordPage,
});

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-100";

function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const { token } = Route.useSearch();
  const form = useForm({ initialValues: { password: "", confirm_password: "" }, validate: resetPasswordProblems });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onError: (error) => form.setServerErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = form.handleSubmit((v) => {
    if (token) mutation.mutate({ token, password: v.password });
  });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert>{passwordResetMessages.invalidToken}</Alert>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {mutation.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">{passwordResetMessages.done}</Alert>
          <Link to="/login" className={linkClass}>
            Log in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError && !serverFieldErrors(mutation.error)?.password ? (
            <Alert>{mutation.error.message}</Alert>
          ) : null}
          <PasswordField label="New password" autoComplete="new-password" autoFocus {...form.field("password")} />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field("confirm_password")} />
          <Button type="submit" isPending={mutation.isPending}>
            {mutation.isPending ? "Saving..." : "Set New Password"}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
