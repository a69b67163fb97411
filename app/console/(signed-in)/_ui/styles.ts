/** The console's button and input classes, one look for every form. */

export const buttonPrimary = "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800";
export const buttonDanger = "rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800";
export const buttonGood = "rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800";
export const buttonPlain =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
export const inputClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";
