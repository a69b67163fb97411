"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import type { Quote } from "@/lib/sdk/types";
import { formatMoney, parseAmount } from "@/lib/integrator/ui/format";
import {
  executeQuote,
  getTransaction,
  listExternalAccounts,
  quoteToExternal,
  quoteToUma,
  type ExternalAccountSummary,
  type Overview,
  type Payment,
} from "@/lib/integrator/browser/wallet-money";
import { Button, Card, ErrorMessage, inputClass, linkClass, Notice, ProgressNote, useAction } from "../ui";

/* The wallet home's Send card: to a bank account of the user's or to an UMA address, quoted, signed and followed to its end. */

/** An UMA address as the service takes it ($ optional here: the backend adds it): $user@domain.tld. */
const UMA_ADDRESS = /^\$?[A-Za-z0-9._-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** The receiver's name as its VASP gave it (the quote's counterpartyInformation), shown before the user confirms. */
function receiverName(quote: { counterpartyInformation?: Record<string, unknown> }): string | null {
  const name = quote.counterpartyInformation?.FULL_NAME;
  return typeof name === "string" && name.trim() ? name : null;
}

/** The UMA address a quote or payment goes to, if it goes to one. */
export function umaOf(destination: unknown): string | null {
  const d = destination as { destinationType?: string; umaAddress?: string } | undefined;
  return d?.destinationType === "UMA_ADDRESS" && d.umaAddress ? d.umaAddress : null;
}

function describeAccount(a: ExternalAccountSummary): string {
  const i = a.accountInfo;
  const who = i.beneficiary?.fullName ?? i.beneficiary?.legalName;
  const tail = i.address
    ? `${i.address.slice(0, 6)}…${i.address.slice(-4)}`
    : i.iban
      ? `••${i.iban.slice(-4)}`
      : i.accountNumber
        ? `••${i.accountNumber.slice(-4)}`
        : "";
  return [who, `${i.accountType.replace(/_/g, " ").toLowerCase()} ${tail}`.trim(), a.currency]
    .filter(Boolean)
    .join(" · ");
}

type Step = "quote" | "sign" | "processing" | "done" | "failed";

export function SendCard({ overview, onDone }: { overview: Overview; onDone: () => void }) {
  const t = useTranslations("home");
  const ts = useTranslations("status");
  const tf = useTranslations("failureReason");
  const locale = useLocale();
  const f = useFormatter();
  const [accounts, setAccounts] = useState<ExternalAccountSummary[] | null>(null);
  const [to, setTo] = useState("");
  const [mode, setMode] = useState<"account" | "uma">("account");
  const [uma, setUma] = useState("");
  const [text, setText] = useState("10");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [result, setResult] = useState<Payment | null>(null);
  const [inputError, setInputError] = useState<{ amount: string | null; uma: string | null }>({
    amount: null,
    uma: null,
  });
  const q = useAction();
  const x = useAction();
  const cur = overview.account.balance.currency;

  useEffect(() => {
    void listExternalAccounts().then(
      (list) => {
        const active = list.filter((a) => a.status === "ACTIVE");
        setAccounts(active);
        setTo((v) => v || active[0]?.id || "");
        if (active.length === 0) setMode("uma");
      },
      () => setAccounts([]),
    );
  }, []);

  if (accounts === null) return null;
  const money = (amount: number, c: { code: string; decimals: number }) => formatMoney(amount, c, locale);
  const steps: Step[] = ["quote", "sign", "processing", step === "failed" ? "failed" : "done"];
  const reached = (s: Step) => step !== null && steps.indexOf(s) <= steps.indexOf(step === "failed" ? "failed" : step);

  return (
    <Card title={t("send")} id="send">
      <fieldset className="mb-3">
        <legend className="text-sm font-medium">{t("sendTo")}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(["account", "uma"] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input
                type="radio"
                name="send-mode"
                value={m}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setQuote(null);
                  setStep(null);
                  setResult(null);
                }}
              />
              {m === "account" ? t("toMyAccount") : t("toUma")}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "account" && accounts.length === 0 ? (
        <p className="text-sm">
          {t("noAccounts")}{" "}
          <Link className={linkClass} href="/wallet/accounts">
            {t("addAccount")}
          </Link>
        </p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setResult(null);
            setStep(null);
            const amount = parseAmount(text, cur.decimals);
            // Bad input is said as such, next to the field, before any request (never "something went wrong").
            const problem =
              amount !== null
                ? null
                : /^\s*\d+([.,]\d+)?\s*$/.test(text) && (text.split(/[.,]/)[1]?.trim().length ?? 0) > cur.decimals
                  ? t("amountDecimals", { decimals: cur.decimals, currency: cur.code })
                  : t("amountInvalid");
            const badUma = mode === "uma" && !UMA_ADDRESS.test(uma.trim()) ? t("umaMalformed") : null;
            setInputError({ amount: problem, uma: badUma });
            setQuote(null);
            if (amount === null || badUma) return;
            void q.run(async () => {
              setQuote(
                mode === "uma"
                  ? await quoteToUma({ umaAddress: uma, amount, side: "SENDING" })
                  : await quoteToExternal({ externalAccountId: to, amount, side: "SENDING" }),
              );
              setStep("quote");
            });
          }}
        >
          {mode === "uma" ? (
            <div className="w-full">
              <label htmlFor="send-uma" className="block text-sm font-medium">
                {t("umaAddress")}
              </label>
              <input
                id="send-uma"
                required
                autoComplete="off"
                spellCheck={false}
                placeholder="$alice@example.com"
                aria-describedby={inputError.uma ? "send-uma-error send-uma-help" : "send-uma-help"}
                aria-invalid={inputError.uma ? true : undefined}
                value={uma}
                onChange={(e) => {
                  setUma(e.target.value);
                  setQuote(null);
                }}
                className={`${inputClass} w-full`}
              />
              {inputError.uma ? (
                <p id="send-uma-error" role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
                  {inputError.uma}
                </p>
              ) : null}
              <p id="send-uma-help" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t("umaHelp")}
              </p>
            </div>
          ) : (
            <div className="w-full">
              <label htmlFor="send-to" className="block text-sm font-medium">
                {t("sendToAccount")}
              </label>
              <select
                id="send-to"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value);
                  setQuote(null);
                }}
                className={`${inputClass} w-full`}
              >
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {describeAccount(a)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="send-amount" className="block text-sm font-medium">
              {t("sendAmount", { currency: cur.code })}
            </label>
            <input
              id="send-amount"
              inputMode="decimal"
              required
              aria-invalid={inputError.amount ? true : undefined}
              aria-describedby={inputError.amount ? "send-amount-error" : undefined}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setQuote(null);
              }}
              className={`${inputClass} w-36`}
            />
            {inputError.amount ? (
              <p id="send-amount-error" role="alert" className="mt-1 max-w-xs text-sm text-red-800 dark:text-red-300">
                {inputError.amount}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={q.busy || x.busy}>
            {t("getQuote")}
          </Button>
        </form>
      )}
      <ErrorMessage error={q.error} />
      {quote ? (
        <div className="mt-4 rounded border border-slate-300 p-3 dark:border-slate-600" data-testid="quote">
          <h3 className="font-medium">{t("quoteTitle")}</h3>
          {umaOf(quote.destination) ? (
            <p className="mt-1 text-sm" data-testid="quote-to">
              {receiverName(quote)
                ? t("toNamed", { name: receiverName(quote) ?? "", account: umaOf(quote.destination) ?? "" })
                : t("toAccount", { account: umaOf(quote.destination) ?? "" })}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>{t("youSend")}</dt>
            <dd data-testid="quote-send">{money(quote.totalSendingAmount, quote.sendingCurrency)}</dd>
            <dt>{t("fees")}</dt>
            <dd data-testid="quote-fees">{money(quote.feesIncluded, quote.sendingCurrency)}</dd>
            <dt>{t("rate")}</dt>
            <dd data-testid="quote-rate">
              {t("rateValue", {
                from: quote.sendingCurrency.code,
                to: quote.receivingCurrency.code,
                rate: f.number(quote.exchangeRate, { maximumFractionDigits: 6 }),
              })}
            </dd>
            <dt>{t("theyReceive")}</dt>
            <dd data-testid="quote-receive" className="font-semibold">
              {money(quote.totalReceivingAmount, quote.receivingCurrency)}
            </dd>
          </dl>
          {quote.totalSendingAmount > overview.account.balance.amount && step === "quote" ? (
            <p
              role="alert"
              data-testid="quote-balance-low"
              className="mt-2 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {t("balanceTooLow", { balance: money(overview.account.balance.amount, cur) })}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {t("quoteExpires", { time: f.dateTime(new Date(quote.expiresAt), { timeStyle: "short" }) })}
          </p>
          <ol className="mt-3 flex flex-wrap gap-2 text-xs" aria-label={t("send")} data-testid="send-steps">
            {(["quote", "sign", "processing", step === "failed" ? "failed" : "done"] as Step[]).map((s) => (
              <li
                key={s}
                aria-current={step === s ? "step" : undefined}
                className={`rounded-full border px-2 py-0.5 ${reached(s) ? (s === "failed" ? "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100" : "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100") : "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"}`}
              >
                {
                  {
                    quote: t("stepQuote"),
                    sign: t("stepSign"),
                    processing: t("stepProcessing"),
                    done: t("stepDone"),
                    failed: t("stepFailed"),
                  }[s]
                }
              </li>
            ))}
          </ol>
          <ProgressNote progress={x.progress} waitUntil={x.waitUntil} />
          {step === "quote" ? (
            <Button
              type="button"
              className="mt-1"
              disabled={x.busy || quote.totalSendingAmount > overview.account.balance.amount}
              onClick={() =>
                x.run(async (p) => {
                  await executeQuote(quote.id, (s, d) => {
                    if (s === "processing") setStep("processing");
                    p(s, d);
                  });
                  setStep("processing");
                  // The payout settles on its rail: follow the transaction to a final status.
                  let tx = await getTransaction(quote.transactionId);
                  for (let i = 0; i < 60 && (tx.status === "PENDING" || tx.status === "PROCESSING"); i++) {
                    await new Promise((r) => setTimeout(r, 500));
                    tx = await getTransaction(quote.transactionId);
                  }
                  setResult(tx);
                  setStep(tx.status === "COMPLETED" ? "done" : tx.status === "FAILED" ? "failed" : "processing");
                  onDone();
                })
              }
            >
              {t("confirmSend")}
            </Button>
          ) : null}
          <ErrorMessage error={x.error} />
          {result ? (
            <div className="mt-2" data-testid="send-result">
              {result.status === "COMPLETED" ? (
                <Notice>{t("sent", { amount: money(result.sentAmount.amount, result.sentAmount.currency) })}</Notice>
              ) : (
                <p role="alert" className="text-sm">
                  {result.failureReason
                    ? t("sentFailed", {
                        reason: tf.has(result.failureReason)
                          ? tf(result.failureReason as "other")
                          : tf("other", { reason: result.failureReason }),
                      })
                    : ts(result.status as "PENDING")}
                </p>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
