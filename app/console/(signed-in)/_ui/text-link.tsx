import Link from "next/link";
import type { ReactNode } from "react";

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-2 dark:text-blue-300"
    >
      {children}
    </Link>
  );
}
