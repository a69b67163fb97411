import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { CardsPanel } from "./cards-panel";

export const dynamic = "force-dynamic";
export const metadata = { title: "Cards · Example Wallet" };

export default async function CardsPage() {
  if (!(await getServerSession(authOptions()))) redirect("/signin");
  return <CardsPanel />;
}
