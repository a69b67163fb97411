"use client";

import { useCallback, useEffect, useState } from "react";
import { api, ok } from "@/lib/integrator/browser/api";
import { useTranslations } from "use-intl";
import { Button, Card, ErrorMessage, inputClass, useAction } from "../../ui";
import { toRequest, validate, VARIANTS } from "./variants";

interface ExternalAccount {
  id: string;
  status: string;
  currency: string;
  ownershipType?: string;
  accountInfo: { accountType: string; address?: string; accountNumber?: string; iban?: string };
}

const ACCOUNTS = "/integrator/api/accounts";

function accountLabel(a: ExternalAccount, variantName: (type: string) => string): string {
  const i = a.accountInfo;
  const id = i.address ?? i.iban ?? (i.accountNumber ? `••••${i.accountNumber.slice(-4)}` : "");
  return `${variantName(i.accountType)} ${id}`;
}

type T = ReturnType<typeof useTranslations<"accounts">>;
const variantName = (t: T) => (type: string) => (t.has(`variant.${type}`) ? t(`variant.${type}` as "title") : type);

export function AccountsPanel() {
  const t = useTranslations("accounts");
  const tc = useTranslations("common");
  const [accounts, setAccounts] = useState<ExternalAccount[] | null>(null);
  const list = useAction();
  const reload = useCallback(
    () => list.run(async () => setAccounts(ok(await api<{ data: ExternalAccount[] }>("GET", ACCOUNTS)).body.data)),
    [list.run],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={list.error} />
      <Card title={t("yours")} id="external-accounts">
        {accounts === null ? (
          <p role="status">{tc("loading")}</p>
        ) : accounts.length === 0 ? (
          <p>{t("none")}</p>
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
  const t = useTranslations("accounts");
  const [message, setMessage] = useState<string | null>(null);
  const [signature, setSignature] = useState("");
  const needsVerification = account.status === "PENDING_OWNERSHIP_VERIFICATION" || account.status === "UNVERIFIED";
  const sigId = `sig-${account.id}`;
  return (
    <li className="py-3" data-testid="external-account">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm break-all">{accountLabel(account, variantName(t))}</span>
        <span
          className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium dark:bg-slate-700"
          data-testid="external-account-status"
          data-status={account.status}
        >
          {t.has(`status.${account.status}`)
            ? t(`status.${account.status}` as "title")
            : t("status.other", { status: account.status })}
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
                  const r = ok(
                    await api<{ messageToSign: string }>(
                      "POST",
                      `${ACCOUNTS}/${encodeURIComponent(account.id)}/challenge`,
                      { body: {} },
                    ),
                  );
                  setMessage(r.body.messageToSign);
                })
              }
            >
              {t("verify")}
            </Button>
          ) : (
            <form
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                void a.run(async () => {
                  ok(
                    await api("POST", `${ACCOUNTS}/${encodeURIComponent(account.id)}/verify`, {
                      body: { signature: signature.trim() },
                    }),
                  );
                  setMessage(null);
                  onChange();
                });
              }}
            >
              <p className="text-sm">{t("signThis")}</p>
              <pre
                className="rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800"
                data-testid="message-to-sign"
              >
                {message}
              </pre>
              <label htmlFor={sigId} className="block text-sm font-medium">
                {t("signature")}
              </label>
              <textarea
                id={sigId}
                required
                value={signature}
                onChange={(e) => setSignature(e.target.value)}
                rows={2}
                className={`${inputClass} w-full font-mono text-xs`}
              />
              <Button type="submit" disabled={a.busy}>
                {t("submitSignature")}
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
  const t = useTranslations("accounts");
  const [type, setType] = useState(VARIANTS[0].accountType);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, "required" | "invalid">>({});
  const a = useAction();
  const variant = VARIANTS.find((v) => v.accountType === type) ?? VARIANTS[0];
  return (
    <Card title={t("add")} id="add-account">
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
            {t("type")}
          </label>
          <select
            id="account-type"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setErrors({});
            }}
            className={inputClass}
          >
            {VARIANTS.map((v) => (
              <option key={v.accountType} value={v.accountType}>
                {variantName(t)(v.accountType)}
              </option>
            ))}
          </select>
        </div>
        {variant.fields.map((f) => {
          const id = `field-${f.name}`;
          const label = t(`field.${f.name}` as "title");
          const problem =
            errors[f.name] === "required"
              ? t("required", { field: label })
              : errors[f.name]
                ? t("invalid", { field: label, hint: f.hint ? t(`hint.${f.hint}` as "title") : "" })
                : null;
          return (
            <div key={`${type}-${f.name}`}>
              <label htmlFor={id} className="block text-sm font-medium">
                {f.required ? label : t("optional", { label })}
              </label>
              <input
                id={id}
                value={values[f.name] ?? ""}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                aria-invalid={!!errors[f.name]}
                aria-describedby={errors[f.name] ? `${id}-error` : undefined}
                className={`${inputClass} w-full`}
              />
              {problem ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={a.busy}>
          {t("addButton")}
        </Button>
        <ErrorMessage error={a.error} />
      </form>
    </Card>
  );
}
