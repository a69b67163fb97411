"use client";

import { useCallback, useEffect, useState } from "react";
import { api, ok } from "@/lib/integrator/browser/api";
import { Button, Card, ErrorMessage, useAction } from "../../ui";
import { toRequest, validate, VARIANTS } from "./variants";

interface ExternalAccount {
  id: string;
  status: string;
  currency: string;
  ownershipType?: string;
  accountInfo: { accountType: string; address?: string; accountNumber?: string; iban?: string };
}

const ACCOUNTS = "/integrator/api/accounts";

function describe(a: ExternalAccount): string {
  const i = a.accountInfo;
  const id = i.address ?? i.iban ?? (i.accountNumber ? `••••${i.accountNumber.slice(-4)}` : "");
  return `${i.accountType} ${id}`;
}

export function AccountsPanel() {
  const [accounts, setAccounts] = useState<ExternalAccount[] | null>(null);
  const list = useAction();
  const reload = useCallback(
    () => list.run(async () => setAccounts(ok(await api<{ data: ExternalAccount[] }>("GET", ACCOUNTS)).body.data)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Accounts</h1>
      <ErrorMessage error={list.error} />
      <Card title="Your external accounts" id="external-accounts">
        {accounts === null ? (
          <p role="status">Loading…</p>
        ) : accounts.length === 0 ? (
          <p>No external accounts yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {accounts.map((a) => (
              <AccountRow key={a.id} account={a} onChange={reload} />
            ))}
          </ul>
        )}
      </Card>
      <AddAccount onAdded={reload} />
    </div>
  );
}

function AccountRow({ account, onChange }: { account: ExternalAccount; onChange: () => void }) {
  const a = useAction();
  const [message, setMessage] = useState<string | null>(null);
  const [signature, setSignature] = useState("");
  const needsVerification = account.status === "PENDING_OWNERSHIP_VERIFICATION" || account.status === "UNVERIFIED";
  const sigId = `sig-${account.id}`;
  return (
    <li className="py-3" data-testid="external-account">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm break-all">{describe(account)}</span>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium" data-testid="external-account-status">
          {account.status}
        </span>
      </div>
      {needsVerification ? (
        <div className="mt-2">
          {message === null ? (
            <Button
              type="button"
              variant="secondary"
              disabled={a.busy}
              onClick={() =>
                a.run(async () => {
                  const r = ok(await api<{ messageToSign: string }>("POST", `${ACCOUNTS}/${encodeURIComponent(account.id)}/challenge`, { body: {} }));
                  setMessage(r.body.messageToSign);
                })
              }
            >
              Verify ownership
            </Button>
          ) : (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                void a.run(async () => {
                  ok(await api("POST", `${ACCOUNTS}/${encodeURIComponent(account.id)}/verify`, { body: { signature: signature.trim() } }));
                  setMessage(null);
                  onChange();
                });
              }}
            >
              <p className="text-sm">Sign this exact message with the wallet, then paste the signature:</p>
              <pre className="rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap" data-testid="message-to-sign">
                {message}
              </pre>
              <label htmlFor={sigId} className="block text-sm font-medium">
                Signature
              </label>
              <textarea id={sigId} required value={signature} onChange={(e) => setSignature(e.target.value)} rows={2} className="w-full rounded border border-slate-400 p-2 font-mono text-xs" />
              <Button type="submit" disabled={a.busy}>
                Submit signature
              </Button>
            </form>
          )}
          <ErrorMessage error={a.error} />
        </div>
      ) : null}
    </li>
  );
}

function AddAccount({ onAdded }: { onAdded: () => void }) {
  const [type, setType] = useState(VARIANTS[0].accountType);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const a = useAction();
  const variant = VARIANTS.find((v) => v.accountType === type)!;
  return (
    <Card title="Add an account" id="add-account">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const found = validate(variant, values);
          setErrors(found);
          if (Object.keys(found).length) return;
          void a.run(async () => {
            ok(await api("POST", ACCOUNTS, { body: toRequest(variant, values) }));
            setValues({});
            onAdded();
          });
        }}
      >
        <div>
          <label htmlFor="account-type" className="block text-sm font-medium">
            Account type
          </label>
          <select
            id="account-type"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setErrors({});
            }}
            className="mt-1 rounded border border-slate-400 px-3 py-2"
          >
            {VARIANTS.map((v) => (
              <option key={v.accountType} value={v.accountType}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        {variant.fields.map((f) => {
          const id = `field-${f.name}`;
          return (
            <div key={`${type}-${f.name}`}>
              <label htmlFor={id} className="block text-sm font-medium">
                {f.label}
                {f.required ? "" : " (optional)"}
              </label>
              <input
                id={id}
                value={values[f.name] ?? ""}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                aria-invalid={!!errors[f.name]}
                aria-describedby={errors[f.name] ? `${id}-error` : undefined}
                className="mt-1 w-full rounded border border-slate-400 px-3 py-2"
              />
              {errors[f.name] ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                  {errors[f.name]}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={a.busy}>
          Add account
        </Button>
        <ErrorMessage error={a.error} />
      </form>
    </Card>
  );
}
