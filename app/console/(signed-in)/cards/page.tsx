import { listConsoleCards } from "@/lib/integrator/console/cards";
import { consolePage } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { Status } from "../_ui/status";
import { Badge } from "../_ui/badge";
import { Id } from "../_ui/id";
import { PageHeader } from "../_ui/page-header";
import { buttonPlain, buttonPrimary, inputClass } from "../_ui/styles";

export const dynamic = "force-dynamic";

const STATES = ["ACTIVE", "FROZEN", "PROCESSING", "PENDING_KYC", "CLOSED"] as const;

/**
 * Cards of the platform with their state; an operator freezes or unfreezes one (PATCH /cards/{id} through the
 * SDK). One list whose items are rows on a wide screen and stacked cards on a phone (no sideways scrolling at
 * 390 px); words from the console's catalogue.
 */
export default async function CardsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const { t, format } = await consoleIntl();
  const filter = STATES.find((s) => s === sp.state);
  const cards = await listConsoleCards(await consolePage(), filter);
  const label = "text-xs font-medium uppercase tracking-wide text-slate-600 md:sr-only dark:text-slate-400";
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("cards.title")} description={t("cards.description")} />
      <form
        method="get"
        className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="block">
          <span className="font-medium">{t("cards.state")}</span>
          <select name="state" defaultValue={filter ?? ""} className={`${inputClass} mt-1 block`}>
            <option value="">{t("common.any")}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`cards.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonPrimary}>
          {t("common.apply")}
        </button>
      </form>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("cards.count", { count: cards.totalCount ?? cards.data.length })}
      </p>
      {cards.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t("cards.empty")}
        </p>
      ) : (
        <ul
          aria-label={t("cards.title")}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {cards.data.map((c) => (
            <li
              key={c.id}
              data-testid="card-row"
              data-card-id={c.id}
              className="grid grid-cols-1 gap-2 p-3 text-sm md:grid-cols-[2fr_2fr_1fr_1fr_auto] md:items-center"
            >
              <div className="min-w-0">
                <span className={label}>{t("cards.card")}</span>
                <span className="block font-medium">
                  {c.brand ?? ""} •••• {c.last4}
                </span>
                <Id value={c.id} />
              </div>
              <div className="min-w-0">
                <span className={label}>{t("cards.cardholder")}</span>
                <Id value={c.cardholderId} href={`/console/customers/${c.cardholderId}`} />
              </div>
              <div>
                <span className={label}>{t("cards.limit")}</span>
                <span className="block">
                  {c.maxSpendPerTransaction !== null
                    ? `${format.number(c.maxSpendPerTransaction)} ${c.currency ?? ""}`.trim()
                    : "—"}
                </span>
              </div>
              <div>
                <span className={label}>{t("cards.state")}</span>
                <span data-testid="card-state" className="block" title={t(`cards.states.${c.state}`)}>
                  <Badge status={c.state} />
                </span>
              </div>
              <div>
                {c.state === "ACTIVE" || c.state === "FROZEN" ? (
                  <form method="post" action={`/console/cards/${encodeURIComponent(c.id)}/state`}>
                    <input type="hidden" name="state" value={c.state === "ACTIVE" ? "FROZEN" : "ACTIVE"} />
                    <button
                      type="submit"
                      className={buttonPlain}
                      aria-label={t(c.state === "ACTIVE" ? "cards.freezeOne" : "cards.unfreezeOne", {
                        last4: c.last4 ?? "",
                      })}
                    >
                      {c.state === "ACTIVE" ? t("cards.freeze") : t("cards.unfreeze")}
                    </button>
                  </form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
