import Link from "next/link";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { SignOutButton } from "./sign-out-button";

export const dynamic = "force-dynamic";

export default async function WalletLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(authOptions());
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href="/wallet" className="text-lg font-semibold text-slate-900">
            Example Wallet
          </Link>
          {session ? (
            <nav aria-label="Wallet" className="flex flex-wrap items-center gap-4 text-sm">
              <Link className="text-blue-800 underline-offset-2 hover:underline" href="/wallet">
                Wallet
              </Link>
              <Link className="text-blue-800 underline-offset-2 hover:underline" href="/wallet/security">
                Security
              </Link>
              <Link className="text-blue-800 underline-offset-2 hover:underline" href="/wallet/accounts">
                Accounts
              </Link>
              <span className="text-slate-700">{session.user?.email}</span>
              <SignOutButton />
            </nav>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6">{children}</main>
    </>
  );
}
