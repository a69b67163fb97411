import { UmaError } from "@uma-sdk/core";
import { ApiError } from "@/lib/server/core/errors";

/**
 * The outcome of one of the library's signature checks as the service's error: a signature that does not verify, or
 * cannot be read, is 401 INVALID_SIGNATURE; a nonce seen before or a timestamp outside the window the same, with
 * reason UMA_NONCE_REFUSED; other VASPs' ApiErrors (their keys unreachable: 424) pass through.
 */
export async function verified(check: Promise<boolean>): Promise<void> {
  let ok: boolean;
  try {
    ok = await check;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof UmaError && e.code === "INVALID_NONCE")
      throw new ApiError("INVALID_SIGNATURE", "The UMA message's nonce was seen before or its timestamp is too old", {
        reason: "UMA_NONCE_REFUSED",
      });
    throw new ApiError("INVALID_SIGNATURE", "The UMA message's signature cannot be read", { reason: "UMA_SIGNATURE" });
  }
  if (!ok)
    throw new ApiError(
      "INVALID_SIGNATURE",
      "The UMA message's signature does not verify against the sender's published key",
      { reason: "UMA_SIGNATURE" },
    );
}
