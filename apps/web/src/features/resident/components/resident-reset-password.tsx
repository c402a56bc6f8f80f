import { passwordResetMessages, resetPasswordProblems } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { serverFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { resetResidentPassword } from "../api/password-reset.ts";

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-100";

/** The mailed link's page: the new password twice (the staff rules); then sign in with it. */
export function ResidentResetPassword({ token }: { token: string | undefined }) {
  const form = useForm({ initialValues: { password: "", confirm_password: "" }, validate: resetPasswordProblems });
  const mutation = useMutation({
    mutationFn: resetResidentPassword,
    onError: (error) => form.setServerErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = form.handleSubmit((v) => {
    if (token) mutation.mutate({ token, password: v.password });
  });
  if (!token) {
    return (
      <>
        <Alert>{passwordResetMessages.invalidToken}</Alert>
        <p className="mt-4 text-sm">
          <Link to="/resident/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </>
    );
  }
  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">Your password has been changed. Sign in with your new password.</Alert>
        <Link to="/resident/sign-in" className={linkClass}>
          Sign in
        </Link>
      </div>
    );
  }
  const tokenProblem = mutation.isError && !serverFieldErrors(mutation.error)?.password;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {tokenProblem ? (
        <Alert>
          {mutation.error.message}{" "}
          <Link to="/resident/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </Alert>
      ) : null}
      <PasswordField label="New password" autoComplete="new-password" autoFocus {...form.field("password")} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field("confirm_password")} />
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
