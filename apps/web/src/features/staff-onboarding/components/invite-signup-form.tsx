import { formatPhone, type Session } from "@keyholder/contracts/auth";
import { type InviteCheck, inviteMessages, staffSignupProblems } from "@keyholder/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { serverFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { staffSignup } from "../api/accept-invite.ts";

/** Spec accounts 8, staff signup: what a failed account creation says. */
export function staffSignupFailure(error: unknown) {
  if (!(error instanceof ApiError)) return inviteMessages.accountFailed;
  if (error.status === 409 || (error.status === 400 && /already exists/i.test(error.message))) {
    return inviteMessages.accountExists;
  }
  if (error.status === 400) return inviteMessages.invalidAccount;
  if (error.status >= 500) return error.message || inviteMessages.serverError;
  return error.message || inviteMessages.accountFailed;
}

/** "Casey Lee" -> first "Casey", last "Lee": the invitation's name prefills both. */
function splitName(name: string | null) {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? "", last: parts.slice(1).join(" ") };
}

/** Create an account for the invitation: the email fixed, names and phone prefilled (spec accounts 2). */
export function InviteSignupForm(props: {
  guid: string;
  invite: InviteCheck;
  onSignedIn(session: Session): void;
  onBack(): void;
}) {
  const name = splitName(props.invite.name);
  const form = useForm({
    initialValues: {
      first_name: name.first,
      last_name: name.last,
      phone: formatPhone(props.invite.phone ?? ""),
      password: "",
      confirm_password: "",
    },
    validate: (v) =>
      staffSignupProblems({ ...v, invite_guid: props.guid, receive_marketing: false, accepted_terms: true }),
  });
  const mutation = useMutation({
    mutationFn: staffSignup,
    onSuccess: props.onSignedIn,
    onError: (error) => form.setServerErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = form.handleSubmit((v) =>
    mutation.mutate({
      invite_guid: props.guid,
      password: v.password,
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      phone: v.phone,
      receive_marketing: false,
      accepted_terms: true,
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {mutation.isError && !serverFieldErrors(mutation.error) ? (
        <Alert>{staffSignupFailure(mutation.error)}</Alert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        value={props.invite.email}
        isDisabled
        description="The invitation's address"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" isRequired {...form.field("first_name")} />
        <TextField label="Last name" autoComplete="family-name" isRequired {...form.field("last_name")} />
      </div>
      <PhoneField label="Phone" {...form.field("phone")} onChange={(v) => form.setValue("phone", v)} />
      <PasswordField label="Password" autoComplete="new-password" autoFocus {...form.field("password")} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...form.field("confirm_password")} />
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onPress={props.onBack} isDisabled={mutation.isPending}>
          Back
        </Button>
        <Button type="submit" isPending={mutation.isPending}>
          {mutation.isPending ? "Creating..." : "Create Account"}
        </Button>
      </div>
    </form>
  );
}
