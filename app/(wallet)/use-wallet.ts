"use client";

import type { AuthMethod, ErrorBody } from "@/lib/sdk/types";
import { useCallback, useEffect, useRef, useState } from "react";
import type { StoredSession } from "@/lib/integrator/browser/custody";
import { deleteSession, getMe, listCredentials, loadSession, refreshSession, type Me } from "@/lib/integrator/browser/flows";
import { toErrorBody } from "./ui";

/**
 * The page's view of the wallet: the user, their credentials, and the session key held in
 * IndexedDB. The session is refreshed before it lapses (a third of its lifetime, at most two
 * minutes, before expiry) and forgotten the moment it expires.
 */
export function useWallet(before?: () => Promise<void>) {
  const [me, setMe] = useState<Me | null>(null);
  const [credentials, setCredentials] = useState<AuthMethod[] | null>(null);
  const [session, setSession] = useState<StoredSession | null | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const [loadError, setLoadError] = useState<ErrorBody | null>(null);
  const [refreshError, setRefreshError] = useState<ErrorBody | null>(null);
  const refreshing = useRef(false);
  const beforeRef = useRef(before);

  const reload = useCallback(async () => {
    try {
      // Work that must land in IndexedDB before the stored session is read (OIDC return).
      const first = beforeRef.current;
      beforeRef.current = undefined;
      if (first) await first();
      const [m, c, s] = await Promise.all([getMe(), listCredentials(), loadSession()]);
      setMe(m);
      setCredentials(c);
      setSession(s);
    } catch (e) {
      setLoadError(toErrorBody(e));
      setSession(null);
    }
  }, []);

  useEffect(() => {
    void reload();
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [reload]);

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
  }, [now, session, me]);

  return { me, credentials, session, now, loadError, refreshError, reload, setSession, setCredentials };
}
