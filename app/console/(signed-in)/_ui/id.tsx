import Link from "next/link";

/** An id in a monospace face, breakable on a phone, optionally a link to its detail page. */
export function Id({ value, href }: { value: string; href?: string }) {
  const text = <span className="break-all font-mono text-xs">{value}</span>;
  return href ? (
    <Link
      href={href}
      className="text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-2 dark:text-blue-300"
    >
      {text}
    </Link>
  ) : (
    text
  );
}
