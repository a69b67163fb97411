/**
 * The accepted differences of test/support/error-codes-accepted.ts that are a 404 code of their own (docs/protocol.md
 * "Not found": every kind of object has its own NOT_FOUND code, where Grid documents a generic one or none).
 */
export const NOT_FOUND_CODE_DIFFERENCES: Record<string, { reason: string; operations: string[] }> = {
  AGENT_ACTION_NOT_FOUND: {
    reason: "protocol.md Not found: an agent action has its own 404 code (Grid documents none)",
    operations: ["agentGetAction", "approveAgentAction", "rejectAgentAction"],
  },
  AGENT_NOT_FOUND: {
    reason: "protocol.md Not found: an agent has its own 404 code (Grid documents none)",
    operations: ["deleteAgent", "getAgentById", "regenerateAgentDeviceCode", "updateAgent", "updateAgentPolicy"],
  },
  BENEFICIAL_OWNER_NOT_FOUND: {
    reason: "protocol.md Not found: a beneficial owner has its own 404 code",
    operations: ["getBeneficialOwner", "listDocuments", "updateBeneficialOwner", "uploadDocument"],
  },
  CARD_NOT_FOUND: {
    reason: "protocol.md Not found: a card has its own 404 code",
    operations: [
      "createDelegatedKey",
      "getCardById",
      "listDelegatedKeys",
      "revealCard",
      "sandboxSimulateCardAuthorization",
      "sandboxSimulateCardAuthorizationAdvice",
      "sandboxSimulateCardBalanceInquiry",
      "sandboxSimulateCardClearing",
      "sandboxSimulateCardCreditAuthorization",
      "sandboxSimulateCardCreditAuthorizationAdvice",
      "sandboxSimulateCardFinancialAuthorization",
      "sandboxSimulateCardFinancialCreditAuthorization",
      "sandboxSimulateCardReturn",
      "sandboxSimulateCardReturnReversal",
      "updateCardById",
    ],
  },
  CARD_TRANSACTION_NOT_FOUND: {
    reason: "protocol.md Not found: a card transaction has its own 404 code",
    operations: [
      "agentGetTransaction",
      "getTransactionById",
      "sandboxSimulateCardAuthorizationAdvice",
      "sandboxSimulateCardClearing",
      "sandboxSimulateCardReturn",
      "sandboxSimulateCardReturnReversal",
    ],
  },
  CREDENTIAL_NOT_FOUND: {
    reason: "protocol.md Not found: a credential has its own 404 code",
    operations: [
      "challengeAuthCredential",
      "createAuthCredential",
      "listAuthCredentials",
      "revokeAuthCredential",
      "verifyAuthCredential",
    ],
  },
  DEVICE_CODE_NOT_FOUND: {
    reason: "protocol.md Not found: a device code has its own 404 code",
    operations: ["getAgentDeviceCodeStatus", "redeemAgentDeviceCode"],
  },
  DOCUMENT_NOT_FOUND: {
    reason: "protocol.md Not found: a document has its own 404 code",
    operations: ["deleteDocument", "getDocument", "replaceDocument"],
  },
  EXTERNAL_ACCOUNT_NOT_FOUND: {
    reason: "protocol.md Not found: an external account has its own 404 code",
    operations: [
      "agentCreateQuote",
      "agentCreateTransferIn",
      "agentCreateTransferOut",
      "agentDeleteExternalAccount",
      "agentGetExternalAccount",
      "confirmBeneficiaryTrust",
      "confirmBeneficiaryUntrust",
      "createExternalAccountOwnershipChallenge",
      "createPlatformExternalAccountOwnershipChallenge",
      "createQuote",
      "createStablecoinBurn",
      "createStablecoinMint",
      "createTransferIn",
      "createTransferOut",
      "deleteCustomerExternalAccountById",
      "deletePlatformExternalAccountById",
      "getCustomerExternalAccountById",
      "getPlatformExternalAccountById",
      "lookupExternalAccount",
      "startBeneficiaryTrust",
      "startBeneficiaryUntrust",
      "verifyExternalAccountOwnership",
      "verifyPlatformExternalAccountOwnership",
    ],
  },
  INTERNAL_ACCOUNT_NOT_FOUND: {
    reason: "protocol.md Not found: an internal account has its own 404 code",
    operations: [
      "agentCreateQuote",
      "agentCreateTransferIn",
      "agentCreateTransferOut",
      "createAuthCredential",
      "createDelegatedKey",
      "createQuote",
      "createStablecoinBurn",
      "createStablecoinMint",
      "createTransferIn",
      "createTransferOut",
      "estimateCryptoWithdrawalFee",
      "exportInternalAccount",
      "listAuthCredentials",
      "listDelegatedKeys",
      "sandboxFundInternalAccount",
      "updateInternalAccount",
    ],
  },
  LOOKUP_REQUEST_NOT_FOUND: {
    reason: "Grid's 404 code for an unknown lookupId, at operations whose 404 Grid does not document",
    operations: ["agentCreateQuote", "createQuote"],
  },
  NOT_FOUND: {
    reason: "protocol.md: a delegated key's 404 (Grid's delegated keys name no code)",
    operations: ["createDelegatedKey", "getDelegatedKeyById", "listDelegatedKeys", "revokeDelegatedKey"],
  },
  SCA_FACTOR_NOT_FOUND: {
    reason: "protocol.md Not found: an SCA passkey factor has its own 404 code",
    operations: ["deleteScaFactor"],
  },
  SCA_RESET_NOT_FOUND: {
    reason: "protocol.md Not found: a 2FA reset has its own 404 code",
    operations: ["completeTwoFactorReset", "getTwoFactorResetStatus"],
  },
  SESSION_NOT_FOUND: {
    reason: "protocol.md Not found: a session has its own 404 code",
    operations: ["refreshAuthSession", "revokeAuthSession"],
  },
  STABLECOIN_NOT_FOUND: {
    reason: "protocol.md Not found: a stablecoin has its own 404 code",
    operations: ["createStablecoinBurn", "createStablecoinMint", "getStablecoin", "listStablecoinOperations"],
  },
  STABLECOIN_OPERATION_NOT_FOUND: {
    reason: "protocol.md Not found: a stablecoin operation has its own 404 code",
    operations: ["getStablecoinOperation"],
  },
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: {
    reason:
      "Grid's 404 code, at an operation whose 404 Grid does not document (a filter naming an unknown provider account)",
    operations: ["listStablecoins"],
  },
  UMA_NOT_FOUND: {
    reason: "Grid's 404 code for an unknown UMA receiver, at operations whose 404 Grid does not document",
    operations: ["agentCreateQuote", "createQuote"],
  },
  USER_NOT_FOUND: {
    reason:
      "Grid's 404 code for a customer, at operations whose 404 Grid does not document (an id in the body naming no customer, or a deleted one)",
    operations: [
      "agentCreateExternalAccount",
      "agentCreateQuote",
      "agentListExternalAccounts",
      "createAgent",
      "createCard",
      "createCustomerExternalAccount",
      "createPlatformExternalAccount",
      "createQuote",
      "listAgents",
      "listBeneficialOwners",
      "listCards",
      "listCustomerExternalAccounts",
      "listDocuments",
      "listPlatformExternalAccounts",
      "listVerifications",
    ],
  },
  VERIFICATION_NOT_FOUND: {
    reason: "protocol.md Not found: a verification has its own 404 code",
    operations: ["getVerification"],
  },
};
