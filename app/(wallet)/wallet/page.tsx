import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { WalletHome } from "./wallet-home";

export const dynamic = "force-dynamic";
export const metadata = { title: "Wallet" };

export default async function WalletPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <WalletHome />;
}
