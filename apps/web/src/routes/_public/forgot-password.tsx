import { forgotPasswordProblems, passwordResetMessages } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { requestPasswordReset } from "../../features/password-reset/api/request-reset.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useForm } from "../../lib/use-form.ts";

export const Route = createFileRoute("/_public/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const form = useForm({ initialValues: { email: "" }, validate: forgotPasswordProblems });
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const submit = form.handleSubmit((v) => mutation.mutate(v.email.trim()));
  return (
    <AuthCard title="Reset your password">
      {mutation.isSuccess ? (
        <Alert tone="success">{passwordResetMessages.sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the email you log in with and we will send you a link to choose a new password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" isRequired autoFocus {...form.field("email")} />
          <Button type="submit" isPending={mutation.isPending}>
            {mutation.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
