import { displayName } from "@keyholder/contracts/people";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from "react-aria-components";
import { Avatar } from "../../features/profile-picture/components/avatar.tsx";
import { OrganizationLogo } from "../../features/profile-picture/components/organization-logo.tsx";
import { useAuth } from "../../lib/auth/auth-context.tsx";
import { currentTheme, setTheme, type Theme } from "../../lib/theme.ts";

const itemClass =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm outline-none focus:bg-slate-100 dark:focus:bg-slate-800";

export type WorkspacePanel = "account" | "settings" | "picture" | "shortcuts";

/** Initials, display name, role and organization; Account, Settings, theme, shortcuts and Logout. */
export function UserMenu({ onOpen }: { onOpen(panel: WorkspacePanel): void }) {
  const { session, logout } = useAuth();
  const router = useRouter();
  const navigate = useNavigate();
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const user = session?.user;
  const name = displayName(user?.person) || user?.username || "";
  const role = user?.role.display_name || "User";

  return (
    <MenuTrigger>
      {/* Named by what it shows (WCAG 2.5.3, label in name), after a hidden "User menu". */}
      <Button className="flex items-center gap-2 rounded-lg px-1 py-1 outline-none sm:px-2 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800">
        <span className="sr-only">User menu: </span>
        <Avatar userId={user?.id ?? 0} name={name} hasPicture={user?.has_profile_picture ?? false} />
        <span className="hidden text-left text-sm leading-tight md:block">
          <span className="block font-semibold" data-testid="user-display-name">
            {name}
          </span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            <span className="flex items-center gap-1">
              {role} ·{" "}
              <OrganizationLogo
                name={session?.organization.name ?? ""}
                hasLogo={session?.organization.has_logo ?? false}
              />
            </span>
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
            if (key === "account" || key === "settings" || key === "picture" || key === "shortcuts") onOpen(key);
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
          <MenuItem id="picture" className={itemClass}>
            Profile picture
          </MenuItem>
          <MenuItem id="settings" className={itemClass}>
            Settings
          </MenuItem>
          <MenuItem id="theme" className={itemClass}>
            {theme === "dark" ? "Light mode" : "Dark mode"}
          </MenuItem>
          <MenuItem id="shortcuts" className={itemClass}>
            Keyboard shortcuts
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
