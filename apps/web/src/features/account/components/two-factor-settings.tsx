import { RECOVERY_CODE_COUNT } from "@keyholder/contracts/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { authStore } from "../../../lib/auth/auth-context.tsx";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatusQuery } from "../api/two-factor.ts";

/**
 * Two-factor sign-in in Settings (issue 13, item 7): turn it on by scanning the QR code (or typing
 * the key) into an authenticator app and confirming a code with the password; the ten recovery
 * codes are shown once; turning it off needs the password.
 */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorStatusQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
    await authStore.refresh();
  };
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.isPending) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>;
  if (status.isError) return <Alert>{status.error.message}</Alert>;
  if (status.data.enabled) {
    return (
      <TurnOff
        codesLeft={status.data.recovery_codes_left}
        required={status.data.required}
        onDone={() => void refresh()}
      />
    );
  }
  return (
    <TurnOn
      onEnabled={(recovery) => {
        setCodes(recovery);
        void refresh();
      }}
    />
  );
}

function TurnOn({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const setup = useMutation({ mutationFn: startTwoFactorSetup });
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const enable = useMutation({ mutationFn: enableTwoFactor, onSuccess: (r) => onEnabled(r.recovery_codes) });
  if (!setup.data) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Off. With it on, signing in also asks for a code from an authenticator app on your phone.
        </p>
        {setup.isError ? <Alert>{setup.error.message}</Alert> : null}
        <Button onPress={() => setup.mutate()} isPending={setup.isPending}>
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate({ password, code: code.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm">
        1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy...), or type the key.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_svg)}`}
        alt="QR code to add Keyholder to an authenticator app"
        className="h-44 w-44 rounded bg-white p-2"
      />
      <p className="text-sm">
        Key: <code className="break-all rounded bg-slate-100 px-1 dark:bg-slate-800">{setup.data.secret}</code>
      </p>
      <p className="text-sm">2. Enter the 6-digit code the app shows, and your password.</p>
      {enable.isError ? <Alert>{enable.error.message}</Alert> : null}
      <TextField
        label="Authentication code"
        value={code}
        onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Button type="submit" isPending={enable.isPending}>
        Turn on
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = codes.join("\n");
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="success">Two-factor sign-in is on.</Alert>
      <p className="text-sm">
        Save these {RECOVERY_CODE_COUNT} recovery codes somewhere safe. Each lets you sign in once without your phone.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
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

function TurnOff({ codesLeft, required, onDone }: { codesLeft: number; required: boolean; onDone(): void }) {
  const [password, setPassword] = useState("");
  const disable = useMutation({ mutationFn: disableTwoFactor, onSuccess: onDone });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        disable.mutate({ password });
      }}
      noValidate
      className="flex flex-col items-start gap-2"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        On. {codesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      {required ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your organization requires it of administrators, so it stays on.
        </p>
      ) : (
        <>
          {disable.isError ? <Alert>{disable.error.message}</Alert> : null}
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button variant="secondary" type="submit" isPending={disable.isPending}>
            Turn off two-factor sign-in
          </Button>
        </>
      )}
    </form>
  );
}
