import Link from "next/link";
import type { ReactNode } from "react";
import { consolePage } from "@/lib/integrator/console/console-client";

export const dynamic = "force-dynamic";

const NAV = [
  ["/console", "Overview"],
  ["/console/approvals", "Approvals"],
  ["/console#agents", "Agents"],
  ["/console/customers", "Customers"],
  ["/console/external-accounts", "External accounts"],
  ["/console/webhooks", "Webhooks"],
] as const;

/**
 * The operators' console (integrator pages): one page per concern under one header and nav. Every read and
 * action goes to the service over HTTP through the typed SDK, with the operator's platform credentials.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  await consolePage();
  return (
    <main className="mx-auto max-w-5xl space-y-10 p-8">
      <header className="space-y-3">
        <div className="flex items-center justify-between">
          <h1 className="text-2xl font-semibold">Platform console</h1>
          <form method="post" action="/console/logout">
            <button className="rounded border border-slate-400 px-3 py-1">Sign out</button>
          </form>
        </div>
        <nav aria-label="Console" className="flex flex-wrap gap-4 text-sm">
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className="text-blue-800 underline">
              {label}
            </Link>
          ))}
        </nav>
      </header>
      {children}
    </main>
  );
}
