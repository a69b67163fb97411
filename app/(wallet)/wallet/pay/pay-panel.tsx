"use client";

import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, type ApiResult } from "@/lib/integrator/browser/api";
import { formatDateTime, formatMoney, parseAmount } from "@/lib/integrator/ui/format";
import type { ErrorBody } from "@/lib/sdk/types";
import { ErrorMessage, Notice } from "../../ui";
import { box, button, COUNTRIES, failure, input, label, type Quote, secondary, type Setup } from "./pay-kit";

/**
 * Pay a beneficiary from one of the user's accounts. Where the user lives decides whether the payment needs
 * Strong Customer Authentication (EEA/CH/UK customers): then the phone is verified first, the user confirms it's
 * them (SCA login, a code by SMS), pays, and authorizes the payment with its own code when the service asks for
 * it (PENDING_AUTHORIZATION). Elsewhere the page says SCA is not needed and pays at once. A user with no account
 * to pay from opens one here (and, in the sandbox, adds test money). The page talks only to the partner's
 * backend (/integrator/api/…).
 */
export function PayPanel() {
  const t = useTranslations("pay");
  const locale = useLocale();
  const money = (amount: number, c: { code: string; decimals: number }) => formatMoney(amount, c, locale);
  const [resent, setResent] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [phoneSent, setPhoneSent] = useState(false);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState<{ challengeId: string } | null>(null);
  const [scaUntil, setScaUntil] = useState<string | null>(null);
  const [quote, setQuoteState] = useState<Quote | null>(null);
  const ts = useTranslations("status");
  const [form, setForm] = useState({
    source: "",
    destination: "",
    amount: "",
    loginCode: "",
    payCode: "",
    country: "",
    currency: "USD",
    testMoney: "500",
    phone: "",
    phoneCode: "",
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const step = useCallback(async <T,>(fn: () => Promise<ApiResult<T>>, then: (body: T) => void) => {
    setBusy(true);
    setError(null);
    setResent(false);
    setNotice(null);
    try {
      const r = await fn();
      const bad = failure(r);
      if (bad) setError(bad);
      else then(r.body);
    } finally {
      setBusy(false);
    }
  }, []);

  const reload = useCallback(
    () =>
      step(
        () => api<Setup>("GET", "/integrator/api/payments"),
        (b) => {
          setSetup(b);
          setForm((f) => ({
            ...f,
            source: b.sources.some((a) => a.id === f.source) ? f.source : (b.sources[0]?.id ?? ""),
            destination: b.destinations[0]?.id ?? "",
            country: b.country ?? f.country,
          }));
        },
      ),
    [step],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  /** A setup step: on success a notice, then the setup read again. */
  const setupStep = (fn: () => Promise<ApiResult<unknown>>, done: string, after?: () => void) =>
    step(fn, () => {
      after?.();
      void reload().then(() => setNotice(done));
    });

  /** A payment's new state; once it is no longer waiting for its code, the balances are read again. */
  const setQuote = (q: Quote) => {
    setQuoteState(q);
    if (q.status !== "PENDING_AUTHORIZATION") void reload();
  };

  const source = setup?.sources.find((a) => a.id === form.source);
  const currency = source?.balance.currency;
  const amountMinor = currency ? parseAmount(form.amount, currency.decimals) : null;
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const scaReady = !setup?.sca.required || scaUntil !== null;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={error} />
      {resent ? <Notice>{t("resent")}</Notice> : null}
      {notice ? <Notice>{notice}</Notice> : null}

      <section className={box} aria-labelledby="country-heading">
        <h2 id="country-heading" className="text-lg font-semibold">
          {t("countryHeading")}
        </h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void setupStep(
              () => api("POST", "/integrator/api/payments/profile", { body: { country: form.country } }),
              t("countrySaved", { country: countryName(form.country) }),
            );
          }}
        >
          <label className="mt-2 block text-sm font-medium" htmlFor="country">
            {t("country")}
          </label>
          <select id="country" className={input} value={form.country} onChange={set("country")}>
            <option value="" disabled>
              {t("chooseCountry")}
            </option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </select>
          <button className={button} disabled={busy || !form.country || form.country === setup?.country} type="submit">
            {t("saveCountry")}
          </button>
        </form>
      </section>

      {setup && !setup.sca.required ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="sca-not-needed">
          {t("scaNotNeeded")}
        </p>
      ) : null}
      {setup?.sca.required ? (
        <section className={box} aria-labelledby="sca-heading">
          <h2 id="sca-heading" className="text-lg font-semibold">
            {t("scaHeading")}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("scaIntro")}</p>
          {!setup.sca.phoneVerified ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!phoneSent)
                  void step(
                    () => api("POST", "/integrator/api/payments/phone", { body: { phoneNumber: form.phone } }),
                    () => setPhoneSent(true),
                  );
                else
                  void setupStep(
                    () => api("POST", "/integrator/api/payments/phone/confirm", { body: { code: form.phoneCode } }),
                    t("phoneVerified"),
                    () => setPhoneSent(false),
                  );
              }}
            >
              <p className="mt-2 text-sm">{t("phoneFirst")}</p>
              <label className="mt-2 block text-sm font-medium" htmlFor="sca-phone">
                {t("phone")}
              </label>
              <input
                id="sca-phone"
                className={input}
                type="tel"
                autoComplete="tel"
                placeholder="+49 170 1234567"
                value={form.phone}
                onChange={set("phone")}
                readOnly={phoneSent}
              />
              {phoneSent ? (
                <>
                  <label className="mt-2 block text-sm font-medium" htmlFor="phone-code">
                    {t("phoneCode")}
                  </label>
                  <input
                    id="phone-code"
                    className={input}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={form.phoneCode}
                    onChange={set("phoneCode")}
                  />
                </>
              ) : null}
              <button className={button} disabled={busy} type="submit">
                {phoneSent ? t("verifyPhone") : t("sendPhoneCode")}
              </button>
            </form>
          ) : scaUntil ? (
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
              className={button}
              type="button"
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
      ) : null}

      <section className={box} aria-labelledby="pay-heading">
        <h2 id="pay-heading" className="text-lg font-semibold">
          {t("payment")}
        </h2>
        {setup && setup.sources.length === 0 ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void setupStep(
                () => api("POST", "/integrator/api/payments/accounts", { body: { currency: form.currency } }),
                t("accountOpened", { currency: form.currency }),
              );
            }}
          >
            <p className="text-sm">{t("noSource")}</p>
            <label className="mt-2 block text-sm font-medium" htmlFor="open-currency">
              {t("openCurrency")}
            </label>
            <select id="open-currency" className={input} value={form.currency} onChange={set("currency")}>
              {setup.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <button className={button} disabled={busy} type="submit">
              {t("openAccount")}
            </button>
          </form>
        ) : null}
        {setup && setup.destinations.length === 0 ? (
          <p className="mt-2 text-sm">
            {t.rich("noDestination", {
              link: (chunks) => (
                <a className="text-blue-800 underline underline-offset-2 dark:text-blue-300" href="/wallet/accounts">
                  {chunks}
                </a>
              ),
            })}
          </p>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const decimals = currency?.decimals ?? 2;
            const minor = parseAmount(form.amount, decimals);
            if (minor === null) {
              setError({ status: 400, code: "INVALID_INPUT", message: t("invalidAmount", { decimals }) });
              return;
            }
            if (source && minor > source.balance.amount) {
              setError({ status: 400, code: "INSUFFICIENT_BALANCE", message: t("tooMuch") });
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
          {source && amountMinor !== null && amountMinor > source.balance.amount ? (
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">{t("tooMuch")}</p>
          ) : null}
          {!scaReady ? <p className="mt-1 text-sm">{t("scaFirst")}</p> : null}
          <button className={button} disabled={busy || !source || !form.destination} type="submit">
            {t("pay")}
          </button>
        </form>
        {setup?.sandbox && source ? (
          <form
            className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700"
            onSubmit={(e) => {
              e.preventDefault();
              const minor = parseAmount(form.testMoney, source.balance.currency.decimals);
              if (minor === null) {
                setError({
                  status: 400,
                  code: "INVALID_INPUT",
                  message: t("invalidAmount", { decimals: source.balance.currency.decimals }),
                });
                return;
              }
              void setupStep(
                () =>
                  api("POST", `/integrator/api/payments/accounts/${encodeURIComponent(source.id)}/fund`, {
                    body: { amount: minor },
                  }),
                t("testMoneyAdded"),
              );
            }}
          >
            <label className="block text-sm font-medium" htmlFor="test-money">
              {t("testMoney", { currency: source.balance.currency.code })}
            </label>
            <input
              id="test-money"
              className={input}
              inputMode="decimal"
              value={form.testMoney}
              onChange={set("testMoney")}
            />
            <button className={secondary.replace("ml-2 ", "")} disabled={busy} type="submit">
              {t("addTestMoney")}
            </button>
          </form>
        ) : null}
      </section>

      {quote ? (
        <section className={box} aria-labelledby="authorize-heading" data-testid="payment">
          <h2 id="authorize-heading" className="text-lg font-semibold">
            {quote.status === "PENDING_AUTHORIZATION" ? t("authorize") : t("payment")}
          </h2>
          <p className="text-sm">
            {t("summary", { amount: money(quote.totalSendingAmount, quote.sendingCurrency) })}{" "}
            <span data-testid="payment-status" data-status={quote.status}>
              {ts.has(quote.status) ? ts(quote.status as "PENDING") : t("statusAwaitingCode")}
            </span>
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
