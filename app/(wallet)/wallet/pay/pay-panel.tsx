"use client";

import { useCallback, useEffect, useState } from "react";
import { api, type ApiResult } from "@/lib/integrator/browser/api";
import type { ErrorBody } from "@/lib/sdk/types";

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

const money = (amount: number, c: { code: string; decimals: number }) => `${(amount / 10 ** c.decimals).toFixed(c.decimals)} ${c.code}`;
const label = (b: Beneficiary) => {
  const i = b.accountInfo;
  const tail = i.iban ?? (i.accountNumber ? `••••${i.accountNumber.slice(-4)}` : "");
  return `${i.beneficiary?.fullName ?? i.accountType} ${tail}`.trim();
};

function failure<T>(r: ApiResult<T>): ErrorBody | null {
  if (r.status < 400) return null;
  const b = (r.body ?? {}) as Partial<ErrorBody>;
  return { status: r.status, code: b.code ?? `HTTP_${r.status}`, message: b.message ?? "Request failed", details: b.details };
}

function Problem({ error }: { error: ErrorBody | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <span className="font-mono font-semibold">{error.code}</span>: {error.message}
    </p>
  );
}

const box = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
const input = "mt-1 block w-full rounded border border-slate-400 px-3 py-2";
const button = "mt-3 rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:opacity-60";
const secondary = "mt-3 ml-2 rounded border border-slate-400 px-4 py-2 font-medium text-slate-900 disabled:opacity-60";

export function PayPanel() {
  const [setup, setSetup] = useState<{ sources: Account[]; destinations: Beneficiary[] } | null>(null);
  const [error, setError] = useState<ErrorBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState<{ challengeId: string } | null>(null);
  const [scaUntil, setScaUntil] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [form, setForm] = useState({ source: "", destination: "", amount: "", loginCode: "", payCode: "" });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const step = useCallback(async <T,>(fn: () => Promise<ApiResult<T>>, then: (body: T) => void) => {
    setBusy(true);
    setError(null);
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
      <h1 className="text-2xl font-semibold">Pay a beneficiary</h1>
      <Problem error={error} />

      <section className={box} aria-labelledby="sca-heading">
        <h2 id="sca-heading" className="text-lg font-semibold">Confirm it&apos;s you</h2>
        <p className="text-sm text-slate-700">Payments in your region need strong customer authentication: a code sent to your phone.</p>
        {scaUntil ? (
          <p role="status" data-testid="sca-session" className="mt-2 text-sm text-green-900">
            Strong authentication confirmed until {new Date(scaUntil).toLocaleDateString()}.
          </p>
        ) : login ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void step(
                () => api<{ sessionExpiresAt: string }>("POST", "/integrator/api/sca/login/complete", { body: { challengeId: login.challengeId, code: form.loginCode } }),
                (b) => setScaUntil(b.sessionExpiresAt),
              );
            }}
          >
            <label className="mt-2 block text-sm font-medium" htmlFor="login-code">
              Sign-in code
            </label>
            <input id="login-code" className={input} inputMode="numeric" autoComplete="one-time-code" value={form.loginCode} onChange={set("loginCode")} />
            <button className={button} disabled={busy} type="submit">
              Confirm
            </button>
          </form>
        ) : (
          <button
            className={button}
            disabled={busy}
            onClick={() => void step(() => api<{ challengeId: string }>("POST", "/integrator/api/sca/login/start"), (b) => setLogin({ challengeId: b.challengeId }))}
          >
            Text me a sign-in code
          </button>
        )}
      </section>

      <section className={box} aria-labelledby="pay-heading">
        <h2 id="pay-heading" className="text-lg font-semibold">Payment</h2>
        {setup && setup.sources.length === 0 ? <p className="text-sm">You have no account to pay from.</p> : null}
        {setup && setup.destinations.length === 0 ? <p className="text-sm">Add a beneficiary on the Accounts page first.</p> : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const minor = Math.round(Number(form.amount) * 10 ** (currency?.decimals ?? 2));
            void step(
              () => api<Quote>("POST", "/integrator/api/payments", { body: { sourceAccountId: form.source, destinationAccountId: form.destination, amount: minor } }),
              setQuote,
            );
          }}
        >
          <label className="mt-2 block text-sm font-medium" htmlFor="source">
            From
          </label>
          <select id="source" className={input} value={form.source} onChange={set("source")}>
            {setup?.sources.map((a) => (
              <option key={a.id} value={a.id}>
                {a.balance.currency.code} account · {money(a.balance.amount, a.balance.currency)}
              </option>
            ))}
          </select>
          <label className="mt-2 block text-sm font-medium" htmlFor="destination">
            To
          </label>
          <select id="destination" className={input} value={form.destination} onChange={set("destination")}>
            {setup?.destinations.map((b) => (
              <option key={b.id} value={b.id}>
                {label(b)}
              </option>
            ))}
          </select>
          <label className="mt-2 block text-sm font-medium" htmlFor="amount">
            Amount{currency ? ` (${currency.code})` : ""}
          </label>
          <input id="amount" className={input} inputMode="decimal" value={form.amount} onChange={set("amount")} />
          <button className={button} disabled={busy || !setup} type="submit">
            Pay
          </button>
        </form>
      </section>

      {quote ? (
        <section className={box} aria-labelledby="authorize-heading" data-testid="payment">
          <h2 id="authorize-heading" className="text-lg font-semibold">
            {quote.status === "PENDING_AUTHORIZATION" ? "Authorize this payment" : "Payment"}
          </h2>
          <p className="text-sm">
            {money(quote.totalSendingAmount, quote.sendingCurrency)} · status <span data-testid="payment-status">{quote.status}</span>
          </p>
          {quote.status === "PENDING_AUTHORIZATION" && quote.scaChallenge ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void step(() => api<Quote>("POST", `/integrator/api/payments/${encodeURIComponent(quote.id)}/authorize`, { body: { code: form.payCode } }), setQuote);
              }}
            >
              <p className="mt-2 text-sm text-slate-700">
                We sent a code ({quote.scaChallenge.factor === "SMS_OTP" ? "SMS" : quote.scaChallenge.factor}) for this payment. It expires at{" "}
                {new Date(quote.scaChallenge.expiresAt).toLocaleTimeString()}.
              </p>
              <label className="mt-2 block text-sm font-medium" htmlFor="pay-code">
                Payment code
              </label>
              <input id="pay-code" className={input} inputMode="numeric" autoComplete="one-time-code" value={form.payCode} onChange={set("payCode")} />
              <button className={button} disabled={busy} type="submit">
                Authorize payment
              </button>
              <button
                className={secondary}
                disabled={busy}
                type="button"
                onClick={() => void step(() => api("POST", `/integrator/api/payments/${encodeURIComponent(quote.id)}/resend`), () => undefined)}
              >
                Resend code
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
