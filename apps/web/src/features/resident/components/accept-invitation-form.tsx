import { residentAcceptProblems } from "@keyholder/contracts/resident";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useForm } from "../../../lib/use-form.ts";
import { acceptResidentInvitation } from "../api/accept-invitation.ts";
import { residentInvitation } from "../api/invitation.ts";
import { residentSessionQuery } from "../api/resident-session.ts";

/** The invitation link's page: who is invited, then a password (the staff rules), then the portal. */
export function AcceptInvitationForm({ token, onSignedIn }: { token: string; onSignedIn(): void }) {
  const check = useQuery({
    queryKey: ["resident", "invitation", token],
    queryFn: () => residentInvitation(token),
    retry: false,
  });
  const form = useForm({
    initialValues: { password: "", confirm_password: "" },
    validate: (v) => residentAcceptProblems({ token, ...v }),
  });
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: acceptResidentInvitation,
    onSuccess(session) {
      queryClient.setQueryData(residentSessionQuery.queryKey, session);
      onSignedIn();
    },
  });
  if (check.isPending) return <Spinner />;
  if (check.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert>{check.error instanceof ApiError ? check.error.message : "This invitation could not be checked."}</Alert>
        <Link to="/resident/sign-in" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((v) => mutation.mutate({ token, ...v }))}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {check.data.organization_name} invites you, {check.data.name}, to your resident portal. Choose a password to
        sign in with your email.
      </p>
      {mutation.isError ? (
        <Alert>{mutation.error instanceof ApiError ? mutation.error.message : "Could not set your password."}</Alert>
      ) : null}
      <TextField label="Email" type="email" value={check.data.email} isReadOnly autoComplete="username" />
      <PasswordField label="Password" autoComplete="new-password" {...form.field("password")} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...form.field("confirm_password")} />
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Saving..." : "Set password and continue"}
      </Button>
    </form>
  );
}
