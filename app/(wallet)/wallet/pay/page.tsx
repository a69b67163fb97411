import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { createTranslator } from "use-intl";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { uiContext } from "@/lib/integrator/ui/server";
import { PayPanel } from "./pay-panel";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const ui = await uiContext();
  return { title: createTranslator({ locale: ui.locale, messages: ui.messages, namespace: "common" })("navPay") };
}

export default async function PayPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <PayPanel />;
}
