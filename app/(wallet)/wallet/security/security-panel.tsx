"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { AuthMethod } from "@/lib/sdk/types";
import {
  addEmailCredential,
  addPasskey,
  addSmsCredential,
  exportWallet,
  linkOidc,
  listCredentials,
  revokeCredential,
  revokeSession,
  startOidcLink,
  type SessionInfo,
} from "@/lib/integrator/browser/flows";
import type { StoredSession } from "@/lib/integrator/browser/custody";
import {
  Button,
  Card,
  CopyButton,
  ErrorMessage,
  inputClass,
  linkClass,
  Notice,
  ProgressNote,
  useAction,
  useCountdown,
} from "../../ui";
import { useWallet } from "../../use-wallet";
import { credentialName, OtpUnlock, UnlockCard } from "../unlock";

/** A revealed recovery phrase hides itself after this long. */
const EXPORT_VISIBLE_MS = 60_000;

export function SecurityPanel() {
  const w = useWallet();
  const t = useTranslations("security");
  const tu = useTranslations("unlock");
  const tc = useTranslations("common");
  const th = useTranslations("home");
  const f = useFormatter();
  const a = useAction();
  const [nickname, setNickname] = useState("My passkey");
  const [phone, setPhone] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  /** What waits for a "yes": a credential to remove or a session to end (each asks before it acts). */
  const [confirming, setConfirming] = useState<string | null>(null);
  /** A phone just added: it stays only once the code texted to it is entered. */
  const [pendingSms, setPendingSms] = useState<AuthMethod | null>(null);
  const name = (c: Pick<AuthMethod, "type" | "nickname">) => credentialName(c, tu);

  const refreshLists = async () => {
    w.setCredentials(await listCredentials());
    await w.check();
  };

  // Back from the OpenID provider with a token to link (URL fragment: never sent to a server).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once a session exists; the fragment is consumed on the first run.
  useEffect(() => {
    const m = /^#oidc-link=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m || !w.session) return;
    history.replaceState(null, "", window.location.pathname);
    const { oidcToken } = JSON.parse(atob(m[1].replace(/-/g, "+").replace(/_/g, "/")));
    void a.run(async (p) => {
      const c = await linkOidc(oidcToken, p);
      setNotice(t("oidcLinked", { name: c.nickname ?? "" }));
      await refreshLists();
    });
  }, [w.session]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checks the session when a new error arrives, not when check's identity changes.
  useEffect(() => {
    if (a.error) void w.check();
  }, [a.error]);

  if (w.loadError) return <ErrorMessage error={w.loadError} />;
  if (w.session === undefined || !w.me || !w.credentials) return <p role="status">{tc("loading")}</p>;
  if (!w.session) {
    return (
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        {w.revoked ? (
          <p
            role="alert"
            data-testid="revoked-notice"
            className="mt-4 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {th("revokedNotice")}
          </p>
        ) : null}
        <p className="mt-4">
          {t("lockedHint")}{" "}
          <Link href="/wallet" className={linkClass}>
            {t("unlockFirst")}
          </Link>
        </p>
      </div>
    );
  }
  const session = w.session;
  const credentials = w.credentials;
  const hasEmail = w.credentials.some((c) => c.type === "EMAIL_OTP");
  const hasSms = w.credentials.some((c) => c.type === "SMS_OTP");
  const when = (iso: string) => f.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {notice ? <Notice>{notice}</Notice> : null}
      <ProgressNote progress={a.progress} waitUntil={a.waitUntil} />
      <ErrorMessage error={a.error} />

      <Card title={t("credentials")} id="credentials">
        <p id="revoke-rule" className="text-sm text-slate-700 dark:text-slate-300">
          {t("revokeRule")}
        </p>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {w.credentials.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="credential-row"
            >
              <div>
                <span className="font-medium">{name(c)}</span>
                {c.id === session.credentialId ? (
                  <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs dark:bg-slate-700">
                    {t("thisSession")}
                  </span>
                ) : null}
                {c.createdAt ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t("added", { time: when(c.createdAt) })}
                  </p>
                ) : null}
              </div>
              {credentials.length === 1 ? (
                <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="last-method">
                  {t("lastMethod")}
                </span>
              ) : confirming === c.id ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">{t("removeConfirm", { name: name(c) })}</span>
                  <Button
                    type="button"
                    variant="danger"
                    disabled={a.busy}
                    onClick={() =>
                      a.run(async (p) => {
                        setConfirming(null);
                        await revokeCredential(c.id, p);
                        setNotice(t("removed", { name: name(c) }));
                        await refreshLists();
                      })
                    }
                  >
                    {t("removeYes")}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
                    {t("cancel")}
                  </Button>
                </span>
              ) : (
                <Button
                  type="button"
                  variant="danger"
                  aria-describedby="revoke-rule"
                  aria-label={t("removeLabel", { name: name(c) })}
                  disabled={a.busy}
                  onClick={() => setConfirming(c.id)}
                >
                  {t("remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Card>

      <Card title={t("addPasskey")} id="add-passkey">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async (p) => {
              const c = await addPasskey(nickname, p);
              setNotice(t("passkeyAdded", { name: c.nickname ?? "" }));
              await refreshLists();
            });
          }}
        >
          <div>
            <label htmlFor="passkey-nickname" className="block text-sm font-medium">
              {t("passkeyName")}
            </label>
            <input
              id="passkey-nickname"
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
              maxLength={100}
              required
              className={inputClass}
            />
          </div>
          <Button type="submit" disabled={a.busy}>
            {t("addPasskeyButton")}
          </Button>
        </form>
      </Card>

      {pendingSms ? (
        <Card title={t("confirmSms")} id="confirm-sms">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("confirmSmsHelp")}</p>
          <div className="mt-2">
            <OtpUnlock
              credential={pendingSms}
              pinned={w.me.enclaveQuorumPublic ?? null}
              sandbox={w.me.environment === "SANDBOX"}
              onSession={(s) => {
                w.setSession(s);
                setNotice(t("smsAdded", { number: pendingSms.nickname ?? phone }));
                setPendingSms(null);
                void refreshLists();
              }}
            />
          </div>
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            disabled={a.busy}
            onClick={() =>
              a.run(async (p) => {
                await revokeCredential(pendingSms.id, p);
                setPendingSms(null);
                setNotice(t("smsNotAdded"));
                await refreshLists();
              })
            }
          >
            {t("cancelSms")}
          </Button>
        </Card>
      ) : !hasSms ? (
        <Card title={t("addSms")} id="add-sms">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("addSmsHelp")}</p>
          <form
            className="mt-2 flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void a.run(async (p) => {
                setPendingSms(await addSmsCredential(phone, p));
              });
            }}
          >
            <div>
              <label htmlFor="sms-phone" className="block text-sm font-medium">
                {t("phone")}
              </label>
              <input
                id="sms-phone"
                type="tel"
                autoComplete="tel"
                placeholder="+4915112345678"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                required
                className={inputClass}
              />
            </div>
            <Button type="submit" disabled={a.busy}>
              {t("addSmsButton")}
            </Button>
          </form>
        </Card>
      ) : null}

      <Card title={t("linkOidc")} id="link-oidc">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("linkOidcHelp")}</p>
        <Button type="button" className="mt-2" disabled={a.busy} onClick={() => a.run(() => startOidcLink())}>
          {t("linkOidcButton")}
        </Button>
      </Card>

      {!hasEmail ? (
        <Card title={t("addEmail")} id="add-email">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("addEmailHelp", { email: w.me.email })}</p>
          <Button
            type="button"
            className="mt-2"
            disabled={a.busy}
            onClick={() =>
              a.run(async (p) => {
                await addEmailCredential(p);
                setNotice(t("emailAdded"));
                await refreshLists();
              })
            }
          >
            {t("addEmailButton")}
          </Button>
        </Card>
      ) : null}

      <Card title={t("sessions")} id="sessions">
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {(w.sessions ?? []).map((s: SessionInfo) => {
            const device = s.device
              ? t("sessionLine", { browser: s.device.browser, os: s.device.os })
              : t("unknownDevice");
            const mine = s.id === session.sessionId;
            return (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="session-row"
              >
                <div className="text-sm">
                  <p>
                    <span className="font-medium">{device}</span> · {name(s)}
                    {mine ? (
                      <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs dark:bg-slate-700">
                        {t("thisDevice")}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t("sessionTimes", { created: when(s.createdAt), expires: when(s.expiresAt) })}
                    {s.device ? ` · ${t("sessionLastUsed", { time: when(s.device.lastSeenAt) })}` : ""}
                  </p>
                </div>
                {confirming === s.id ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm">{mine ? t("revokeConfirmMine") : t("revokeConfirm", { device })}</span>
                    <Button
                      type="button"
                      variant="danger"
                      disabled={a.busy}
                      onClick={() =>
                        a.run(async (p) => {
                          setConfirming(null);
                          await revokeSession(s.id, p);
                          setNotice(t("revoked"));
                          if (mine) w.setSession(null);
                          else await w.check();
                        })
                      }
                    >
                      {t("revokeYes")}
                    </Button>
                    <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
                      {t("cancel")}
                    </Button>
                  </span>
                ) : (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={t("revokeLabel", { device: `${device}${mine ? ` (${t("thisDevice")})` : ""}` })}
                    disabled={a.busy}
                    onClick={() => setConfirming(s.id)}
                  >
                    {t("revoke")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </Card>

      <ExportCard
        pinned={w.me.enclaveQuorumPublic}
        organizationId={w.me.platformId}
        credentials={w.credentials}
        rpId={w.me.rpId}
        sandbox={w.me.environment === "SANDBOX"}
        onSession={w.setSession}
      />
    </div>
  );
}

/**
 * Export with its safeguards: an acknowledgement, a fresh unlock (re-authentication) right before, the phrase
 * hidden until revealed, a copy button, and hidden again after a minute.
 */
function ExportCard(props: {
  pinned: string | null;
  organizationId: string;
  credentials: AuthMethod[];
  rpId: string;
  sandbox: boolean;
  onSession: (s: StoredSession) => void;
}) {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const a = useAction();
  const [stage, setStage] = useState<"start" | "ack" | "reauth" | "ready">("start");
  const [ack, setAck] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const hidesIn = useCountdown(revealedAt ? revealedAt + EXPORT_VISIBLE_MS : null);
  const forget = useCallback(() => {
    setSecret(null);
    setRevealedAt(null);
    setAck(false);
    setStage("start");
  }, []);
  useEffect(() => {
    if (revealedAt && hidesIn === 0) forget();
  }, [revealedAt, hidesIn, forget]);

  return (
    <Card title={t("export")} id="export">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("exportIntro")}</p>
      {stage === "start" ? (
        <Button type="button" className="mt-2" onClick={() => setStage("ack")}>
          {t("exportStart")}
        </Button>
      ) : null}
      {stage === "ack" ? (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setStage("reauth");
          }}
        >
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" required checked={ack} onChange={(e) => setAck(e.target.checked)} className="mt-1" />
            <span>{t("exportAck")}</span>
          </label>
          <Button type="submit" disabled={!ack}>
            {t("exportStart")}
          </Button>
        </form>
      ) : null}
      {stage === "reauth" ? (
        <div className="mt-3">
          <UnlockCard
            credentials={props.credentials}
            rpId={props.rpId}
            pinned={props.pinned}
            sandbox={props.sandbox}
            title={t("export")}
            intro={t("exportReauth")}
            onSession={(s) => {
              props.onSession(s);
              void a.run(async (p) => {
                if (!props.pinned) throw new Error("The service has not published its enclave key");
                setSecret(await exportWallet(props.pinned, props.organizationId, p));
                setStage("ready");
              });
            }}
          />
        </div>
      ) : null}
      <ProgressNote progress={a.progress} waitUntil={a.waitUntil} />
      <ErrorMessage error={a.error} />
      {stage === "ready" && secret !== null ? (
        <div className="mt-2 space-y-2">
          {revealedAt ? (
            <>
              <p
                data-testid="export-secret"
                className="rounded border border-amber-400 bg-amber-50 p-3 font-mono text-sm break-words text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              >
                {secret}
              </p>
              <p className="text-xs" data-testid="export-hides">
                {t("exportHides", { seconds: hidesIn })}
              </p>
            </>
          ) : (
            <p className="text-sm">{t("exportReady")}</p>
          )}
          <div className="flex flex-wrap gap-3">
            {!revealedAt ? (
              <Button type="button" onClick={() => setRevealedAt(Date.now())}>
                {t("reveal")}
              </Button>
            ) : (
              <CopyButton text={secret} label={t("exportCopy")} done={tc("copied")} />
            )}
            <Button type="button" variant="secondary" onClick={forget}>
              {t("exportDone")}
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
