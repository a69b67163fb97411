import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";

type G = typeof globalThis & { __mailTransport?: Transporter };
const g = globalThis as G;

function transport(): Transporter {
  const url = env().SMTP_URL;
  if (!url)
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      "Email delivery is not configured (SMTP_URL); production platforms need it",
    );
  g.__mailTransport ??= nodemailer.createTransport(url);
  return g.__mailTransport;
}

/** Send one plain-text message over SMTP. The text may hold a secret: it is never logged. */
export async function sendMail(message: { to: string; subject: string; text: string }): Promise<void> {
  try {
    await transport().sendMail({ from: env().MAIL_FROM, ...message });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError("SERVICE_UNAVAILABLE", "The email could not be delivered; try again later");
  }
}
