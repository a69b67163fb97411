"use client";

import Link from "next/link";
import type { AuthMethod, AuthSession, ErrorBody } from "@/lib/sdk/types";
import { useState } from "react";
import {
  finishOidcSignIn,
  refreshSession,
  requestEmailCode,
  signInWithPasskey,
  startOidcSignIn,
  verifyEmailCode,
  walletSignOut,
} from "@/lib/integrator/browser/flows";
import { Button, Card, ErrorMessage, formatRemaining, ProgressNote, toErrorBody, useAction } from "../ui";
import { useWallet } from "../use-wallet";

export function WalletHome() {
  const [fragmentError, setFragmentError] = useState<ErrorBody | null>(null);
  // Back from the OpenID provider: the sealed session (or the error) is in the URL fragment.
  const w = useWallet(async () => {
    const m = /^#(oidc-session|oidc-error)=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m) return;
    history.replaceState(null, "", window.location.pathname);
    try {
      const value = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(m[2].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))));
      if (m[1] === "oidc-error") setFragmentError(value as ErrorBody);
      else await finishOidcSignIn(value as AuthSession);
    } catch (e) {
      setFragmentError(toErrorBody(e));
    }
  });
  const action = useAction();

  if (w.loadError) return <ErrorMessage error={w.loadError} />;
  if (w.session === undefined || !w.me || !w.credentials) return <p role="status">Loading your wallet…</p>;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Your wallet</h1>
      <ErrorMessage error={fragmentError ?? action.error} />
      <ProgressNote progress={action.progress} />
      {w.session ? (
        <Card title="Wallet session" id="session">
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium">Signed in with</dt>
            <dd data-testid="session-credential">
              {w.session.type} {w.session.nickname ? `(${w.session.nickname})` : ""}
            </dd>
            <dt className="font-medium">Session</dt>
            <dd className="font-mono break-all" data-testid="session-id">
              {w.session.sessionId}
            </dd>
            <dt className="font-medium">Expires</dt>
            <dd>
              <time dateTime={w.session.expiresAt} data-testid="session-expiry">
                {new Date(w.session.expiresAt).toLocaleTimeString()}
              </time>{" "}
              (in <span data-testid="session-remaining">{formatRemaining(Date.parse(w.session.expiresAt) - w.now)}</span>; refreshed
              automatically before it lapses)
            </dd>
            <dt className="font-medium">Account</dt>
            <dd className="font-mono break-all">{w.me.accountId}</dd>
          </dl>
          <ErrorMessage error={w.refreshError} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" variant="secondary" disabled={action.busy} onClick={() => action.run(async (p) => w.setSession(await refreshSession(p)))}>
              Refresh session now
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={action.busy}
              onClick={() =>
                action.run(async () => {
                  await walletSignOut();
                  w.setSession(null);
                })
              }
            >
              Lock wallet
            </Button>
            <Link className="self-center text-blue-800 underline" href="/wallet/security">
              Security settings
            </Link>
          </div>
        </Card>
      ) : (
        <WalletSignIn credentials={w.credentials} rpId={w.me.rpId} pinned={w.me.enclaveQuorumPublic} onSession={(s) => w.setSession(s)} />
      )}
    </div>
  );
}

function WalletSignIn({
  credentials,
  rpId,
  pinned,
  onSession,
}: {
  credentials: AuthMethod[];
  rpId: string;
  pinned: string | null;
  onSession: (s: Awaited<ReturnType<typeof signInWithPasskey>>) => void;
}) {
  const email = credentials.find((c) => c.type === "EMAIL_OTP");
  const passkeys = credentials.filter((c) => c.type === "PASSKEY");
  const oidc = credentials.filter((c) => c.type === "OAUTH");
  const a = useAction();
  const [targetBundle, setTargetBundle] = useState<string | null>(null);
  const [code, setCode] = useState("");

  return (
    <Card title="Unlock your wallet" id="unlock">
      <p className="text-sm text-slate-700">Choose one of your wallet&apos;s credentials. The key it opens stays in this browser.</p>
      <ErrorMessage error={a.error} />
      <ProgressNote progress={a.progress} />
      <div className="mt-4 space-y-5">
        {email ? (
          <div>
            <h3 className="font-medium">Email code to {email.nickname}</h3>
            {!targetBundle ? (
              <Button type="button" className="mt-2" disabled={a.busy} onClick={() => a.run(async (p) => setTargetBundle(await requestEmailCode(email.id, p)))}>
                Email me a code
              </Button>
            ) : (
              <form
                className="mt-2 flex flex-wrap items-end gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  void a.run(async (p) => {
                    if (!pinned) throw new Error("The service has not published its enclave key: cannot check the bundle");
                    onSession(await verifyEmailCode({ credentialId: email.id, code, targetBundle, pinnedEnclavePublicHex: pinned }, p));
                  });
                }}
              >
                <div>
                  <label htmlFor="otp-code" className="block text-sm font-medium">
                    6-digit code
                  </label>
                  <input
                    id="otp-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                    value={code}
                    onChange={(e) => setCode(e.target.value.trim())}
                    className="mt-1 w-32 rounded border border-slate-400 px-3 py-2 font-mono tracking-widest"
                  />
                </div>
                <Button type="submit" disabled={a.busy}>
                  Verify code
                </Button>
                <Button type="button" variant="secondary" disabled={a.busy} onClick={() => (setTargetBundle(null), setCode(""))}>
                  Send a new code
                </Button>
              </form>
            )}
          </div>
        ) : null}
        {passkeys.map((c) => (
          <div key={c.id}>
            <Button type="button" disabled={a.busy} onClick={() => a.run(async () => onSession(await signInWithPasskey(c, rpId)))}>
              Use passkey “{c.nickname ?? c.credentialId?.slice(0, 8)}”
            </Button>
          </div>
        ))}
        {oidc.map((c) => (
          <div key={c.id}>
            <Button type="button" disabled={a.busy} onClick={() => a.run(() => startOidcSignIn(c))}>
              Continue with OpenID ({c.nickname})
            </Button>
          </div>
        ))}
      </div>
    </Card>
  );
}
