"use client";

import type { AuthMethod } from "@/lib/sdk/types";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import {
  cancelPasskeyPrompt,
  preloadCrypto,
  requestEmailCode,
  signInWithPasskey,
  startOidcSignIn,
  verifyEmailCode,
} from "@/lib/integrator/browser/flows";
import type { StoredSession } from "@/lib/integrator/browser/custody";
import { Button, Card, ErrorMessage, inputClass, ProgressNote, useAction, useCountdown } from "../ui";

/** Re-asking for a code within this long is rate limited by the service: the button counts down instead. */
const RESEND_AFTER_MS = 30_000;

/** "Passkey: Laptop", "Email code: ada@example.com": a credential as people read it. */
export function credentialName(
  c: { type: string; nickname?: string | null },
  t: (k: "emailTitle" | "smsTitle" | "passkeyTitle" | "oidcTitle") => string,
): string {
  const kind =
    (
      {
        EMAIL_OTP: t("emailTitle"),
        SMS_OTP: t("smsTitle"),
        PASSKEY: t("passkeyTitle"),
        OAUTH: t("oidcTitle"),
      } as Record<string, string>
    )[c.type] ?? c.type;
  return c.nickname ? `${kind}: ${c.nickname}` : kind;
}

/** Unlock the wallet with any of its credentials; each shows its own progress and errors. */
export function UnlockCard({
  credentials,
  rpId,
  pinned,
  sandbox,
  onSession,
  title,
  intro,
}: {
  credentials: AuthMethod[];
  rpId: string;
  pinned: string | null;
  sandbox: boolean;
  onSession: (s: StoredSession) => void;
  title?: string;
  intro?: string;
}) {
  const t = useTranslations("unlock");
  const th = useTranslations("home");
  const otps = credentials.filter((c) => c.type === "EMAIL_OTP" || c.type === "SMS_OTP");
  const passkeys = credentials.filter((c) => c.type === "PASSKEY");
  const oidc = credentials.filter((c) => c.type === "OAUTH");
  useEffect(() => preloadCrypto(), []);
  return (
    <Card title={title ?? th("lockedTitle")} id="unlock">
      <p className="text-sm text-slate-700 dark:text-slate-300">{intro ?? t("intro")}</p>
      <div className="mt-4 space-y-6">
        {otps.map((c) => (
          <OtpUnlock key={c.id} credential={c} pinned={pinned} sandbox={sandbox} onSession={onSession} />
        ))}
        {passkeys.length ? <PasskeyUnlock passkeys={passkeys} rpId={rpId} onSession={onSession} /> : null}
        {oidc.length ? <OidcUnlock credentials={oidc} /> : null}
      </div>
    </Card>
  );
}

/** A code by mail or text message, then the session (also the security page's check of a new phone number). */
export function OtpUnlock({
  credential,
  pinned,
  sandbox,
  onSession,
}: {
  credential: AuthMethod;
  pinned: string | null;
  sandbox: boolean;
  onSession: (s: StoredSession) => void;
}) {
  const t = useTranslations("unlock");
  const sms = credential.type === "SMS_OTP";
  const a = useAction();
  const [targetBundle, setTargetBundle] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [stage, setStage] = useState<"checking" | "opening" | null>(null);
  const resendIn = useCountdown(sentAt ? sentAt + RESEND_AFTER_MS : null);
  const contact = credential.nickname ?? "";
  const inputId = `otp-code-${credential.id.replace(/[^a-zA-Z0-9]/g, "")}`;
  const send = () =>
    a.run(async (p) => {
      setTargetBundle(await requestEmailCode(credential.id, p));
      setSentAt(Date.now());
      setCode("");
    });
  return (
    <div>
      <h3 className="font-medium">{sms ? t("smsTitle") : t("emailTitle")}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {sms ? t("smsTo", { number: contact }) : t("emailTo", { address: contact })}
      </p>
      {!targetBundle ? (
        <Button type="button" className="mt-2" disabled={a.busy} onClick={send}>
          {sms ? t("sendSms") : t("sendCode")}
        </Button>
      ) : (
        <form
          className="mt-2 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void a
              .run(async (p) => {
                if (!pinned) throw new Error("The service has not published its enclave key: cannot check the bundle");
                setStage("checking");
                const s = await verifyEmailCode(
                  { credentialId: credential.id, code, targetBundle, pinnedEnclavePublicHex: pinned },
                  (step, d) => {
                    if (step === "signing") setStage("opening");
                    p(step, d);
                  },
                );
                onSession(s);
              })
              .finally(() => setStage(null));
          }}
        >
          <p role="status" className="text-sm text-green-900 dark:text-green-200">
            {sms ? t("codeSentSms", { number: contact }) : t("codeSentEmail", { address: contact })}{" "}
            {sandbox ? t("sandboxCode") : null}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={inputId} className="block text-sm font-medium">
                {t("codeLabel")}
              </label>
              <input
                id={inputId}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
                className={`${inputClass} w-32 font-mono tracking-widest`}
              />
            </div>
            <Button type="submit" disabled={a.busy}>
              {t("verify")}
            </Button>
            <Button type="button" variant="secondary" disabled={a.busy || resendIn > 0} onClick={send}>
              {resendIn > 0 ? t("newCodeIn", { seconds: resendIn }) : t("newCode")}
            </Button>
          </div>
          {stage ? <p className="text-sm">{stage === "checking" ? t("stepChecking") : t("stepOpening")}</p> : null}
        </form>
      )}
      <ProgressNote progress={a.progress} waitUntil={a.waitUntil} />
      <ErrorMessage error={a.error} />
    </div>
  );
}

function PasskeyUnlock({
  passkeys,
  rpId,
  onSession,
}: {
  passkeys: AuthMethod[];
  rpId: string;
  onSession: (s: StoredSession) => void;
}) {
  const t = useTranslations("unlock");
  const tc = useTranslations("common");
  const a = useAction();
  const cancel = useRef<(() => void) | null>(null);
  // Cancel answers at once, whether the device's prompt is open or the challenge is still on its way.
  const cancelled = () =>
    new Promise<never>((_, reject) => {
      cancel.current = () => {
        cancelPasskeyPrompt();
        reject(new DOMException("The passkey prompt was cancelled", "AbortError"));
      };
    });
  return (
    <div>
      <h3 className="font-medium">{t("passkeyTitle")}</h3>
      <div className="mt-2 flex flex-wrap gap-3">
        {passkeys.map((c) => (
          <Button
            key={c.id}
            type="button"
            disabled={a.busy}
            onClick={() =>
              a
                .run(async () => onSession(await Promise.race([signInWithPasskey(c, rpId), cancelled()])))
                .finally(() => (cancel.current = null))
            }
          >
            {t("usePasskey", { name: c.nickname ?? "" })}
          </Button>
        ))}
      </div>
      {a.busy ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm">
            {t("passkeyWaiting")}
          </p>
          <Button type="button" variant="secondary" onClick={() => (cancel.current ?? cancelPasskeyPrompt)()}>
            {tc("cancel")}
          </Button>
        </div>
      ) : null}
      <ErrorMessage error={a.error} />
    </div>
  );
}

function OidcUnlock({ credentials }: { credentials: AuthMethod[] }) {
  const t = useTranslations("unlock");
  const a = useAction();
  const [leaving, setLeaving] = useState(false);
  return (
    <div>
      <h3 className="font-medium">{t("oidcTitle")}</h3>
      <div className="mt-2 flex flex-wrap gap-3">
        {credentials.map((c) => (
          <Button
            key={c.id}
            type="button"
            disabled={a.busy}
            onClick={() =>
              a
                .run(() => {
                  setLeaving(true);
                  return startOidcSignIn(c);
                })
                .finally(() => setLeaving(false))
            }
          >
            {t("useOidc", { name: c.nickname ?? "OpenID" })}
          </Button>
        ))}
      </div>
      {leaving ? (
        <p role="status" className="mt-2 text-sm">
          {t("redirecting")}
        </p>
      ) : null}
      <ErrorMessage error={a.error} />
    </div>
  );
}
