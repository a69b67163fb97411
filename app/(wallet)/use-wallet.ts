"use client";

import type { AuthMethod, ErrorBody } from "@/lib/sdk/types";
import { useCallback, useEffect, useRef, useState } from "react";
import type { StoredSession } from "@/lib/integrator/browser/custody";
import {
  deleteSession,
  getMe,
  listCredentials,
  listSessions,
  loadSession,
  refreshSession,
  type Me,
  type SessionInfo,
} from "@/lib/integrator/browser/flows";
import { toErrorBody } from "./ui";

/** How often an unlocked page asks whether its session is still active (a revoke elsewhere shows within this). */
const SESSION_CHECK_MS = 2_000;
const CHANNEL = "wallet-session";

/** A tab changed the stored session: unlocked, locked by the user, or found revoked at the service. */
type TabMessage = { type: "changed"; reason: "unlocked" | "locked" | "revoked" };

/**
 * The page's view of the wallet: the user, their credentials, and the session key held in IndexedDB.
 * A stored session counts only once the service lists it as active, so a session revoked elsewhere never
 * looks unlocked (also after a reload). While unlocked, the page re-checks every two seconds and when it
 * becomes visible; every tab hears of a lock, unlock or revoke at once through a BroadcastChannel.
 * The session is refreshed before it lapses (a third of its lifetime, at most two minutes, before expiry).
 */
export function useWallet(before?: () => Promise<void>) {
  const [me, setMe] = useState<Me | null>(null);
  const [credentials, setCredentials] = useState<AuthMethod[] | null>(null);
  const [session, setSessionState] = useState<StoredSession | null | undefined>(undefined);
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [loadError, setLoadError] = useState<ErrorBody | null>(null);
  const [refreshError, setRefreshError] = useState<ErrorBody | null>(null);
  const refreshing = useRef(false);
  const beforeRef = useRef(before);
  const channel = useRef<BroadcastChannel | null>(null);

  /** The stored session if the service still lists it as active; a stale one is deleted here. */
  const validated = useCallback(async (): Promise<{
    session: StoredSession | null;
    active: SessionInfo[];
    wasRevoked: boolean;
  }> => {
    const stored = await loadSession();
    const active = await listSessions(stored?.sessionId);
    if (stored && !active.some((s) => s.id === stored.sessionId)) {
      await deleteSession();
      return { session: null, active, wasRevoked: true };
    }
    return { session: stored, active, wasRevoked: false };
  }, []);

  const reload = useCallback(async () => {
    try {
      // Work that must land in IndexedDB before the stored session is read (OIDC return).
      const first = beforeRef.current;
      beforeRef.current = undefined;
      if (first) await first();
      const [m, c, v] = await Promise.all([getMe(), listCredentials(), validated()]);
      setMe(m);
      setCredentials(c);
      setSessions(v.active);
      setSessionState(v.session);
      if (v.wasRevoked) setRevoked(true);
    } catch (e) {
      setLoadError(toErrorBody(e));
      setSessionState(null);
    }
  }, [validated]);

  /** Set the session here and tell the other tabs to look again. */
  const setSession = useCallback((s: StoredSession | null) => {
    setSessionState(s);
    if (s) setRevoked(false);
    channel.current?.postMessage({ type: "changed", reason: s ? "unlocked" : "locked" } satisfies TabMessage);
  }, []);

  /** Look again; `revokedElsewhere`: another tab found the session revoked (this tab then says so too). */
  const check = useCallback(
    async (revokedElsewhere = false) => {
      try {
        const v = await validated();
        setSessions(v.active);
        setSessionState((prev) => (prev?.sessionId === v.session?.sessionId ? prev : v.session));
        if (v.wasRevoked || (revokedElsewhere && !v.session)) setRevoked(true);
        if (v.wasRevoked) {
          channel.current?.postMessage({ type: "changed", reason: "revoked" } satisfies TabMessage);
        }
      } catch {
        // A failed check changes nothing; the next one decides.
      }
    },
    [validated],
  );

  useEffect(() => {
    void reload();
    const t = setInterval(() => setNow(Date.now()), 1000);
    const bc = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    channel.current = bc;
    if (bc) bc.onmessage = (e: MessageEvent<TabMessage>) => void check(e.data?.reason === "revoked");
    const onVisible = () => document.visibilityState === "visible" && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(t);
      bc?.close();
      channel.current = null;
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [reload, check]);

  // While unlocked: is the session still active at the service?
  const unlocked = !!session;
  useEffect(() => {
    if (!unlocked) return;
    const t = setInterval(() => void check(), SESSION_CHECK_MS);
    return () => clearInterval(t);
  }, [unlocked, check]);

  useEffect(() => {
    if (!session || !me) return;
    const remaining = Date.parse(session.expiresAt) - now;
    if (remaining <= 0) {
      void deleteSession().then(() => setSession(null));
      return;
    }
    const lead = Math.min(120_000, (me.sessionLifetimeSeconds * 1000) / 3);
    if (remaining < lead && !refreshing.current) {
      refreshing.current = true;
      refreshSession()
        .then((s) => {
          setSession(s);
          setRefreshError(null);
        })
        .catch((e) => setRefreshError(toErrorBody(e)))
        .finally(() => (refreshing.current = false));
    }
  }, [now, session, me, setSession]);

  return {
    me,
    credentials,
    session,
    sessions,
    revoked,
    now,
    loadError,
    refreshError,
    reload,
    check,
    setSession,
    setCredentials,
    setSessions,
  };
}
