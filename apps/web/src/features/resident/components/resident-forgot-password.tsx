import { forgotPasswordProblems, passwordResetMessages } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useForm } from "../../../lib/use-form.ts";
import { requestResidentPasswordReset } from "../api/password-reset.ts";

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-100";

/** Forgot password: the address the resident signs in with; the same answer whether it has an account or not. */
export function ResidentForgotPassword() {
  const form = useForm({ initialValues: { email: "" }, validate: forgotPasswordProblems });
  const mutation = useMutation({ mutationFn: requestResidentPasswordReset });
  const submit = form.handleSubmit((v) => mutation.mutate(v.email.trim()));
  return (
    <>
      {mutation.isSuccess ? (
        <Alert tone="success">{passwordResetMessages.sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" isRequired autoFocus {...form.field("email")} />
          <Button type="submit" isPending={mutation.isPending}>
            {mutation.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/resident/sign-in" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </>
  );
}
