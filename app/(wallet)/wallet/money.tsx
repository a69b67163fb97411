"use client";

import { useCallback, useEffect, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { formatMoney, parseAmount } from "@/lib/integrator/ui/format";
import { getOverview, receiveSandbox, type Overview } from "@/lib/integrator/browser/wallet-money";
import { umaOf } from "./send-card";
import { Button, Card, CopyButton, ErrorMessage, inputClass, Notice, useAction } from "../ui";

const POLL_MS = 2_000;

/** The overview, polled while the page is visible: balance and history update without a reload. */
export function useOverview() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const load = useCallback(async () => {
    try {
      setOverview(await getOverview());
      setAt(Date.now());
    } catch {
      // Keep the last figures; the next poll tries again.
    }
  }, []);
  useEffect(() => {
    void load();
    const t = setInterval(() => document.visibilityState === "visible" && void load(), POLL_MS);
    return () => clearInterval(t);
  }, [load]);
  return { overview, at, load };
}

export function BalanceCard({ overview, at }: { overview: Overview; at: number | null }) {
  const t = useTranslations("home");
  const locale = useLocale();
  const f = useFormatter();
  const b = overview.account.balance;
  return (
    <Card
      title={t("balance")}
      id="balance"
      action={<span className="text-xs text-slate-600 dark:text-slate-400">{t("live")}</span>}
    >
      <p className="text-4xl font-semibold tracking-tight" data-testid="balance">
        {formatMoney(b.amount, b.currency, locale)}
      </p>
      {at ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t("balanceUpdated", { time: f.dateTime(at, { timeStyle: "medium" }) })}
        </p>
      ) : null}
    </Card>
  );
}

export function AddressCard({ address }: { address: string }) {
  const t = useTranslations("home");
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Loaded after the page shows: the QR encoder is not part of the first load.
    void import("qrcode").then((QR) =>
      QR.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then(
        (svg) => live && setQr(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`),
      ),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <Card title={t("address")} id="address">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="h-36 w-36 shrink-0 rounded bg-white p-1">
          {qr ? (
            // biome-ignore lint/performance/noImgElement: a data: URL drawn in the browser; there is nothing for next/image to optimise.
            <img src={qr} alt={t("qrAlt", { address })} width={136} height={136} data-testid="address-qr" />
          ) : null}
        </div>
        <div className="min-w-0 space-y-2">
          <p className="font-mono text-base break-all" data-testid="wallet-address">
            {address}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("addressHelp")}</p>
          <CopyButton text={address} label={t("copyAddress")} done={t("addressCopied")} />
        </div>
      </div>
    </Card>
  );
}

export function ReceiveCard({ overview, onDone }: { overview: Overview; onDone: () => void }) {
  const t = useTranslations("home");
  const locale = useLocale();
  const a = useAction();
  const cur = overview.account.balance.currency;
  const [text, setText] = useState("25");
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card title={t("receive")} id="receive">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("receiveSandbox")}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          const amount = parseAmount(text, cur.decimals);
          void a.run(async () => {
            if (!amount) throw Object.assign(new Error("amount"), { name: "InvalidAmount" });
            await receiveSandbox(amount);
            setDone(t("received", { amount: formatMoney(amount, cur, locale) }));
            onDone();
          });
        }}
      >
        <div>
          <label htmlFor="receive-amount" className="block text-sm font-medium">
            {t("receiveAmount", { currency: cur.code })}
          </label>
          <input
            id="receive-amount"
            inputMode="decimal"
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={`${inputClass} w-36`}
          />
        </div>
        <Button type="submit" disabled={a.busy}>
          {t("receiveButton")}
        </Button>
      </form>
      <ErrorMessage error={a.error} />
      {done ? (
        <div className="mt-2">
          <Notice>{done}</Notice>
        </div>
      ) : null}
    </Card>
  );
}

export function HistoryCard({ overview }: { overview: Overview }) {
  const t = useTranslations("home");
  const ts = useTranslations("status");
  const tp = useTranslations("pendingReason");
  const tf = useTranslations("failureReason");
  const locale = useLocale();
  const f = useFormatter();
  const tcards = useTranslations("cards");
  const mine = overview.account.id;
  const cardPurchases = overview.cardPurchases ?? [];
  // Payments and card purchases in one list, newest first.
  const entries = [
    ...overview.transactions.map((tx) => ({ at: tx.createdAt, tx, card: null })),
    ...cardPurchases.map((card) => ({ at: card.at, tx: null, card })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Card title={t("history")} id="history">
      {entries.length === 0 ? (
        <p className="text-sm">{t("noHistory")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {entries.map(({ tx, card }) => {
            if (card) {
              const declined = card.status === "DECLINED";
              const reason = card.declineReason
                ? tcards.has(`decline.${card.declineReason}`)
                  ? tcards(`decline.${card.declineReason}` as "decline.other")
                  : card.declineReason
                : null;
              return (
                <li
                  key={card.id}
                  className="flex flex-wrap items-start justify-between gap-2 py-3"
                  data-testid="history-card-row"
                  data-status={card.status}
                >
                  <div className="min-w-0">
                    <p className="font-medium">{t("cardPurchase", { merchant: card.merchant ?? "" })}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      <time dateTime={card.at}>
                        {f.dateTime(new Date(card.at), { dateStyle: "medium", timeStyle: "short" })}
                      </time>
                    </p>
                    {reason ? <p className="text-xs text-slate-700 dark:text-slate-300">{reason}</p> : null}
                  </div>
                  <div className="text-right">
                    <p
                      className={`font-semibold ${declined ? "text-slate-600 line-through dark:text-slate-400" : ""}`}
                      data-testid="history-amount"
                      data-moved={!declined}
                    >
                      {declined ? "" : "−"}
                      {formatMoney(card.amount, card.currency, locale)}
                    </p>
                    <p className="text-xs">
                      {tcards.has(`txStatus.${card.status}`)
                        ? tcards(`txStatus.${card.status}` as "txStatus.other")
                        : card.status}
                    </p>
                  </div>
                </li>
              );
            }
            if (!tx) return null;
            const incoming = (tx.destination as { accountId?: string }).accountId === mine;
            // A failed payment (a rejected one is FAILED with its rejectionReason) moved no money: shown, not as a debit.
            const notMoved = tx.status === "FAILED";
            const amount = incoming ? tx.receivedAmount : tx.sentAmount;
            const src = tx.source as { sourceType?: string };
            const label = incoming
              ? src.sourceType === "REALTIME_FUNDING"
                ? t("fromFunding")
                : t("incoming")
              : t("outgoing");
            const reason = tx.pendingReason
              ? t("pendingBecause", {
                  reason: tp.has(tx.pendingReason)
                    ? tp(tx.pendingReason as "other")
                    : tp("other", { reason: tx.pendingReason }),
                })
              : tx.failureReason
                ? t("failedBecause", {
                    reason: tf.has(tx.failureReason)
                      ? tf(tx.failureReason as "other")
                      : tf("other", { reason: tx.failureReason }),
                  })
                : null;
            return (
              <li
                key={tx.id}
                className="flex flex-wrap items-start justify-between gap-2 py-3"
                data-testid="history-row"
              >
                <div className="min-w-0">
                  <p className="font-medium">{label}</p>
                  {!incoming && umaOf(tx.destination) ? (
                    <p
                      className="text-xs break-all text-slate-700 dark:text-slate-300"
                      data-testid="history-counterparty"
                    >
                      {t("toAccount", { account: umaOf(tx.destination) ?? "" })}
                    </p>
                  ) : null}
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={tx.createdAt}>
                      {f.dateTime(new Date(tx.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                  </p>
                  {reason ? <p className="text-xs text-slate-700 dark:text-slate-300">{reason}</p> : null}
                </div>
                <div className="text-right">
                  <p
                    className={`font-semibold ${incoming ? "text-green-800 dark:text-green-300" : ""} ${notMoved ? "text-slate-600 line-through dark:text-slate-400" : ""}`}
                    data-testid="history-amount"
                    data-moved={!notMoved}
                  >
                    {notMoved ? "" : incoming ? "+" : "−"}
                    {formatMoney(amount.amount, amount.currency, locale)}
                  </p>
                  {notMoved ? <p className="text-xs">{t(incoming ? "notCredited" : "notDebited")}</p> : null}
                  <p className="text-xs" data-testid="history-status">
                    {ts.has(tx.status) ? ts(tx.status as "PENDING") : tx.status}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
