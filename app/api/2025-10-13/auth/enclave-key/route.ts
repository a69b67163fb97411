import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getEnclaveKeyOp } from "@/lib/server/keys/enclave-key.contract";
import { getEnclavePublicKey } from "@/lib/server/keys/get-enclave-public-key";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getEnclaveKeyOp, async () => reply(200, await getEnclavePublicKey())),
});
