import { accountMessages, profileProblems } from "@keyholder/contracts/account";
import { formatPhone, type Session } from "@keyholder/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { authStore } from "../../auth/auth-context.tsx";
import { updateProfile } from "../api/update-profile.ts";

/** Edit one's own names, preferred name and phone; the stored session follows the answer. */
export function ProfileForm({ session, onDone }: { session: Session; onDone(): void }) {
  const person = session.user.person;
  const [values, setValues] = useState({
    first_name: person?.first_name ?? "",
    last_name: person?.last_name ?? "",
    preferred_name: person?.preferred_name ?? "",
    phone: formatPhone(person?.phone ?? ""),
  });
  const payload = { ...values, preferred_name: values.preferred_name.trim() || null };
  const problems = profileProblems(payload);
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess(updated) {
      authStore.login(updated);
      onDone();
    },
  });
  const serverFields = mutation.error instanceof ApiError ? mutation.error.fields : undefined;
  const set = (k: keyof typeof values) => (v: string) =>
    setValues((s) => ({ ...s, [k]: k === "phone" ? formatPhone(v) : v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(problems).length === 0) mutation.mutate(payload);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {mutation.isError && !serverFields ? <Alert>{mutation.error.message}</Alert> : null}
      <TextField
        label="First name"
        value={values.first_name}
        onChange={set("first_name")}
        errors={serverFields?.first_name ?? problems.first_name}
      />
      <TextField
        label="Last name"
        value={values.last_name}
        onChange={set("last_name")}
        errors={serverFields?.last_name ?? problems.last_name}
      />
      <TextField
        label="Preferred name"
        description="Shown instead of your full name"
        value={values.preferred_name}
        onChange={set("preferred_name")}
      />
      <TextField
        label="Phone"
        type="tel"
        value={values.phone}
        onChange={set("phone")}
        errors={serverFields?.phone ?? problems.phone}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={mutation.isPending || Object.keys(problems).length > 0}>
          {mutation.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {mutation.isSuccess ? accountMessages.profileSaved : ""}
      </p>
    </form>
  );
}
