import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { PayPanel } from "./pay-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "Pay · Example Wallet" };

export default async function PayPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <PayPanel />;
}
