import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { AccountsPanel } from "./accounts-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "Accounts" };

export default async function AccountsPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <AccountsPanel />;
}
