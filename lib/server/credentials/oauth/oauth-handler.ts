import type { CredentialTypeHandler } from "../credential-handler-types";
import { addOauth, prepareOauthAdd, recheckOauthAdd } from "./register-oauth";
import { verifyOauth } from "./verify-oauth";

/** OAUTH (OIDC) credentials: no challenge step (spec "Per-type authentication flows"). */
export const oauthHandler: CredentialTypeHandler = {
  type: "OAUTH",
  prepareAdd: prepareOauthAdd,
  recheckAdd: recheckOauthAdd,
  add: addOauth,
  verify: verifyOauth,
};
