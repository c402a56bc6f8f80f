import { formatColumnDate } from "@keyholder/contracts/list-query";

/** Display formats shared by the tables (spec records 3.1, 3.2, 9): en-US, US dollars, 'N/A' for missing. */
export const NA = "N/A";

const missing = (v: unknown): v is null | undefined => v === null || v === undefined;

export const formatNumber = (v: number | null | undefined) => (missing(v) ? NA : v.toLocaleString("en-US"));

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const formatMoney = (v: number | null | undefined) => (missing(v) ? NA : usd.format(v));

/** Calendar date in UTC, as the server's date quick filters read it (e.g. 11/3/2026). */
export const formatDate = (iso: string | null | undefined) => (missing(iso) ? NA : formatColumnDate(iso));

/** Occupied over total as a percentage with one decimal, or 'N/A' when total is 0 (spec records 3.1). */
export const formatOccupancy = (occupied: number, total: number) =>
  total ? `${((occupied / total) * 100).toFixed(1)}%` : NA;

/** Date and time in the reader's zone, as the request views show when something was added (Nov 3, 2026, 4:05 PM). */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export const formatStatus = (active: boolean) => (active ? "Active" : "Inactive");

/** "Ada Lovelace" -> "AL": the letters an avatar shows without a picture. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
