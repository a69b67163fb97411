import { handle, methods } from "@/lib/http/handler";
import { challengeCredentialOp } from "@/lib/credentials/credential.contract";
import { challengeCredential } from "@/lib/credentials/challenge-credential";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(challengeCredentialOp, async ({ platform, params, body }) =>
    challengeCredential(platform, params.id, body),
  ),
});
