/** What a receiving VASP answers to a lookup (in UMA: the LNURLP response). */
export interface CounterpartyAnswer {
  receiverUmaAddress: string;
  currencies: { code: string; min: number; max: number }[];
  requiredPayerDataFields: { name: string; mandatory: boolean }[];
  /** Sandbox only: how a payment to this receiver ends (Grid's sandbox UMA addresses page). */
  outcome?: "SUCCESS" | "PENDING_LONG" | "FAIL_COMPLIANCE";
  /** A receiver at another VASP reached over the real protocol: where its pay request goes. */
  remote?: {
    callback: string;
    umaVersion: string;
    /** The receiver offers the sandbox settlement layer (docs/protocol.md "UMA"). */
    sandboxSettlement: boolean;
    receiverKycStatus: string;
  };
}
