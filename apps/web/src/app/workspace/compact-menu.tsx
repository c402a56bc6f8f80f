import { Button, Menu, MenuItem, MenuTrigger, Popover, SubmenuTrigger } from "react-aria-components";
import { MenuEntryLabel } from "../../features/workspace/components/menu-entry-label.tsx";
import { menuCategories } from "../../features/workspace/menu-items.ts";
import { useEntryAccess } from "./use-entry-access.ts";

const popoverClass =
  "max-h-[70dvh] min-w-48 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900";
const itemClass =
  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm outline-none focus:bg-slate-100 aria-disabled:cursor-default aria-disabled:text-slate-600 dark:focus:bg-slate-800 dark:aria-disabled:text-slate-400";

/**
 * The navigation menu on narrow screens (issue 10, item 14): one Menu button instead of eleven
 * categories wrapping over many lines. Each category is a submenu (react-aria: arrow keys, Enter,
 * Escape, touch); entries not built yet are disabled and marked.
 */
export function CompactMenu({ onSelect }: { onSelect(category: string, item: string): void }) {
  const access = useEntryAccess();
  return (
    <MenuTrigger>
      <Button className="flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-200 dark:hover:bg-slate-800">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
        Menu
      </Button>
      <Popover placement="bottom start" className={popoverClass}>
        <Menu className="outline-none">
          {menuCategories.map(({ category, items }) => (
            <SubmenuTrigger key={category}>
              <MenuItem id={category} textValue={category} className={itemClass}>
                {category}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-4 w-4 fill-none stroke-current"
                  strokeWidth="2"
                >
                  <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </MenuItem>
              {/* Below its category, over the list: a phone has no room beside it. */}
              <Popover placement="bottom start" offset={-4} crossOffset={24} className={popoverClass}>
                <Menu
                  aria-label={category}
                  className="outline-none"
                  disabledKeys={items.filter((item) => !access.opens(category, item))}
                  onAction={(item) => onSelect(category, String(item))}
                >
                  {items.map((item) => (
                    <MenuItem key={item} id={item} textValue={item} className={itemClass}>
                      <MenuEntryLabel item={item} note={access.note(category, item)} />
                    </MenuItem>
                  ))}
                </Menu>
              </Popover>
            </SubmenuTrigger>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
