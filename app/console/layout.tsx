import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ConsoleTheme } from "./theme";

/** Every console page (sign-in included) has the console's themes: the system's until the operator picks one. */
export default async function ConsoleRoot({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <ConsoleTheme nonce={nonce}>{children}</ConsoleTheme>;
}
