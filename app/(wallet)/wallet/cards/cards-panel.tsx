"use client";

import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import {
  grantWalletPull,
  issueCard,
  listMyCards,
  revealMyCard,
  setCardState,
  simulatePurchase,
  type CardDetails,
  type WalletCard,
} from "@/lib/integrator/browser/cards";
import { getMe, type Me } from "@/lib/integrator/browser/flows";
import { formatDateTime, formatMoney, parseAmount } from "@/lib/integrator/ui/format";
import { Button, Card, ErrorMessage, inputClass, Notice, useAction } from "../../ui";

const exp = (m?: number, y?: number) => (m && y ? `${String(m).padStart(2, "0")}/${String(y).slice(-2)}` : "");
const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * The user's cards: issue a virtual card funded by the wallet, let it pull from the wallet (a delegated key the
 * wallet signs for), see its number (opened in this browser only, hidden again after a minute), its activity
 * (purchases and declines with their reason; the sandbox simulates a shop's purchase), freeze, unfreeze and close it.
 */
export function CardsPanel() {
  const t = useTranslations("cards");
  const tc = useTranslations("common");
  const [me, setMe] = useState<Me | null>(null);
  const [cards, setCards] = useState<WalletCard[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useAction();
  const issue = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load.run is stable (a useCallback of useAction)
  const reload = useCallback(
    () =>
      load.run(async () => {
        const [m, c] = await Promise.all([getMe(), listMyCards()]);
        setMe(m);
        setCards(c);
      }),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={load.error} />
      {notice ? <Notice>{notice}</Notice> : null}
      <Card
        title={t("yours")}
        id="cards"
        action={
          <Button
            disabled={issue.busy}
            onClick={() =>
              issue.run(async () => {
                const card = await issueCard();
                await reload();
                setNotice(t("issued", { last4: card.last4 ?? "" }));
              })
            }
          >
            {t("issue")}
          </Button>
        }
      >
        <ErrorMessage error={issue.error} />
        {cards === null ? (
          <p role="status">{tc("loading")}</p>
        ) : cards.length === 0 ? (
          <p>{t("none")}</p>
        ) : (
          <ul className="space-y-4">
            {cards.map((c) => (
              <CardItem key={c.id} card={c} me={me} onChange={reload} onNotice={setNotice} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function CardItem({
  card,
  me,
  onChange,
  onNotice,
}: {
  card: WalletCard;
  me: Me | null;
  onChange: () => Promise<unknown>;
  onNotice: (s: string | null) => void;
}) {
  const t = useTranslations("cards");
  const locale = useLocale();
  const reveal = useAction();
  const act = useAction();
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [closing, setClosing] = useState(false);
  const [purchase, setPurchase] = useState({ merchant: "Corner Coffee", amount: "4.50" });
  useEffect(() => {
    if (!details) return;
    const timer = setTimeout(() => setDetails(null), 60_000);
    return () => clearTimeout(timer);
  }, [details]);
  const live = card.state === "ACTIVE" || card.state === "FROZEN";
  const canReveal = me?.enclaveQuorumPublic && live;
  const stateText = t.has(`state.${card.state}`)
    ? t(`state.${card.state}` as "state.other")
    : t("state.other", { state: card.state });
  const ending = card.last4 ?? "";
  const currency = { code: card.currency ?? "USD", decimals: card.decimals };
  const reason = (r: string) => (t.has(`decline.${r}`) ? t(`decline.${r}` as "decline.other") : r);
  const run = (fn: () => Promise<string>) =>
    act.run(async () => {
      onNotice(null);
      const done = await fn();
      await onChange();
      onNotice(done);
    });
  const headingId = `card-${card.id}-activity`;
  return (
    <li
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="wallet-card"
      data-card-id={card.id}
    >
      <div className="flex items-center justify-between">
        <span className="font-medium">{card.brand ?? t("card")}</span>
        <span data-testid="wallet-card-state" data-state={card.state} className="text-sm">
          {stateText}
        </span>
      </div>
      <span className="sr-only">{t("number")}</span>
      <p className="mt-2 font-mono text-lg" data-testid="card-number">
        {details ? grouped(details.pan) : `•••• •••• •••• ${card.last4 ?? "••••"}`}
      </p>
      <p className="mt-1 font-mono text-sm">
        {t("exp")}{" "}
        <span data-testid="card-exp">
          {details ? exp(details.expMonth, details.expYear) : exp(card.expMonth, card.expYear)}
        </span>{" "}
        · {t("cvv")} <span data-testid="card-cvv">{details ? details.cvv : "•••"}</span>
      </p>
      {live ? (
        <p className="mt-2 text-sm" data-testid="card-wallet-grant" data-granted={card.canPullFromWallet}>
          {card.canPullFromWallet ? t("paysFromWallet") : t("notFromWallet")}
        </p>
      ) : null}
      <ErrorMessage error={reveal.error ?? act.error} />
      <div className="mt-3 flex flex-wrap gap-2">
        {live && !card.canPullFromWallet ? (
          <Button
            disabled={act.busy}
            onClick={() =>
              run(async () => {
                await grantWalletPull(card.id);
                return t("granted", { last4: ending });
              })
            }
          >
            {t("grant")}
          </Button>
        ) : null}
        {live ? (
          details ? (
            <Button variant="secondary" onClick={() => setDetails(null)}>
              {t("hide")}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={!canReveal || reveal.busy}
              onClick={() =>
                reveal.run(async () => {
                  if (!me?.enclaveQuorumPublic) return;
                  setDetails(await revealMyCard(card.id, me.enclaveQuorumPublic, me.platformId));
                })
              }
            >
              {reveal.busy ? t("decrypting") : t("show")}
            </Button>
          )
        ) : null}
        {card.state === "ACTIVE" || card.state === "FROZEN" ? (
          <Button
            variant="secondary"
            disabled={act.busy}
            onClick={() =>
              run(async () => {
                const next = card.state === "ACTIVE" ? "FROZEN" : "ACTIVE";
                await setCardState(card.id, next);
                return next === "FROZEN" ? t("frozen", { last4: ending }) : t("unfrozen", { last4: ending });
              })
            }
          >
            {card.state === "ACTIVE" ? t("freeze") : t("unfreeze")}
          </Button>
        ) : null}
        {live && !closing ? (
          <Button variant="danger" disabled={act.busy} onClick={() => setClosing(true)}>
            {t("close")}
          </Button>
        ) : null}
      </div>
      {closing ? (
        <fieldset className="mt-3 rounded border border-red-300 p-3 dark:border-red-800">
          <legend className="sr-only">{t("closeConfirmLabel", { last4: ending })}</legend>
          <p className="text-sm">{t("closeConfirm", { last4: ending })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={act.busy}
              onClick={() =>
                run(async () => {
                  await setCardState(card.id, "CLOSED");
                  setClosing(false);
                  return t("closed", { last4: ending });
                })
              }
            >
              {t("closeYes")}
            </Button>
            <Button variant="secondary" onClick={() => setClosing(false)}>
              {t("closeNo")}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {me?.environment === "SANDBOX" && live ? (
        <form
          className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700"
          onSubmit={(e) => {
            e.preventDefault();
            const minor = parseAmount(purchase.amount, currency.decimals);
            if (minor === null) {
              act.setError({
                status: 400,
                code: "INVALID_INPUT",
                message: t("badAmount", { decimals: currency.decimals }),
              });
              return;
            }
            void run(async () => {
              const r = await simulatePurchase(card.id, minor, purchase.merchant);
              return r.status === "DECLINED"
                ? t("purchaseDeclined", { reason: reason(r.declineReason ?? "other") })
                : t("purchaseApproved");
            });
          }}
        >
          <p className="text-sm font-medium">{t("simulate")}</p>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            <div>
              <label htmlFor={`shop-${card.id}`} className="block text-sm">
                {t("shop")}
              </label>
              <input
                id={`shop-${card.id}`}
                className={`${inputClass} w-full`}
                value={purchase.merchant}
                onChange={(e) => setPurchase((p) => ({ ...p, merchant: e.target.value }))}
              />
            </div>
            <div>
              <label htmlFor={`price-${card.id}`} className="block text-sm">
                {t("price", { currency: currency.code })}
              </label>
              <input
                id={`price-${card.id}`}
                className={`${inputClass} w-full`}
                inputMode="decimal"
                value={purchase.amount}
                onChange={(e) => setPurchase((p) => ({ ...p, amount: e.target.value }))}
              />
            </div>
          </div>
          <Button className="mt-2" variant="secondary" type="submit" disabled={act.busy}>
            {t("simulateButton")}
          </Button>
        </form>
      ) : null}

      <section aria-labelledby={headingId} className="mt-4">
        <h3 id={headingId} className="text-sm font-semibold">
          {t("activity")}
        </h3>
        {card.activity.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("noActivity")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700">
            {card.activity.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
                data-testid="card-activity"
                data-status={a.status}
              >
                <span className="font-medium break-all">{a.merchant ?? t("card")}</span>
                <span className="font-mono">{formatMoney(a.amount, a.currency, locale)}</span>
                <span className="w-full text-slate-700 dark:text-slate-300">
                  {t.has(`txStatus.${a.status}`) ? t(`txStatus.${a.status}` as "txStatus.other") : a.status}
                  {a.declineReason ? ` · ${reason(a.declineReason)}` : ""} ·{" "}
                  {formatDateTime(a.at, locale, { dateStyle: "medium", timeStyle: "short" })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}
