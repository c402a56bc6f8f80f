import { useState } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useCan } from "../../../lib/auth/auth-context.tsx";
import { currentTheme, setTheme, type Theme } from "../../../lib/theme.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { LogoUpload } from "./logo-upload.tsx";
import { OrganizationSecurity } from "./organization-security.tsx";
import { OrganizationTimeZone } from "./organization-time-zone.tsx";
import { SessionList } from "./session-list.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";

export function SettingsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const can = useCan();
  return (
    <Dialog id="settings" title="Settings" isOpen={isOpen} onClose={onClose}>
      <RadioGroup
        value={theme}
        onChange={(value) => {
          setTheme(value as Theme);
          setThemeState(value as Theme);
        }}
        className="flex flex-col gap-2"
      >
        <Label className="font-semibold">Appearance</Label>
        {(["light", "dark"] as const).map((t) => (
          <Radio
            key={t}
            value={t}
            className="flex cursor-pointer items-center gap-2 text-sm outline-none before:h-4 before:w-4 before:rounded-full before:border before:border-slate-400 selected:before:border-4 selected:before:border-brand-700 focus-visible:before:ring-2 focus-visible:before:ring-brand-500"
          >
            {t === "light" ? "Light" : "Dark"}
          </Radio>
        ))}
      </RadioGroup>
      <section aria-labelledby="settings-password" className="mt-6">
        <h3 id="settings-password" className="mb-2 font-semibold">
          Change password
        </h3>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="settings-two-factor" className="mt-6">
        <h3 id="settings-two-factor" className="mb-2 font-semibold">
          Two-factor sign-in
        </h3>
        {isOpen ? <TwoFactorSettings /> : null}
      </section>
      <section aria-labelledby="settings-sessions" className="mt-6">
        <h3 id="settings-sessions" className="mb-2 font-semibold">
          Where you're logged in
        </h3>
        {isOpen ? <SessionList /> : null}
      </section>
      {can("organization.manage") ? (
        <>
          <section aria-labelledby="settings-logo" className="mt-6">
            <h3 id="settings-logo" className="mb-2 font-semibold">
              Organization logo
            </h3>
            <LogoUpload />
          </section>
          <section aria-labelledby="settings-time-zone" className="mt-6">
            <h3 id="settings-time-zone" className="mb-2 font-semibold">
              Organization time zone
            </h3>
            {isOpen ? <OrganizationTimeZone /> : null}
          </section>
          <section aria-labelledby="settings-security" className="mt-6">
            <h3 id="settings-security" className="mb-2 font-semibold">
              Organization security
            </h3>
            {isOpen ? <OrganizationSecurity /> : null}
          </section>
        </>
      ) : null}
    </Dialog>
  );
}
