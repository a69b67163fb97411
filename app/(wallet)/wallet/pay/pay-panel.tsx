"use client";

import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, type ApiResult } from "@/lib/integrator/browser/api";
import { formatDateTime, formatMoney, parseAmount } from "@/lib/integrator/ui/format";
import type { ErrorBody } from "@/lib/sdk/types";
import { ErrorMessage, Notice } from "../../ui";

/**
 * Pay a beneficiary under Strong Customer Authentication (EEA/CH/UK customers): confirm it's you (SCA login,
 * a code by SMS), pay, then authorize the payment with its own code when the service asks for it
 * (PENDING_AUTHORIZATION). The page talks only to the partner's backend (/integrator/api/…).
 */
interface Account {
  id: string;
  balance: { amount: number; currency: { code: string; decimals: number } };
}
interface Beneficiary {
  id: string;
  currency: string;
  accountInfo: { accountType: string; accountNumber?: string; iban?: string; beneficiary?: { fullName?: string } };
}
interface Quote {
  id: string;
  status: string;
  totalSendingAmount: number;
  sendingCurrency: { code: string; decimals: number };
  scaChallenge?: { id: string; factor: string; expiresAt: string };
}

const label = (b: Beneficiary) => {
  const i = b.accountInfo;
  const tail = i.iban ?? (i.accountNumber ? `••••${i.accountNumber.slice(-4)}` : "");
  return `${i.beneficiary?.fullName ?? i.accountType} ${tail}`.trim();
};

function failure<T>(r: ApiResult<T>): ErrorBody | null {
  if (r.status < 400) return null;
  const b = (r.body ?? {}) as Partial<ErrorBody>;
  return {
    status: r.status,
    code: b.code ?? `HTTP_${r.status}`,
    message: b.message ?? "Request failed",
    details: b.details,
  };
}

const box = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const input = "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 dark:bg-slate-800";
const button = "mt-3 rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:opacity-60";
const secondary =
  "mt-3 ml-2 rounded border border-slate-400 px-4 py-2 font-medium text-slate-900 disabled:opacity-60 dark:text-slate-100";

export function PayPanel() {
  const t = useTranslations("pay");
  const locale = useLocale();
  const money = (amount: number, c: { code: string; decimals: number }) => formatMoney(amount, c, locale);
  const [resent, setResent] = useState(false);
  const [setup, setSetup] = useState<{ sources: Account[]; destinations: Beneficiary[] } | null>(null);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState<{ challengeId: string } | null>(null);
  const [scaUntil, setScaUntil] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [form, setForm] = useState({ source: "", destination: "", amount: "", loginCode: "", payCode: "" });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const step = useCallback(async <T,>(fn: () => Promise<ApiResult<T>>, then: (body: T) => void) => {
    setBusy(true);
    setError(null);
    setResent(false);
    try {
      const r = await fn();
      const bad = failure(r);
      if (bad) setError(bad);
      else then(r.body);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void step(
      () => api<{ sources: Account[]; destinations: Beneficiary[] }>("GET", "/integrator/api/payments"),
      (b) => {
        setSetup(b);
        setForm((f) => ({ ...f, source: b.sources[0]?.id ?? "", destination: b.destinations[0]?.id ?? "" }));
      },
    );
  }, [step]);

  const currency = setup?.sources.find((a) => a.id === form.source)?.balance.currency;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={error} />
      {resent ? <Notice>{t("resent")}</Notice> : null}

      <section className={box} aria-labelledby="sca-heading">
        <h2 id="sca-heading" className="text-lg font-semibold">
          {t("scaHeading")}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("scaIntro")}</p>
        {scaUntil ? (
          <p role="status" data-testid="sca-session" className="mt-2 text-sm text-green-900 dark:text-green-300">
            {t("scaConfirmed", { until: formatDateTime(scaUntil, locale, { dateStyle: "medium" }) })}
          </p>
        ) : login ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void step(
                () =>
                  api<{ sessionExpiresAt: string }>("POST", "/integrator/api/sca/login/complete", {
                    body: { challengeId: login.challengeId, code: form.loginCode },
                  }),
                (b) => setScaUntil(b.sessionExpiresAt),
              );
            }}
          >
            <label className="mt-2 block text-sm font-medium" htmlFor="login-code">
              {t("loginCode")}
            </label>
            <input
              id="login-code"
              className={input}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={form.loginCode}
              onChange={set("loginCode")}
            />
            <button className={button} disabled={busy} type="submit">
              {t("confirm")}
            </button>
          </form>
        ) : (
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() =>
              void step(
                () => api<{ challengeId: string }>("POST", "/integrator/api/sca/login/start"),
                (b) => setLogin({ challengeId: b.challengeId }),
              )
            }
          >
            {t("textMe")}
          </button>
        )}
      </section>

      <section className={box} aria-labelledby="pay-heading">
        <h2 id="pay-heading" className="text-lg font-semibold">
          {t("payment")}
        </h2>
        {setup && setup.sources.length === 0 ? <p className="text-sm">{t("noSource")}</p> : null}
        {setup && setup.destinations.length === 0 ? <p className="text-sm">{t("noDestination")}</p> : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const decimals = currency?.decimals ?? 2;
            const minor = parseAmount(form.amount, decimals);
            if (minor === null) {
              setError({ status: 400, code: "INVALID_INPUT", message: t("invalidAmount", { decimals }) });
              return;
            }
            void step(
              () =>
                api<Quote>("POST", "/integrator/api/payments", {
                  body: { sourceAccountId: form.source, destinationAccountId: form.destination, amount: minor },
                }),
              setQuote,
            );
          }}
        >
          <label className="mt-2 block text-sm font-medium" htmlFor="source">
            {t("from")}
          </label>
          <select id="source" className={input} value={form.source} onChange={set("source")}>
            {setup?.sources.map((a) => (
              <option key={a.id} value={a.id}>
                {t("sourceOption", {
                  currency: a.balance.currency.code,
                  balance: money(a.balance.amount, a.balance.currency),
                })}
              </option>
            ))}
          </select>
          <label className="mt-2 block text-sm font-medium" htmlFor="destination">
            {t("to")}
          </label>
          <select id="destination" className={input} value={form.destination} onChange={set("destination")}>
            {setup?.destinations.map((b) => (
              <option key={b.id} value={b.id}>
                {label(b)}
              </option>
            ))}
          </select>
          <label className="mt-2 block text-sm font-medium" htmlFor="amount">
            {currency ? t("amountIn", { currency: currency.code }) : t("amount")}
          </label>
          <input id="amount" className={input} inputMode="decimal" value={form.amount} onChange={set("amount")} />
          <button className={button} disabled={busy || !setup} type="submit">
            {t("pay")}
          </button>
        </form>
      </section>

      {quote ? (
        <section className={box} aria-labelledby="authorize-heading" data-testid="payment">
          <h2 id="authorize-heading" className="text-lg font-semibold">
            {quote.status === "PENDING_AUTHORIZATION" ? t("authorize") : t("payment")}
          </h2>
          <p className="text-sm">
            {t("summary", { amount: money(quote.totalSendingAmount, quote.sendingCurrency) })}{" "}
            <span data-testid="payment-status">{quote.status}</span>
          </p>
          {quote.status === "PENDING_AUTHORIZATION" && quote.scaChallenge ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void step(
                  () =>
                    api<Quote>("POST", `/integrator/api/payments/${encodeURIComponent(quote.id)}/authorize`, {
                      body: { code: form.payCode },
                    }),
                  setQuote,
                );
              }}
            >
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {t("codeSent", {
                  factor: quote.scaChallenge.factor === "SMS_OTP" ? t("factorSms") : quote.scaChallenge.factor,
                  time: formatDateTime(quote.scaChallenge.expiresAt, locale, { timeStyle: "short" }),
                })}
              </p>
              <label className="mt-2 block text-sm font-medium" htmlFor="pay-code">
                {t("payCode")}
              </label>
              <input
                id="pay-code"
                className={input}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={form.payCode}
                onChange={set("payCode")}
              />
              <button className={button} disabled={busy} type="submit">
                {t("authorizeButton")}
              </button>
              <button
                className={secondary}
                disabled={busy}
                type="button"
                onClick={() =>
                  void step(
                    () => api("POST", `/integrator/api/payments/${encodeURIComponent(quote.id)}/resend`),
                    () => setResent(true),
                  )
                }
              >
                {t("resend")}
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
