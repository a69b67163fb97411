import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { createTranslator } from "use-intl";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { uiContext } from "@/lib/integrator/ui/server";
import { CardsPanel } from "./cards-panel";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const ui = await uiContext();
  return { title: createTranslator({ locale: ui.locale, messages: ui.messages, namespace: "common" })("navCards") };
}

export default async function CardsPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <CardsPanel />;
}
