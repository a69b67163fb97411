import { keyedDigest } from "@/lib/server/keys/keyed-digest";

/** Link tokens are bearer-like (the callback URL holds one): only this keyed digest is stored. */
export function linkTokenDigest(linkToken: string): string {
  return keyedDigest("plaid-link-token", linkToken);
}
