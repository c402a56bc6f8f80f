/** The navigation menu of spec section 2: eleven categories and their items. */
export const menuCategories = [
  { category: "Unit", items: ["All Units", "Floor Plans", "Occupied Units"] },
  { category: "Building", items: ["All Buildings", "Corporate", "Residential"] },
  { category: "Zone", items: ["All Zones", "Top Zones"] },
  { category: "Property", items: ["All Properties", "By Owner"] },
  { category: "Tenants", items: ["Tenants", "Leases", "By Status", "Pets"] },
  { category: "Applicants", items: ["All Applicants"] },
  { category: "Maintenance", items: ["All Requests", "Open", "Closed", "Vendors"] },
  { category: "Users", items: ["All Users", "Administrators", "Staff"] },
  { category: "Reports", items: ["Financial", "Occupancy", "Maintenance"] },
  { category: "Marketing", items: ["Leads", "Tours", "Background Checks", "Rental Syndication"] },
  { category: "Accounting", items: ["General Ledger", "P&L", "Transactions", "Bank Accounts", "Bills", "1099s"] },
] as const;

export interface MenuEntry {
  category: string;
  item: string;
}

export const allMenuEntries: MenuEntry[] = menuCategories.flatMap((c) =>
  c.items.map((item) => ({ category: c.category, item })),
);

/** Menu search: entries whose item or category contains the text, case-insensitive. */
export function searchMenu(text: string): MenuEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return allMenuEntries.filter(
    (e) => e.item.toLowerCase().includes(needle) || e.category.toLowerCase().includes(needle),
  );
}
