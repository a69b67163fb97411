import { z } from "zod";

/**
 * The integrator's brand on its pages: name, logo and accent colour from the environment
 * (docs/configuration.md: WALLET_BRAND_NAME, WALLET_BRAND_LOGO_URL, WALLET_ACCENT_COLOR).
 */
export interface Brand {
  name: string;
  logoUrl: string;
  accent: string;
}

const schema = z.object({
  WALLET_BRAND_NAME: z.string().min(1).max(60).default("Example Wallet"),
  // Same origin (a path) or a data: URL: the page CSP allows no other image origin.
  WALLET_BRAND_LOGO_URL: z
    .string()
    .regex(/^(\/[^/]|data:image\/)/, "a path on this site (/logo.svg) or a data:image URL")
    .default("/logo.svg"),
  WALLET_ACCENT_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "a #rrggbb colour")
    .default("#1d4ed8"),
});

export function brand(): Brand {
  const e = schema.parse(process.env);
  return { name: e.WALLET_BRAND_NAME, logoUrl: e.WALLET_BRAND_LOGO_URL, accent: e.WALLET_ACCENT_COLOR };
}

/** White text on the accent needs 4.5:1; a light accent gets dark text instead (WCAG relative luminance). */
export function accentForeground(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (l + 0.05) >= 4.5 ? "#ffffff" : "#0f172a";
}
