import { cookies, headers } from "next/headers";
import { createServiceClient } from "@/lib/sdk";
import { CONSOLE_COOKIE, openSession, type ConsoleSession } from "./console-session";

/** The service's base address as seen from this integrator: SERVICE_BASE_URL, else this same origin. */
export async function serviceBaseUrl(): Promise<string> {
  if (process.env.SERVICE_BASE_URL) return process.env.SERVICE_BASE_URL.replace(/\/+$/, "");
  const h = await headers();
  const host = h.get("host") ?? `127.0.0.1:${process.env.PORT ?? "3000"}`;
  return `http://${host}/api/2025-10-13`;
}

export async function consoleSession(): Promise<ConsoleSession | null> {
  return openSession((await cookies()).get(CONSOLE_COOKIE)?.value);
}

/** A raw HTTP call to the service with the operator's platform credentials. */
export async function serviceCall<T = any>(s: ConsoleSession, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${await serviceBaseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString("base64")}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    cache: "no-store",
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export { createServiceClient };
