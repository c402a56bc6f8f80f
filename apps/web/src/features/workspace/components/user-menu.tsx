import { displayName } from "@keyholder/contracts/people";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from "react-aria-components";
import { currentTheme, setTheme, type Theme } from "../../../lib/theme.ts";
import { useAuth } from "../../auth/auth-context.tsx";

const itemClass =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm outline-none focus:bg-slate-100 dark:focus:bg-slate-800";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");

/** Initials, display name, role and organization; Account, Settings, theme and Logout. */
export function UserMenu({ onOpen }: { onOpen(panel: "account" | "settings"): void }) {
  const { session, logout } = useAuth();
  const router = useRouter();
  const navigate = useNavigate();
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const user = session?.user;
  const name = displayName(user?.person) || user?.username || "";
  const role = user?.role.display_name || "User";

  return (
    <MenuTrigger>
      <Button
        aria-label={`User menu for ${name}`}
        className="flex items-center gap-2 rounded-lg px-2 py-1 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
        >
          {initials(name)}
        </span>
        <span className="hidden text-left text-sm leading-tight md:block">
          <span className="block font-semibold" data-testid="user-display-name">
            {name}
          </span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {role} · {session?.organization.name}
          </span>
        </span>
      </Button>
      <Popover
        placement="bottom end"
        className="w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <Menu
          className="outline-none"
          onAction={async (key) => {
            if (key === "account" || key === "settings") onOpen(key);
            else if (key === "theme") {
              const next = theme === "dark" ? "light" : "dark";
              setTheme(next);
              setThemeState(next);
            } else if (key === "logout") {
              await logout();
              await router.invalidate();
              await navigate({ to: "/" });
            }
          }}
        >
          <MenuItem id="account" className={itemClass}>
            Account
          </MenuItem>
          <MenuItem id="settings" className={itemClass}>
            Settings
          </MenuItem>
          <MenuItem id="theme" className={itemClass}>
            {theme === "dark" ? "Light mode" : "Dark mode"}
          </MenuItem>
          <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />
          <MenuItem id="logout" className={itemClass}>
            Logout
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
