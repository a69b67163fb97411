import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP receiver on loopback: every message the service sends is written to `dir` as
 * `<time>-<recipient>.eml`, where the tests read the OTP from it.
 */
export async function startSmtpReceiver(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const file = path.join(dir, `${Date.now()}-${to.replace(/[^a-zA-Z0-9@._-]/g, "_")}.eml`);
        fs.writeFileSync(file, Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise((r) => server.close(() => r())) };
}

/** The newest message to `email` received after `since` (ms), polling until `timeoutMs`. */
export async function waitForMail(dir: string, email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const hit = files
      .filter((f) => f.includes(email) && Number(f.split("-")[0]) >= since)
      .sort()
      .pop();
    if (hit) return fs.readFileSync(path.join(dir, hit), "utf8");
    if (Date.now() > deadline) throw new Error(`no mail to ${email} after ${new Date(since).toISOString()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
