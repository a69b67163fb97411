import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError } from "./service";

/** Record the user's phone number (E.164) on their customer, where SMS_OTP codes are sent. */
export async function setPhoneNumber(user: IntegratorUser, phoneNumber: unknown): Promise<void> {
  const phone = String(phoneNumber ?? "").replace(/[\s()-]/g, "");
  if (!/^\+[1-9]\d{6,14}$/.test(phone))
    throw new IntegratorError(400, "INVALID_INPUT", "phoneNumber: international format, e.g. +4915112345678");
  const r = await callService<{ code?: string; message?: string }>(
    "PATCH",
    `/customers/${encodeURIComponent(user.customerId)}`,
    { body: { phoneNumber: phone } },
  );
  if (r.status >= 400)
    throw new IntegratorError(
      r.status,
      r.body?.code ?? "SERVICE_ERROR",
      r.body?.message ?? "The phone number was not accepted",
    );
}
