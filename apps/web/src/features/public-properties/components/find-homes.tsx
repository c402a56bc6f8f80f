import { publicPropertyMessages, zipcodeSchema } from "@keyholder/contracts/public-properties";
import { type FormEvent, useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useLocationSearch } from "../hooks/use-location-search.ts";
import type { ListingFilters } from "../utils/listing-filters.ts";
import { AreaSuggestions } from "./area-suggestions.tsx";
import { PropertyResults } from "./property-results.tsx";

/**
 * /properties: search by ZIP code or by the visitor's location. The ZIP code lives in the URL
 * (zipCode), so results can be shared and the header search lands here.
 */
export function FindHomes({
  zipCode,
  filters,
  onSearch,
  onFilters,
}: {
  zipCode: string | undefined;
  filters: ListingFilters;
  onSearch(zipcode: string): void;
  onFilters(filters: ListingFilters): void;
}) {
  const [text, setText] = useState(zipCode ?? "");
  // The field's message shows after a search (or a zipCode in the URL) until the next edit.
  const [checked, setChecked] = useState(zipCode !== undefined);
  const location = useLocationSearch(onSearch);
  const { reset: resetLocation } = location;

  // A search from the header (or back/forward) changes the URL: the field follows.
  useEffect(() => {
    setText(zipCode ?? "");
    setChecked(zipCode !== undefined);
  }, [zipCode]);

  const current = zipCode === undefined ? undefined : zipcodeSchema.safeParse(zipCode);
  useDocumentTitle(current?.success ? `Homes near ${current.data}` : "Find homes");
  const fieldErrors = checked && !zipcodeSchema.safeParse(text).success ? [publicPropertyMessages.badZipcode] : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    const parsed = zipcodeSchema.safeParse(text);
    if (!parsed.success) return;
    resetLocation();
    onSearch(parsed.data);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find homes</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Homes for rent from every property manager on Keyholder, nearest first.
      </p>
      <search aria-label="Find homes by ZIP code" className="mt-6 block">
        {/* Before the JavaScript runs (a server-rendered page), the browser submits it to the same address. */}
        <form
          noValidate
          onSubmit={submit}
          action="/properties"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="sm:w-56">
            <TextField
              label="ZIP code"
              name="zipCode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              placeholder="e.g. 78701"
              value={text}
              onChange={(v) => {
                setText(v);
                setChecked(false);
              }}
              errors={fieldErrors}
            />
          </div>
          <div className="flex flex-wrap gap-2 sm:mt-6">
            <Button type="submit">Search</Button>
            <Button variant="secondary" onPress={location.locate} isDisabled={location.locating}>
              {location.locating ? "Finding your location..." : "Use my location"}
            </Button>
          </div>
        </form>
      </search>
      {location.error ? (
        <div className="mt-4">
          <Alert>{location.error}</Alert>
        </div>
      ) : null}
      {current?.success ? (
        <PropertyResults zipcode={current.data} filters={filters} onFilters={onFilters} />
      ) : zipCode === undefined ? (
        <>
          <p className="mt-8 text-slate-600 dark:text-slate-400">
            Enter a ZIP code, or let your browser tell us where you are.
          </p>
          <AreaSuggestions heading="Areas with homes" />
        </>
      ) : null}
    </div>
  );
}
