import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";

/**
 * The SMS sender seam: one Twilio-compatible form POST to SMS_URL (`To`, `From`, `Body`,
 * `application/x-www-form-urlencoded`; the URL's user:password become Basic auth and are stripped
 * from the URL). Any 2xx is success. No SMS_URL → 503, like SMTP. The body holds a code: never logged.
 */
export async function sendSms(message: { to: string; body: string }): Promise<void> {
  const configured = env().SMS_URL;
  if (!configured)
    throw new ApiError("SERVICE_UNAVAILABLE", "SMS delivery is not configured (SMS_URL); production platforms need it");
  const url = new URL(configured);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (url.username) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  let ok = false;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers,
      body: new URLSearchParams({ To: message.to, From: env().SMS_FROM, Body: message.body }),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    ok = res.ok;
    await res.body?.cancel();
  } catch {
    ok = false;
  }
  if (!ok) throw new ApiError("SERVICE_UNAVAILABLE", "The SMS could not be delivered; try again later");
}
