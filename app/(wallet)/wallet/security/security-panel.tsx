"use client";

import Link from "next/link";
import type { AuthSession } from "@/lib/sdk/types";
import { useCallback, useEffect, useState } from "react";
import {
  addEmailCredential,
  addPasskey,
  exportWallet,
  linkOidc,
  listCredentials,
  listSessions,
  revokeCredential,
  revokeSession,
  startOidcLink,
} from "@/lib/integrator/browser/flows";
import { Button, Card, ErrorMessage, formatRemaining, ProgressNote, useAction } from "../../ui";
import { useWallet } from "../../use-wallet";

export function SecurityPanel() {
  const w = useWallet();
  const [sessions, setSessions] = useState<AuthSession[] | null>(null);
  const a = useAction();
  const [nickname, setNickname] = useState("My passkey");
  const [notice, setNotice] = useState<string | null>(null);

  const refreshLists = useCallback(async () => {
    const [c, s] = await Promise.all([listCredentials(), listSessions()]);
    w.setCredentials(c);
    setSessions(s);
  }, [w]);

  useEffect(() => {
    void listSessions().then(setSessions, () => setSessions([]));
  }, []);

  // Back from the OpenID provider with a token to link (URL fragment: never sent to a server).
  useEffect(() => {
    const m = /^#oidc-link=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m || !w.session) return;
    history.replaceState(null, "", window.location.pathname);
    const { oidcToken } = JSON.parse(atob(m[1].replace(/-/g, "+").replace(/_/g, "/")));
    void a.run(async (p) => {
      const c = await linkOidc(oidcToken, p);
      setNotice(`Linked OpenID identity ${c.nickname ?? ""}`);
      await refreshLists();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [w.session]);

  if (w.loadError) return <ErrorMessage error={w.loadError} />;
  if (w.session === undefined || !w.me || !w.credentials) return <p role="status">Loading…</p>;
  if (!w.session) {
    return (
      <div>
        <h1 className="text-2xl font-semibold">Security</h1>
        <p className="mt-4">
          Changes to your wallet are signed with your wallet session key.{" "}
          <Link href="/wallet" className="text-blue-800 underline">
            Unlock your wallet
          </Link>{" "}
          first.
        </p>
      </div>
    );
  }
  const session = w.session;
  const hasEmail = w.credentials.some((c) => c.type === "EMAIL_OTP");

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Security</h1>
      {notice ? (
        <p role="status" className="rounded border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
          {notice}
        </p>
      ) : null}
      <ErrorMessage error={a.error} />
      <ProgressNote progress={a.progress} />

      <Card title="Credentials" id="credentials">
        <p id="revoke-rule" className="text-sm text-slate-700">
          A credential can only be revoked with a signature from a session opened by a <em>different</em> credential, so that a
          stolen credential cannot lock you out by removing the others. Your current session was opened with{" "}
          <strong>{session.type}</strong>; to revoke that one, unlock your wallet with another credential first. The last
          credential can never be removed.
        </p>
        <ul className="mt-3 divide-y divide-slate-200">
          {w.credentials.map((c) => {
            const isCurrent = c.id === session.credentialId;
            return (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="credential-row">
                <div>
                  <span className="font-medium">{c.type}</span> <span className="text-slate-700">{c.nickname}</span>
                  {isCurrent ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs">this session</span> : null}
                </div>
                <Button
                  type="button"
                  variant="danger"
                  aria-describedby="revoke-rule"
                  aria-label={`Revoke ${c.type} ${c.nickname ?? ""}`}
                  disabled={a.busy}
                  onClick={() =>
                    a.run(async (p) => {
                      await revokeCredential(c.id, p);
                      setNotice(`Revoked ${c.type} ${c.nickname ?? ""}`);
                      await refreshLists();
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card title="Add a passkey" id="add-passkey">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async (p) => {
              const c = await addPasskey(nickname, p);
              setNotice(`Added passkey ${c.nickname ?? ""}`);
              await refreshLists();
            });
          }}
        >
          <div>
            <label htmlFor="passkey-nickname" className="block text-sm font-medium">
              Name
            </label>
            <input
              id="passkey-nickname"
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
              maxLength={100}
              required
              className="mt-1 rounded border border-slate-400 px-3 py-2"
            />
          </div>
          <Button type="submit" disabled={a.busy}>
            Add passkey
          </Button>
        </form>
      </Card>

      <Card title="Link an OpenID identity" id="link-oidc">
        <p className="text-sm text-slate-700">Sign in at your identity provider; its ID token is added to your wallet as a credential.</p>
        <Button type="button" className="mt-2" disabled={a.busy} onClick={() => a.run(() => startOidcLink())}>
          Link OpenID identity
        </Button>
      </Card>

      {!hasEmail ? (
        <Card title="Email code" id="add-email">
          <p className="text-sm text-slate-700">Add your email ({w.me.email}) back as a way to unlock the wallet.</p>
          <Button
            type="button"
            className="mt-2"
            disabled={a.busy}
            onClick={() =>
              a.run(async (p) => {
                await addEmailCredential(p);
                setNotice("Email code credential added");
                await refreshLists();
              })
            }
          >
            Add email credential
          </Button>
        </Card>
      ) : null}

      <Card title="Active sessions" id="sessions">
        <ul className="divide-y divide-slate-200">
          {(sessions ?? []).map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="session-row">
              <div className="text-sm">
                <span className="font-medium">{s.type}</span> {s.nickname}{" "}
                <span className="text-slate-700">expires in {formatRemaining(Date.parse(s.expiresAt) - w.now)}</span>
                {s.id === session.sessionId ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs">this browser</span> : null}
              </div>
              <Button
                type="button"
                variant="secondary"
                aria-label={`Revoke session ${s.id}`}
                disabled={a.busy}
                onClick={() =>
                  a.run(async (p) => {
                    await revokeSession(s.id, p);
                    setNotice(`Session revoked`);
                    if (s.id === session.sessionId) w.setSession(null);
                    else await refreshLists();
                  })
                }
              >
                Revoke session
              </Button>
            </li>
          ))}
        </ul>
      </Card>

      <ExportCard pinned={w.me.enclaveQuorumPublic} organizationId={w.me.platformId} />
    </div>
  );
}

function ExportCard({ pinned, organizationId }: { pinned: string | null; organizationId: string }) {
  const a = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  return (
    <Card title="Export wallet" id="export">
      <p className="text-sm text-slate-700">
        The recovery phrase is decrypted in this browser only and never sent back. Anyone who sees it controls the wallet.
      </p>
      <ErrorMessage error={a.error} />
      <ProgressNote progress={a.progress} />
      {secret === null ? (
        <Button
          type="button"
          className="mt-2"
          disabled={a.busy}
          onClick={() =>
            a.run(async (p) => {
              if (!pinned) throw new Error("The service has not published its enclave key");
              setSecret(await exportWallet(pinned, organizationId, p));
            })
          }
        >
          Export recovery phrase
        </Button>
      ) : (
        <div className="mt-2 space-y-2">
          {revealed ? (
            <p data-testid="export-secret" className="rounded border border-amber-400 bg-amber-50 p-3 font-mono text-sm break-words">
              {secret}
            </p>
          ) : (
            <p className="text-sm">The recovery phrase is ready.</p>
          )}
          <div className="flex gap-3">
            {!revealed ? (
              <Button type="button" onClick={() => setRevealed(true)}>
                Reveal
              </Button>
            ) : null}
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setSecret(null);
                setRevealed(false);
              }}
            >
              Done, forget it
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
