/**
 * A booked visit as people read it: "Dec 3, 2026, 9:00 AM – 11:30 AM". The times are the
 * organization's local ones as the API gives them (`YYYY-MM-DDTHH:MM`), shown without conversion.
 */
export function formatVisit(start: string | null, end: string | null): string | null {
  if (!start) return null;
  const at = (local: string) => new Date(`${local}:00Z`);
  const day = at(start).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const time = (local: string) => at(local).toLocaleTimeString("en-US", { timeStyle: "short", timeZone: "UTC" });
  return end ? `${day}, ${time(start)} – ${time(end)}` : `${day}, ${time(start)}`;
}
