/**
 * Where a console form post goes back to: the page that sent it (its `returnTo` field), when that is a console
 * page of this site; else the fallback. Never another origin (an open redirect).
 */
export function returnTo(form: FormData | URLSearchParams | null, fallback: string): string {
  const v = String(form?.get("returnTo") ?? "");
  return /^\/console(?:[/?#]|$)/.test(v) && !v.startsWith("//") && !v.includes("\\") ? v : fallback;
}
