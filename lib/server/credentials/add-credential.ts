import { invalidInput } from "@/lib/server/core/validation";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import { findInternalAccountOrThrow } from "@/lib/server/internal-accounts/find-internal-account";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import type { DbOrTx } from "@/db/client";
import { toAuthMethod } from "./auth-method-view";
import type { AddCredentialBody } from "./credential.contract";
import type { AddCredentialInput, CredentialTypeHandler } from "./credential-handler-types";
import { credentialHandlers } from "./credential-handlers";
import { unsupportedType } from "./unsupported-type";

interface Input {
  platform: PlatformPrincipal;
  body: AddCredentialBody;
}

type Ctx = { handlerContext: Record<string, unknown> };

function handlerFor(
  type: AddCredentialBody["type"],
): Required<Pick<CredentialTypeHandler, "prepareAdd" | "add">> & CredentialTypeHandler {
  const h = credentialHandlers[type];
  if (!h?.prepareAdd || !h.add) throw unsupportedType(type, "Adding a credential");
  return h as Required<Pick<CredentialTypeHandler, "prepareAdd" | "add">> & CredentialTypeHandler;
}

async function addInput(db: DbOrTx, input: Input): Promise<AddCredentialInput> {
  const account = await findInternalAccountOrThrow(db, input.platform.id, input.body.accountId);
  if (account.type !== "EMBEDDED_WALLET") {
    throw invalidInput(
      [{ field: "accountId", message: `expected an EMBEDDED_WALLET account, received a ${account.type} account` }],
      `Credentials belong to EMBEDDED_WALLET accounts; ${input.body.accountId} is ${account.type}`,
    );
  }
  return { platform: input.platform, account, body: input.body };
}

/** POST /auth/credentials: a signed retry by any active session of the account (spec "add a credential"). */
const addCredentialOperation: SignedOperation<Input, Ctx> = {
  name: "credentials.add",
  activityType: "ACTIVITY_TYPE_ADD_CREDENTIAL",
  async prepare(input, db) {
    const handler = handlerFor(input.body.type);
    const add = await addInput(db, input);
    const { parameters, context } = await handler.prepareAdd(db, add);
    return {
      accountId: add.account.id,
      credentialType: input.body.type,
      parameters: { accountId: formatId("InternalAccount", add.account.id), type: input.body.type, ...parameters },
      signer: { kind: "SESSION", accountId: add.account.id },
      context: { handlerContext: context ?? {} },
    };
  },
  accountOf(input) {
    return parseId("InternalAccount", input.body.accountId);
  },
  async recheck(input, context, db) {
    const handler = handlerFor(input.body.type);
    await handler.recheckAdd?.(db, await addInput(db, input), context.handlerContext);
  },
  async execute(tx, input, context) {
    const handler = handlerFor(input.body.type);
    const add = await addInput(tx, input);
    await handler.recheckAdd?.(tx, add, context.handlerContext);
    const { row, extra } = await handler.add(tx, add, context.handlerContext);
    return reply(201, toAuthMethod(row, extra));
  },
};

export function addCredential(call: SignedCall<Input>) {
  return runSignedRetry(addCredentialOperation, call);
}
