import Link from "next/link";
import type { GetStarted } from "@/lib/integrator/console/get-started";
import type { ConsoleT } from "@/lib/integrator/console/i18n";

const card = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const button =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/** The overview's first steps, each ticked from the platform's live state and linking to the page that does it. */
export function GetStartedList({ t, steps }: { t: ConsoleT; steps: NonNullable<GetStarted["steps"]> }) {
  return (
    <section aria-labelledby="get-started" className={`${card} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="get-started" className="text-lg font-semibold">
            {t("getStarted.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("getStarted.description")}</p>
        </div>
        <form method="post" action="/console/get-started/dismiss">
          <button type="submit" className={button}>
            {t("getStarted.dismiss")}
          </button>
        </form>
      </div>
      <ol className="space-y-2">
        {steps.map((s) => (
          <li key={s.key} data-testid="get-started-step" data-step={s.key} data-done={s.done} className="flex gap-2">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs ${
                s.done ? "bg-emerald-600 text-white" : "border border-slate-400 text-transparent dark:border-slate-500"
              }`}
            >
              ✓
            </span>
            <Link
              href={s.href}
              className={`underline-offset-2 hover:underline ${
                s.done ? "text-slate-600 line-through dark:text-slate-400" : "text-blue-800 dark:text-blue-300"
              }`}
            >
              {t(`getStarted.steps.${s.key}`)}
            </Link>
            <span className="sr-only">({s.done ? t("getStarted.done") : t("getStarted.todo")})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The sandbox's sample-data action (app/console/sample-data/route.ts). */
export function SampleData({ t }: { t: ConsoleT }) {
  return (
    <section aria-labelledby="sample-data" className={`${card} space-y-2`}>
      <h2 id="sample-data" className="text-lg font-semibold">
        {t("sampleData.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("sampleData.description")}</p>
      <form method="post" action="/console/sample-data">
        <button type="submit" className={button}>
          {t("sampleData.button")}
        </button>
      </form>
    </section>
  );
}
