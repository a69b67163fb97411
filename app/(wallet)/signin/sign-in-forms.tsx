"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button, Card, inputClass } from "../ui";
import { demoSignIn, postForm } from "../site-auth";

export function SignInForms({ oidc, demo, error }: { oidc: boolean; demo: boolean; error: string | null }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const t = useTranslations("signin");
  const [problem, setProblem] = useState<string | null>(error ? t("failed") : null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-6 space-y-4">
      {problem ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{problem}</p>
          {error ? <p className="mt-1 font-mono text-xs">{error}</p> : null}
        </div>
      ) : null}
      {oidc ? (
        <Card title={t("oidcCard")} id="oidc">
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              postForm("/signin/loopback", { callbackUrl: "/wallet" });
            }}
          >
            {t("oidcButton")}
          </Button>
        </Card>
      ) : null}
      {demo ? (
        <Card title={t("demoCard")} id="demo">
          <form
            className="space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              setProblem(null);
              const err = await demoSignIn(email, name);
              if (err) {
                setProblem(t("demoRefused"));
                setBusy(false);
              } else window.location.assign("/wallet");
            }}
          >
            <div>
              <label htmlFor="demo-email" className="block text-sm font-medium">
                {t("email")}
              </label>
              <input
                id="demo-email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={`${inputClass} w-full`}
              />
            </div>
            <div>
              <label htmlFor="demo-name" className="block text-sm font-medium">
                {t("name")}
              </label>
              <input
                id="demo-name"
                type="text"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                className={`${inputClass} w-full`}
              />
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("demoHint")}</p>
            <Button type="submit" disabled={busy}>
              {t("demoButton")}
            </Button>
          </form>
        </Card>
      ) : null}
      {!oidc && !demo ? <p>{t("none")}</p> : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("terms")}</p>
    </div>
  );
}
