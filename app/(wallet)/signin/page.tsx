import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { integratorConfig } from "@/lib/integrator/backend/config";
import { platformInfo } from "@/lib/integrator/backend/service";
import { SignInForms } from "./sign-in-forms";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Example Wallet" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  if (await getServerSession(authOptions())) redirect("/wallet");
  const { error } = await searchParams;
  const platform = await platformInfo().catch(() => null);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 text-slate-700">
        Sign in to this site first. Your wallet then asks for one of its own credentials (email code, passkey or OpenID) before
        anything can be signed.
      </p>
      <SignInForms oidc={!!integratorConfig().oidc} demo={platform?.environment === "SANDBOX"} error={error ?? null} />
    </div>
  );
}
