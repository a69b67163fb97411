import { invalidInput } from "@/lib/server/core/validation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { notFound } from "@/lib/server/core/errors";
import { UMA_ADDRESS } from "@/lib/server/invitations/invitation.contract";
import { counterpartyFor } from "./counterparty";
import { recordLookup } from "./record-lookup";

/** GET /receiver/uma/{address}: ask the receiver's VASP (through the counterparty seam) what it accepts. */
export async function lookupUma(
  platform: PlatformPrincipal,
  address: string,
  q: { senderUmaAddress?: string; customerId?: string },
) {
  // Clients may percent-encode `$` and `@` in the path.
  let decoded = address;
  try {
    decoded = decodeURIComponent(address);
  } catch {}
  const receiverUmaAddress = decoded.startsWith("$") ? decoded : `$${decoded}`;
  if (!UMA_ADDRESS.test(receiverUmaAddress)) {
    throw invalidInput(
      [{ field: "receiverUmaAddress", message: "UMA address such as $alice@example.com" }],
      "Not an UMA address",
    );
  }
  const answer = await counterpartyFor(platform).lookup(receiverUmaAddress);
  if (!answer) throw notFound("UMA_NOT_FOUND", "UMA receiver", receiverUmaAddress);
  const { receiverUmaAddress: _r, ...rest } = answer;
  return { ...(await recordLookup(platform, q, { receiverUmaAddress }, rest)), receiverUmaAddress };
}
