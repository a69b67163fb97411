/**
 * The console's navigation: one entry per concern, in this order. A new area adds its line here (and its page
 * under app/console/(signed-in)/<segment>/page.tsx); `key` names its label in messages/console.*.json `nav`.
 * Compliance is listed before its page lands: until then its link opens a short placeholder
 * (app/console/(signed-in)/[concern]/page.tsx), which a real page at that segment replaces (as cards/ did).
 */
export const CONSOLE_NAV = [
  { href: "/console", key: "overview" },
  { href: "/console/customers", key: "customers" },
  { href: "/console/accounts", key: "accounts" },
  { href: "/console/transactions", key: "transactions" },
  { href: "/console/approvals", key: "approvals" },
  { href: "/console/agents", key: "agents" },
  { href: "/console/cards", key: "cards" },
  { href: "/console/compliance", key: "compliance" },
  { href: "/console/webhooks", key: "webhooks" },
  { href: "/console/tokens", key: "tokens" },
] as const;

export type ConsoleNavKey = (typeof CONSOLE_NAV)[number]["key"];

/** Areas whose pages other issues bring; the placeholder answers for them until then. */
export const UPCOMING_AREAS = ["compliance"] as const;
