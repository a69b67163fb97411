import { ApiReference } from "@scalar/nextjs-api-reference";

/**
 * The API reference: Scalar's reference UI over the OpenAPI document the service serves (search, request and
 * response schemas, examples, code samples, and try-it with HTTP Basic or Bearer). Its script is this app's own
 * copy of @scalar/api-reference's ESM build (app/docs/scalar/[...file]), never a CDN, loaded under the page CSP's
 * nonce (proxy.ts; 'strict-dynamic' lets it import its chunks). No web fonts are fetched.
 */
export async function GET(req: Request): Promise<Response> {
  const nonce = req.headers.get("x-nonce") ?? undefined;
  const page = ApiReference({
    pageTitle: "API reference · Payments service",
    url: "/api/2025-10-13/openapi.json",
    bundle: "/docs/scalar/standalone.esm.js",
    nonce,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: "json",
    persistAuth: false,
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    metaData: { title: "API reference · Payments service" },
    customCss: CONTRAST_CSS,
  } as Parameters<typeof ApiReference>[0])();
  const html = withHead(await page.text(), nonce);
  return new Response(html, {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * Scalar's default palette puts secondary text and some method labels below WCAG AA contrast (axe: 3.1–4.4:1,
 * 1.75:1 for PATCH). Darker (light mode) and lighter (dark mode) values of the same variables, also inside the
 * cards that light mode renders light; !important because the Next.js integration's own theme comes later.
 */
const CONTRAST_CSS = `
body.light-mode,
body.light-mode .light-mode,
body.light-mode .dark-mode {
  --scalar-color-2: #4b4b4b !important;
  --scalar-color-3: #595959 !important;
  --scalar-color-disabled: #595959 !important;
  --scalar-color-green: #2b6a2c !important;
  --scalar-color-red: #a3244f !important;
  --scalar-color-yellow: #7a5a00 !important;
  --scalar-color-blue: #1d55c0 !important;
  --scalar-color-orange: #9c4a00 !important;
  --scalar-color-purple: #6a24b0 !important;
}
body.dark-mode,
body.dark-mode .dark-mode {
  --scalar-color-2: rgba(255, 255, 255, 0.8) !important;
  --scalar-color-3: rgba(255, 255, 255, 0.72) !important;
  --scalar-color-disabled: rgba(255, 255, 255, 0.72) !important;
}
`;

/**
 * Accessible names and roles that Scalar's markup lacks (axe, serious/critical): icon-only copy buttons without
 * a name, contenteditable inputs typed as combobox without aria-expanded/aria-controls (typed as textbox here),
 * a labelled button with role=none, a code editor and editable fields without a name, "show more" buttons and
 * response variant pickers whose name omits their text, aria-controls pointing nowhere, a search
 * combobox without aria-expanded, scrollable regions that cannot take focus, and a faded "deprecated" badge. Applied as Scalar renders, from a nonced inline script.
 */
const A11Y_PATCH = `(() => {
  const fix = () => {
    for (const b of document.querySelectorAll('button[class*="copy-button"]:not([aria-label])')) b.setAttribute("aria-label", "Copy code");
    for (const b of document.querySelectorAll("button")) {
      if (b.getAttribute("role") === "none" && b.getAttribute("aria-label")) b.removeAttribute("role");
      const c = b.getAttribute("aria-controls");
      if (c && !document.getElementById(c)) b.removeAttribute("aria-controls");
    }
    for (const e of document.querySelectorAll('[role="combobox"][contenteditable]:not([aria-expanded])')) e.setAttribute("role", "textbox");
    for (const e of document.querySelectorAll('.cm-content[role="textbox"]:not([aria-label])')) e.setAttribute("aria-label", "Code");
    for (const e of document.querySelectorAll('[contenteditable][role="textbox"]:not([aria-label]):not([aria-labelledby])')) {
      const hint = e.getAttribute("data-placeholder");
      e.setAttribute("aria-label", hint === "janedoe" ? "Username" : hint || "Value");
    }
    for (const b of document.querySelectorAll('button.show-more[aria-label], button[data-testid^="response-variant"][aria-label]')) {
      const text = b.textContent.trim();
      const label = b.getAttribute("aria-label");
      if (text && !label.toLowerCase().includes(text.toLowerCase())) b.setAttribute("aria-label", text + ": " + label);
    }
    for (const e of document.querySelectorAll(".property-deprecated")) {
      e.querySelector(".badge")?.style.setProperty("color", "var(--scalar-color-1)");
      for (let a = e, i = 0; a && i < 5; a = a.parentElement, i++) if (getComputedStyle(a).opacity !== "1") a.style.opacity = "1";
    }
    for (const e of document.querySelectorAll('input[role="combobox"]:not([aria-expanded])')) e.setAttribute("aria-expanded", String(Boolean(document.getElementById(e.getAttribute("aria-controls") || ""))));
    for (const e of document.querySelectorAll('ul.endpoints:not([tabindex]), .cm-scroller[tabindex="-1"], code.custom-scroll:not([tabindex])')) e.setAttribute("tabindex", "0");
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fix(); });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-controls", "role"] });
})();`;

/** The document's language, description, icons and social preview, which Scalar's page template leaves out. */
function withHead(html: string, nonce?: string): string {
  const head = [
    '<meta name="description" content="The payments service\'s HTTP API: every operation with its schemas, examples and code samples, and a console to try it." />',
    '<link rel="icon" href="/favicon.ico" sizes="any" />',
    '<link rel="icon" href="/logo.svg" type="image/svg+xml" />',
    '<meta property="og:title" content="API reference · Payments service" />',
    `<meta property="og:image" content="${new URL("/og.png", process.env.PUBLIC_URL || "http://localhost:3000").href}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<script${nonce ? ` nonce="${nonce}"` : ""}>${A11Y_PATCH}</script>`,
  ].join("\n    ");
  return html.replace("<html>", '<html lang="en">').replace("</head>", `    ${head}\n  </head>`);
}
