import { invalidInput } from "@/lib/server/core/validation";
import type { DbOrTx } from "@/db/client";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { UMA_ADDRESS } from "@/lib/server/invitations/invitation.contract";
import { type CounterpartyAnswer, counterpartyFor } from "@/lib/server/uma/counterparty";
import { requireLookup } from "@/lib/server/uma/require-lookup";

/** A quote's UMA receiver, as its VASP answered (through the counterparty seam of lib/server/uma). */
export interface UmaDestination {
  umaAddress: string;
  currency: string;
  min: number;
  max: number;
  /** The payer data the receiver asked for: the named lookup's answer (what the customer saw), else the VASP's. */
  requiredPayerDataFields: { name: string; mandatory: boolean }[];
  /** A receiver at another VASP, reached over the real protocol: its pay request is made at quote time. */
  remote?: CounterpartyAnswer["remote"];
}

const invalid = (field: string, message: string) => invalidInput([{ field, message }], message);

/**
 * Grid's UMA_ADDRESS quote destination: the receiver's VASP is asked (sandbox platforms: Grid's sandbox addresses
 * from the table; any other domain over the real protocol, lib/server/uma/remote-lookup.ts; a VASP on another UMA version:
 * 412 UNSUPPORTED_UMA_VERSION; one that fails to answer, 424 LNURLP_REQUEST_FAILED); a well-formed address with no
 * receiver → 404 UMA_NOT_FOUND. The receiving currency is the one asked for (it must be one the receiver
 * accepts) or the receiver's first. A `lookupId` must be a lookup of this same address.
 */
export async function resolveUmaDestination(
  db: DbOrTx,
  platform: PlatformPrincipal,
  destination: { umaAddress: string; currency?: string },
  lookupId: string | undefined,
): Promise<UmaDestination> {
  const address = destination.umaAddress.startsWith("$") ? destination.umaAddress : `$${destination.umaAddress}`;
  if (!UMA_ADDRESS.test(address)) throw invalid("destination.umaAddress", "UMA address such as $alice@example.com");
  let looked: { requiredPayerDataFields?: UmaDestination["requiredPayerDataFields"] } | undefined;
  if (lookupId !== undefined) {
    const lookup = await requireLookup(db, platform.id, lookupId);
    looked = lookup.answer as typeof looked;
    if (lookup.receiverUmaAddress?.toLowerCase() !== address.toLowerCase()) {
      throw invalid(
        "lookupId",
        `The lookup was made for ${lookup.receiverUmaAddress ?? "an external account"}, not ${address}`,
      );
    }
  }
  const answer = await counterpartyFor(platform).lookup(address);
  if (!answer) throw notFound("UMA_NOT_FOUND", "UMA receiver", address);
  const accepted = destination.currency
    ? answer.currencies.find((c) => c.code === destination.currency)
    : answer.currencies[0];
  if (!accepted) {
    throw invalid(
      "destination.currency",
      `The receiver accepts ${answer.currencies.map((c) => c.code).join(", ")}, not ${destination.currency}`,
    );
  }
  const requiredPayerDataFields = looked?.requiredPayerDataFields ?? answer.requiredPayerDataFields;
  return {
    umaAddress: address,
    currency: accepted.code,
    min: accepted.min,
    max: accepted.max,
    requiredPayerDataFields,
    remote: answer.remote,
  };
}
