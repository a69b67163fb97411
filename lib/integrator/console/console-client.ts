import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { createServiceClient, ServiceError, type ErrorBody, type ServiceClient } from "@/lib/sdk";
import { CONSOLE_COOKIE, openConsoleSession, takeNewToken, type ConsoleSession } from "./console-session";
import { returnTo } from "./return-to";

/**
 * The service's base address as seen from this integrator: SERVICE_BASE_URL, else this same server on loopback by PORT.
 * Never the request's Host: the console sends the operator's credentials there, and renders what it answers.
 */
function serviceBaseUrl(): string {
  if (process.env.SERVICE_BASE_URL) return process.env.SERVICE_BASE_URL.replace(/\/+$/, "");
  // Loopback by IP: the server binds 127.0.0.1 and "localhost" may resolve to ::1 first.
  return `http://127.0.0.1:${process.env.PORT || "3000"}/api/2025-10-13`;
}

async function consoleSession(): Promise<ConsoleSession | null> {
  return openConsoleSession((await cookies()).get(CONSOLE_COOKIE)?.value);
}

/** The API token created in this session, if the tokens page has not shown it yet (shown once). */
export async function consoleNewToken(): Promise<{ clientId: string; clientSecret: string } | null> {
  const token = (await cookies()).get(CONSOLE_COOKIE)?.value;
  return token ? takeNewToken(token) : null;
}

/**
 * The typed SDK client with the operator's platform credentials. `browser`: the operator's address, sent on as
 * X-Forwarded-For, which the service believes when this server's address is among its TRUSTED_PROXIES.
 */
export async function consoleClient(s: ConsoleSession, browser?: string): Promise<ServiceClient> {
  return createServiceClient({
    baseUrl: serviceBaseUrl(),
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      if (browser) headers.set("x-forwarded-for", browser);
      return fetch(input, { ...init, headers, cache: "no-store" });
    },
  });
}

/** A call's answer, or the service's error object (for the message the console shows). */
export async function settle<T>(call: Promise<T>): Promise<{ ok: true; body: T } | { ok: false; error: ErrorBody }> {
  try {
    return { ok: true, body: await call };
  } catch (e) {
    if (e instanceof ServiceError) return { ok: false, error: e.body };
    throw e;
  }
}

/**
 * The console page's operator and client. A visitor without a session goes to the login page, which brings them
 * back to the page they asked for (`next`, a console path only); `expired` when a session cookie was there but
 * no longer opens (its 8 hours are over, or the console's key changed).
 */
export async function consolePage(): Promise<ServiceClient> {
  const s = await consoleSession();
  if (!s) {
    const asked = returnTo(new URLSearchParams({ returnTo: (await headers()).get("x-request-path") ?? "" }), "");
    const q = new URLSearchParams();
    if (asked && asked !== "/console") q.set("next", asked);
    if ((await cookies()).has(CONSOLE_COOKIE)) q.set("expired", "1");
    const qs = q.toString();
    redirect(`/console/login${qs ? `?${qs}` : ""}`);
  }
  return consoleClient(s);
}
