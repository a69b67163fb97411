import { handle, methods, reply } from "@/lib/http/handler";
import { getEnclaveKeyOp } from "@/lib/keys/enclave-key.contract";
import { getEnclavePublicKey } from "@/lib/keys/get-enclave-public-key";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getEnclaveKeyOp, async () => reply(200, await getEnclavePublicKey())),
});
