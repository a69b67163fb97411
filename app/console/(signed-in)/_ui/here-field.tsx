"use client";
import { usePathname, useSearchParams } from "next/navigation";

/** A returnTo field holding the page the browser is on (for forms in the shared layout). */
export function HereField() {
  const path = usePathname();
  const sp = useSearchParams();
  const q = new URLSearchParams(sp);
  q.delete("msg");
  q.delete("detail");
  const s = q.toString();
  return <input type="hidden" name="returnTo" value={s ? `${path}?${s}` : path} />;
}
