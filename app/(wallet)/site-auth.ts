"use client";

const AUTH = "/integrator/api/auth";

async function csrfToken(): Promise<string> {
  const r = await fetch(`${AUTH}/csrf`, { cache: "no-store" });
  return ((await r.json()) as { csrfToken: string }).csrfToken;
}

/** Submit a real form to next-auth (it answers with redirects the browser must follow). */
export async function postForm(path: string, fields: Record<string, string>): Promise<void> {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = `${AUTH}${path}`;
  for (const [k, v] of Object.entries({ ...fields, csrfToken: await csrfToken() })) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = k;
    input.value = v;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** Demo customer (sandbox only): next-auth's credentials provider; answers JSON with json=true. */
export async function demoSignIn(email: string, name: string): Promise<string | null> {
  const body = new URLSearchParams({ email, name, csrfToken: await csrfToken(), callbackUrl: "/wallet", json: "true" });
  const r = await fetch(`${AUTH}/callback/demo`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const j = (await r.json().catch(() => ({}))) as { url?: string };
  if (!r.ok || !j.url || new URL(j.url, location.origin).searchParams.get("error"))
    return "The demo sign-in was refused (sandbox platforms only, with a valid email)";
  return null;
}

/** Leaving the site also leaves the wallet: the session is revoked and every key is deleted. */
export async function siteSignOut(): Promise<void> {
  // Loaded on demand: the sign-in page and the header need none of the wallet's crypto.
  const { clearAll, loadSession, revokeSession } = await import("@/lib/integrator/browser/flows");
  const s = await loadSession().catch(() => null);
  if (s) await revokeSession(s.sessionId).catch(() => {});
  await clearAll().catch(() => {});
  await postForm("/signout", { callbackUrl: "/signin" });
}
