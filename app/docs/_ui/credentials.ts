"use client";

import { useSyncExternalStore } from "react";

/**
 * The credentials typed into try-it forms, shared by every form on the page so that they are typed once. Held in this
 * tab's memory only: never written to storage, gone on reload.
 */
export interface Credentials {
  clientId: string;
  clientSecret: string;
  agentToken: string;
}

let current: Credentials = { clientId: "", clientSecret: "", agentToken: "" };
const listeners = new Set<() => void>();

export function setCredentials(change: Partial<Credentials>) {
  current = { ...current, ...change };
  for (const l of listeners) l();
}

export function useCredentials(): Credentials {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
