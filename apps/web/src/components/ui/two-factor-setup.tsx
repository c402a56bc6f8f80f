import { RECOVERY_CODE_COUNT } from "@keyholder/contracts/two-factor";
import { type FormEvent, useState } from "react";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { PasswordField } from "./password-field.tsx";
import { TextField } from "./text-field.tsx";

/** An authenticator app's 6-digit code: digits only, offered the phone's one-time-code autofill. */
export function AuthenticationCodeField({
  value,
  onChange,
  errors,
  autoFocus,
}: {
  value: string;
  onChange(code: string): void;
  errors?: string[] | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Authentication code"
      value={value}
      errors={errors}
      onChange={(v) => onChange(v.replace(/\D/g, "").slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
    />
  );
}

/**
 * The second step of turning on two-factor sign-in, for staff and residents alike: the QR code (or
 * the key typed by hand) for an authenticator app, then its 6-digit code and the password.
 */
export function TwoFactorEnrolment({
  setup,
  error,
  isPending,
  onSubmit,
}: {
  setup: { qr_svg: string; secret: string };
  error: Error | null;
  isPending: boolean;
  onSubmit(answer: { code: string; password: string }): void;
}) {
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ password, code: code.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm">
        1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy...), or type the key.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code to add Keyholder to an authenticator app"
        className="h-44 w-44 rounded bg-white p-2"
      />
      <p className="text-sm">
        Key: <code className="break-all rounded bg-slate-100 px-1 dark:bg-slate-800">{setup.secret}</code>
      </p>
      <p className="text-sm">2. Enter the 6-digit code the app shows, and your password.</p>
      {error ? <Alert>{error.message}</Alert> : null}
      <AuthenticationCodeField value={code} onChange={setCode} />
      <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Button type="submit" isPending={isPending}>
        Turn on
      </Button>
    </form>
  );
}

/**
 * The recovery codes, shown once (after turning two-factor on, or asking for new ones): copied,
 * downloaded as a text file or written down, then closed.
 */
export function RecoveryCodes({ codes, title, onDone }: { codes: string[]; title: string; onDone(): void }) {
  const text = codes.join("\n");
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="success">{title}</Alert>
      <p className="text-sm">
        Save these {RECOVERY_CODE_COUNT} recovery codes somewhere safe (printed, or in a password manager). Each lets
        you sign in once without your phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center dark:bg-slate-800">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onPress={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
            const a = Object.assign(document.createElement("a"), {
              href: url,
              download: "keyholder-recovery-codes.txt",
            });
            a.click();
            URL.revokeObjectURL(url);
          }}
        >
          Download
        </Button>
        <Button onPress={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
