import NextAuth from "next-auth";
import { authOptions } from "@/lib/integrator/backend/auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  return NextAuth(req as never, ctx as never, authOptions());
}

export { handler as GET, handler as POST };
