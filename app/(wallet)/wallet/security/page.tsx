import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { SecurityPanel } from "./security-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "Security" };

export default async function SecurityPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <SecurityPanel />;
}
