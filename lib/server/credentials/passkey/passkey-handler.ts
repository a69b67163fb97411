import type { CredentialTypeHandler } from "../credential-handler-types";
import { issuePasskeyChallenge } from "./issue-passkey-challenge";
import { addPasskey, preparePasskeyAdd, recheckPasskeyAdd } from "./register-passkey";
import { verifyPasskey } from "./verify-passkey";

/** PASSKEY credentials (spec "Per-type authentication flows", protocol.md "Passkeys"). */
export const passkeyHandler: CredentialTypeHandler = {
  type: "PASSKEY",
  prepareAdd: preparePasskeyAdd,
  recheckAdd: recheckPasskeyAdd,
  add: addPasskey,
  challenge: issuePasskeyChallenge,
  verify: verifyPasskey,
};
