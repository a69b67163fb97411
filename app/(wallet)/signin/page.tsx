import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { integratorConfig } from "@/lib/integrator/backend/config";
import { platformInfo } from "@/lib/integrator/backend/service";
import { createTranslator } from "use-intl";
import { uiContext } from "@/lib/integrator/ui/server";
import { SignInForms } from "./sign-in-forms";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  if (await getServerSession(authOptions())) redirect("/wallet");
  const { error } = await searchParams;
  const [platform, ui] = await Promise.all([platformInfo().catch(() => null), uiContext()]);
  const t = createTranslator({ locale: ui.locale, messages: ui.messages, namespace: "signin" });
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("intro", { brand: ui.brand.name })}</p>
      <SignInForms oidc={!!integratorConfig().oidc} demo={platform?.environment === "SANDBOX"} error={error ?? null} />
    </div>
  );
}
