/**
 * The keyboard shortcuts the workspace really has, for the help dialog (issue 10, item 17). Keep in
 * step with the handlers: workspace-header (Ctrl+S), navigation-menu, tab-strip, the data grid's
 * data-grid.tsx and grid-header.tsx, the dialog and the toast region.
 */
export const keyboardShortcuts: { group: string; keys: { keys: string; does: string }[] }[] = [
  {
    group: "Anywhere in the workspace",
    keys: [
      { keys: "Ctrl+S", does: "Search properties by name or address" },
      { keys: "?", does: "Show these keyboard shortcuts" },
      { keys: "Escape", does: "Close the dialog, menu or suggestions in front" },
      { keys: "F6", does: "Move to the notifications, when there are any" },
    ],
  },
  {
    group: "Menu bar",
    keys: [
      { keys: "← →", does: "Move between categories" },
      { keys: "↓ or Enter or Space", does: "Open the category's menu" },
      { keys: "↑ ↓", does: "Move within a menu" },
      { keys: "Escape", does: "Close the menu and go back to its category" },
      { keys: "Tab", does: "Leave the menu bar" },
    ],
  },
  {
    group: "Tabs",
    keys: [
      { keys: "← → Home End", does: "Move between tabs" },
      { keys: "Enter or Space", does: "Show the tab" },
      { keys: "F2", does: "Rename the active tab (Enter keeps, Escape reverts)" },
      { keys: "Alt+← Alt+→", does: "Move the tab left or right" },
      { keys: "Delete", does: "Close the tab" },
    ],
  },
  {
    group: "Tables",
    keys: [
      { keys: "↑ ↓", does: "Move between rows, selecting the row" },
      { keys: "Ctrl+↑ Ctrl+↓", does: "Move between rows without changing the selection" },
      { keys: "← →", does: "Move between cells" },
      { keys: "Home End", does: "First or last loaded row" },
      { keys: "Space", does: "Add the row to the selection, or take it out" },
      { keys: "Enter", does: "Open the row (the first item of its menu)" },
      { keys: "Ctrl+C", does: "Copy the cell" },
      { keys: "Context menu key", does: "Open the row's menu" },
    ],
  },
  {
    group: "Column headers",
    keys: [
      { keys: "Enter or Space", does: "Sort by the column" },
      { keys: "Alt+← Alt+→", does: "Move the column" },
      { keys: "Alt+Shift+← Alt+Shift+→", does: "Make the column narrower or wider" },
    ],
  },
];
