import { cookies } from "next/headers";
import QRCode from "qrcode";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { CopyButton } from "./copy-button";

/** The new agent's device code, shown once (carried in a cookie that lives a minute), also as a QR code. */
export async function DeviceCode({ t }: { t: ConsoleT }) {
  const deviceCode = (await cookies()).get("console_device_code")?.value;
  if (!deviceCode) return null;
  // Rendered on the server as an inline SVG: no script, nothing loaded from elsewhere.
  const qrSvg = await QRCode.toString(deviceCode, { type: "svg", margin: 1, width: 160 });
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
      <p>
        {t("agents.deviceCode")}{" "}
        <code data-testid="device-code" className="font-mono text-lg">
          {deviceCode}
        </code>
        <CopyButton
          text={deviceCode}
          label={t("agents.copyDeviceCode")}
          copyText={t("common.copy")}
          copiedText={t("common.copied")}
        />
      </p>
      <span
        role="img"
        aria-label={t("agents.qr", { code: deviceCode })}
        data-testid="device-code-qr"
        className="mt-2 block h-40 w-40 bg-white"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn by the qrcode library from the device code (our own alphabet), never from input.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
    </div>
  );
}
