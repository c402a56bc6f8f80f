import { accountMessages, profileProblems } from "@keyholder/contracts/account";
import { formatPhone, type Session } from "@keyholder/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { authStore } from "../../../lib/auth/auth-context.tsx";
import { serverFieldErrors } from "../../../lib/form-errors.ts";
import { useForm } from "../../../lib/use-form.ts";
import { updateProfile } from "../api/update-profile.ts";

type ProfileValues = { first_name: string; last_name: string; preferred_name: string; phone: string };
const payload = (v: ProfileValues) => ({ ...v, preferred_name: v.preferred_name.trim() || null });

/** Edit one's own names, preferred name and phone; the stored session follows the answer. */
export function ProfileForm({ session, onDone }: { session: Session; onDone(): void }) {
  const person = session.user.person;
  const form = useForm<ProfileValues>({
    initialValues: {
      first_name: person?.first_name ?? "",
      last_name: person?.last_name ?? "",
      preferred_name: person?.preferred_name ?? "",
      phone: formatPhone(person?.phone ?? ""),
    },
    validate: (v) => profileProblems(payload(v)),
  });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess(updated) {
      authStore.login(updated);
      onDone();
    },
    onError: (error) => form.setServerErrors(serverFieldErrors(error) ?? {}),
  });
  const submit = form.handleSubmit((v) => mutation.mutate(payload(v)));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {mutation.isError && !serverFieldErrors(mutation.error) ? <Alert>{mutation.error.message}</Alert> : null}
      <TextField label="First name" autoComplete="given-name" {...form.field("first_name")} />
      <TextField label="Last name" autoComplete="family-name" {...form.field("last_name")} />
      <TextField
        label="Preferred name"
        description="Shown instead of your full name"
        autoComplete="nickname"
        {...form.field("preferred_name")}
      />
      <PhoneField label="Phone" {...form.field("phone")} onChange={(v) => form.setValue("phone", v)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {mutation.isSuccess ? accountMessages.profileSaved : ""}
      </p>
    </form>
  );
}
