"use client";

import { useState } from "react";
import { siteSignOut } from "./site-auth";

export function SignOutButton({ label = "Sign out" }: { label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await siteSignOut();
      }}
      className="rounded border border-slate-400 px-3 py-1 text-sm text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      {label}
    </button>
  );
}
