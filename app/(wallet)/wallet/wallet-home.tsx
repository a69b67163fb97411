"use client";

import Link from "next/link";
import type { AuthSession, ErrorBody } from "@/lib/sdk/types";
import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { finishOidcSignIn, refreshSession, walletSignOut } from "@/lib/integrator/browser/flows";
import type { StoredSession } from "@/lib/integrator/browser/custody";
import type { Me } from "@/lib/integrator/browser/flows";
import { Button, Card, ErrorMessage, formatRemaining, linkClass, ProgressNote, toErrorBody, useAction } from "../ui";
import { useWallet } from "../use-wallet";
import { AddressCard, BalanceCard, HistoryCard, ReceiveCard, useOverview } from "./money";
import { SendCard } from "./send-card";
import { credentialName, UnlockCard } from "./unlock";

export function WalletHome() {
  const t = useTranslations("home");
  const tc = useTranslations("common");
  const [fragmentError, setFragmentError] = useState<ErrorBody | null>(null);
  // Back from the OpenID provider: the sealed session (or the error) is in the URL fragment.
  const w = useWallet(async () => {
    const m = /^#(oidc-session|oidc-error)=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m) return;
    history.replaceState(null, "", window.location.pathname);
    try {
      const value = JSON.parse(
        new TextDecoder().decode(
          Uint8Array.from(atob(m[2].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
        ),
      );
      if (m[1] === "oidc-error") setFragmentError(value as ErrorBody);
      else await finishOidcSignIn(value as AuthSession);
    } catch (e) {
      setFragmentError(toErrorBody(e));
    }
  });

  if (w.loadError) return <ErrorMessage error={w.loadError} />;
  if (w.session === undefined || !w.me || !w.credentials) return <p role="status">{tc("loading")}</p>;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={fragmentError} />
      {w.session ? (
        <Unlocked
          me={w.me}
          session={w.session}
          now={w.now}
          refreshError={w.refreshError}
          setSession={w.setSession}
          check={w.check}
        />
      ) : (
        <>
          {w.revoked ? (
            <p
              role="alert"
              data-testid="revoked-notice"
              className="rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {t("revokedNotice")}
            </p>
          ) : null}
          <UnlockCard
            credentials={w.credentials}
            rpId={w.me.rpId}
            pinned={w.me.enclaveQuorumPublic}
            sandbox={w.me.environment === "SANDBOX"}
            onSession={(s) => w.setSession(s)}
          />
        </>
      )}
    </div>
  );
}

function Unlocked({
  me,
  session,
  now,
  refreshError,
  setSession,
  check,
}: {
  me: Me;
  session: StoredSession;
  now: number;
  refreshError: ErrorBody | null;
  setSession: (s: StoredSession | null) => void;
  check: () => Promise<void>;
}) {
  const { overview, at, load } = useOverview();
  const t = useTranslations("home");
  const tc = useTranslations("common");
  const tu = useTranslations("unlock");
  const f = useFormatter();
  const action = useAction();
  useEffect(() => {
    // A signing failure may mean the session ended elsewhere: look now rather than at the next check.
    if (action.error) void check();
  }, [action.error, check]);

  return (
    <>
      {/* The session card first: it is there before the overview, so the overview arriving moves nothing a person
          may be about to click (Lock wallet, Renew session now). */}
      <Card title={t("sessionCard")} id="session">
        <dl
          className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-[10rem_1fr]"
          data-session-id={session.sessionId}
          data-testid="session-card"
        >
          <dt className="font-medium">{t("signedInWith")}</dt>
          <dd data-testid="session-credential">{credentialName(session, tu)}</dd>
          <dd className="sm:col-span-2">
            {t.rich("expires", {
              time: f.dateTime(new Date(session.expiresAt), { timeStyle: "short" }),
              remaining: formatRemaining(Date.parse(session.expiresAt) - now),
              at: (chunks) => (
                <time dateTime={session.expiresAt} data-testid="session-expiry">
                  {chunks}
                </time>
              ),
              left: (chunks) => <span data-testid="session-remaining">{chunks}</span>,
            })}
          </dd>
        </dl>
        <ErrorMessage error={refreshError} />
        <ProgressNote progress={action.progress} waitUntil={action.waitUntil} />
        <ErrorMessage error={action.error} />
        <div className="mt-2 flex flex-wrap gap-3">
          <Button
            type="button"
            variant="secondary"
            disabled={action.busy}
            onClick={() => action.run(async (p) => setSession(await refreshSession(p)))}
          >
            {t("refresh")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                await walletSignOut();
                setSession(null);
              })
            }
          >
            {t("lock")}
          </Button>
          <Link className={`self-center ${linkClass}`} href="/wallet/security">
            {t("securityLink")}
          </Link>
        </div>
      </Card>
      {overview ? (
        <>
          <BalanceCard overview={overview} at={at} />
          {overview.address ? <AddressCard address={overview.address} /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            {me.environment === "SANDBOX" ? <ReceiveCard overview={overview} onDone={load} /> : null}
            <SendCard overview={overview} onDone={load} />
          </div>
          <HistoryCard overview={overview} />
        </>
      ) : (
        <p role="status">{tc("loading")}</p>
      )}
    </>
  );
}
