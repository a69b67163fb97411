export const PLAID_WORKER = "plaid worker";
