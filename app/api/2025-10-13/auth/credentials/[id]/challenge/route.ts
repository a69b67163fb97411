import { handle, methods } from "@/lib/server/edge/http/handler";
import { challengeCredentialOp } from "@/lib/server/credentials/credential.contract";
import { challengeCredential } from "@/lib/server/credentials/challenge-credential";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(challengeCredentialOp, async ({ platform, params, body }) =>
    challengeCredential(platform, params.id, body),
  ),
});
