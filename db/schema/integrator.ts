import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The integrator's own tables (a partner's backend built on the service). They hold no service
 * state: only the integrator's end users, their mapping to the service's customer and
 * EMBEDDED_WALLET account (identifiers as the service formats them), and the WebAuthn
 * registration challenges the integrator issued; the console's sessions (their secrets sealed, below).
 */
export const integratorUsers = pgTable(
  "integrator_users",
  {
    id: uuid("id").primaryKey(),
    /** The service platform (`Platform:<uuid>`) whose credentials the integrator used. */
    platformId: text("platform_id").notNull(),
    /** Stable identity from the integrator's sign-in: `oidc:<issuer>#<sub>` or `demo:<uuid>`. */
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    name: text("name"),
    customerId: text("customer_id"),
    accountId: text("account_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("integrator_users_platform_subject_uq").on(t.platformId, t.subject)],
);

/** WebAuthn registration challenges issued by the integrator: single use, short-lived. */
export const integratorWebauthnChallenges = pgTable(
  "integrator_webauthn_challenges",
  {
    /** base64url of 32 random bytes, as sent to the browser and to the service. */
    challenge: text("challenge").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => integratorUsers.id),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("integrator_webauthn_challenges_user_idx").on(t.userId)],
);

/** OIDC authorization requests of the wallet (sign-in with an OAUTH credential, or linking one). */
export const integratorOidcRequests = pgTable("integrator_oidc_requests", {
  /** SHA-256 (hex) of the `state` parameter; the state itself only travels in the browser. */
  stateDigest: text("state_digest").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => integratorUsers.id),
  purpose: text("purpose", { enum: ["SIGN_IN", "LINK"] }).notNull(),
  /** SIGN_IN: the client's public key, whose SHA-256 is the token's nonce (protocol.md "OIDC"). */
  clientPublicKey: text("client_public_key"),
  nonce: text("nonce").notNull(),
  /** PKCE verifier: useless without the code, which only the browser sees, and deleted on use. */
  codeVerifier: text("code_verifier").notNull(),
  credentialId: text("credential_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * The device behind each wallet session (what the integrator saw of the browser that held it), so that a user
 * can tell sessions apart: browser and system from the User-Agent, first and last time seen. Keyed by the
 * service's session id; rows of ended sessions are simply no longer shown.
 */
export const integratorSessionDevices = pgTable(
  "integrator_session_devices",
  {
    sessionId: text("session_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => integratorUsers.id),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("integrator_session_devices_user_idx").on(t.userId)],
);

/**
 * The console operators' sessions (lib/integrator/console/console-session.ts). The browser's cookie holds only a random
 * token; its SHA-256 keys the row, so signing out deletes the session for good (the cookie alone opens nothing). The
 * operator's platform credentials, and a token secret created in the session until the tokens page has shown it once,
 * are kept AES-256-GCM-sealed under the console's key, bound to the row.
 */
export const integratorConsoleSessions = pgTable(
  "integrator_console_sessions",
  {
    tokenDigest: text("token_digest").primaryKey(),
    credentialsSealed: text("credentials_sealed").notNull(),
    newTokenSealed: text("new_token_sealed"),
    newTokenExpiresAt: timestamp("new_token_expires_at", { withTimezone: true, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("integrator_console_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time hand-offs from a console form post to the page it redirects to (a hosted KYC link just created): the
 * browser's cookie holds only a random code; its SHA-256 keys the row, which keeps the value sealed under the console's
 * key and bound to the operator's session. The page redeems it once (the row is deleted as it is read), within a minute.
 */
export const integratorConsoleHandoffs = pgTable(
  "integrator_console_handoffs",
  {
    codeDigest: text("code_digest").primaryKey(),
    /** The console session's token digest: another session's cookie jar cannot redeem the code. */
    sessionDigest: text("session_digest").notNull(),
    kind: text("kind", { enum: ["KYC_LINK"] }).notNull(),
    valueSealed: text("value_sealed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("integrator_console_handoffs_expires_idx").on(t.expiresAt)],
);

/**
 * Failed console sign-ins per window, keyed by the browser's address (and by address and client id), so that one
 * browser's flood is stopped at the console before it reaches the service, where every console sign-in comes from
 * the console's own address.
 */
export const integratorSignInFailures = pgTable(
  "integrator_sign_in_failures",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("integrator_sign_in_failures_window_idx").on(t.windowEndsAt)],
);

/**
 * The console's own settings per platform (`Platform:<uuid>`, as GET /config names it): what an operator chose
 * that outlives a session, such as hiding the overview's "Get started" list.
 */
export const integratorConsoleSettings = pgTable("integrator_console_settings", {
  platformId: text("platform_id").primaryKey(),
  getStartedDismissedAt: timestamp("get_started_dismissed_at", { withTimezone: true, mode: "date" }),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
