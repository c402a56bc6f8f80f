/**
 * The look of the app's inputs. Invalid is styled from react-aria's data-invalid, never the native
 * :invalid, which marks an empty required field red before the user has done anything.
 */
export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 data-invalid:border-red-600 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:data-invalid:border-red-400 dark:aria-invalid:border-red-400";

export const labelClass = "text-sm font-medium text-slate-700 dark:text-slate-200";
export const descriptionClass = "text-xs text-slate-600 dark:text-slate-400";
export const errorClass = "text-xs text-red-700 dark:text-red-300";
