import type { AnyOperation } from "@/lib/server/core/operation";
import {
  createCustomerOp,
  deleteCustomerOp,
  getCustomerOp,
  listCustomersOp,
  updateCustomerOp,
} from "@/lib/server/customers/customer.contract";
import {
  getInternalAccountOp,
  listCustomerInternalAccountsOp,
  listPlatformInternalAccountsOp,
} from "@/lib/server/internal-accounts/internal-account.contract";
import { getConfigOp, updateConfigOp } from "@/lib/server/platforms/config.contract";
import { getEndUserTermsOp } from "@/lib/server/customers/end-user-terms.contract";
import { listExchangeRatesOp } from "@/lib/server/exchange-rates/exchange-rate.contract";
import {
  authorizeQuoteOp,
  createQuoteOp,
  executeQuoteOp,
  getQuoteOp,
  listQuotesOp,
  resendQuoteScaCodeOp,
} from "@/lib/server/quotes/quote.contract";
import { fundInternalAccountOp, sandboxSendOp, sandboxUmaReceiveOp } from "@/lib/server/sandbox/sandbox.contract";
import {
  approveTransactionOp,
  cancelTransactionOp,
  confirmReceiptDeliveryOp,
  getTransactionOp,
  listTransactionsOp,
  rejectTransactionOp,
} from "@/lib/server/transactions/transaction.contract";
import {
  agentCreateQuoteOp,
  agentExecuteQuoteOp,
  agentGetQuoteOp,
  agentGetTransactionOp,
  agentListTransactionsOp,
} from "@/lib/server/agents/money/agent-money.contract";
import { transferInOp, transferOutOp } from "@/lib/server/transfers/transfer.contract";
import {
  getWebhookDeliveryOp,
  listWebhookDeliveriesOp,
  resendWebhookDeliveryOp,
  sendTestWebhookOp,
  sendTestWebhookSandboxOp,
} from "@/lib/server/webhooks/webhook.contract";
import {
  customerExternalAccountOps,
  platformExternalAccountOps,
} from "@/lib/server/external-accounts/external-account.contract";
import * as agentOps from "@/lib/server/agents/agent.contract";
import {
  addCredentialOp,
  challengeCredentialOp,
  deleteCredentialOp,
  listCredentialsOp,
  verifyCredentialOp,
} from "@/lib/server/credentials/credential.contract";
import { listSessionsOp, refreshSessionOp, revokeSessionOp } from "@/lib/server/sessions/session.contract";
import { getEnclaveKeyOp } from "@/lib/server/keys/enclave-key.contract";
import { exportWalletOp, updateInternalAccountOp } from "@/lib/server/internal-accounts/export.contract";
import * as apiTokenOps from "@/lib/server/api-tokens/api-token.contract";
import { getDiscoveriesOp, listVaspsOp } from "@/lib/server/discoveries/discovery.contract";
import { getBulkImportJobOp, uploadCustomersCsvOp } from "@/lib/server/bulk-import/bulk-import.contract";
import * as invitationOps from "@/lib/server/invitations/invitation.contract";
import { listUmaProvidersOp, lookupExternalAccountOp, lookupUmaOp } from "@/lib/server/uma/uma.contract";
import * as agentActionOps from "@/lib/server/agents/actions/agent-action.contract";
import {
  createCustomerKycLinkOp,
  getCustomerKycLinkOp,
  createVerificationOp,
  getVerificationOp,
  listVerificationsOp,
} from "@/lib/server/verifications/verification.contract";
import {
  createBeneficialOwnerOp,
  getBeneficialOwnerOp,
  listBeneficialOwnersOp,
  updateBeneficialOwnerOp,
} from "@/lib/server/beneficial-owners/beneficial-owner.contract";
import {
  deleteDocumentOp,
  downloadDocumentOp,
  getDocumentOp,
  listDocumentsOp,
  replaceDocumentOp,
  uploadDocumentOp,
} from "@/lib/server/documents/document.contract";
import {
  confirmEmailVerificationOp,
  confirmPhoneVerificationOp,
  sendEmailVerificationOp,
  sendPhoneVerificationOp,
} from "@/lib/server/contact-verification/contact-verification.contract";
import {
  completeScaLoginOp,
  confirmScaFactorEnrollmentOp,
  listScaFactorsOp,
  recordSecurityEventOp,
  startScaFactorEnrollmentOp,
  startScaLoginOp,
  trustOpsOf,
  deleteScaFactorOp,
  startTwoFactorResetOp,
  getTwoFactorResetStatusOp,
  completeTwoFactorResetOp,
} from "@/lib/server/sca/sca.contract";
import { cardSimulationOps } from "@/lib/server/cards/card-simulation.contract";
import * as delegatedKeyOps from "@/lib/server/delegated-keys/delegated-key.contract";
import { estimateWithdrawalFeeOp } from "@/lib/server/withdrawal-fees/withdrawal-fee.contract";
import { createPlaidLinkTokenOp, submitPlaidPublicTokenOp } from "@/lib/server/plaid/plaid.contract";
import { createCardOp, getCardOp, listCardsOp, revealCardOp, updateCardOp } from "@/lib/server/cards/card.contract";
import { stablecoinOps } from "@/lib/server/stablecoins/stablecoin.contract";

/**
 * Every operation the service implements. The OpenAPI document is generated from this list, and a test
 * checks that each route file under app/api/2025-10-13 appears here (and the reverse).
 */
export const operations: AnyOperation[] = [
  getConfigOp,
  updateConfigOp,
  createCustomerOp,
  listCustomersOp,
  getCustomerOp,
  updateCustomerOp,
  deleteCustomerOp,
  listCustomerInternalAccountsOp,
  listPlatformInternalAccountsOp,
  getInternalAccountOp,
  listWebhookDeliveriesOp,
  getWebhookDeliveryOp,
  resendWebhookDeliveryOp,
  sendTestWebhookOp,
  sendTestWebhookSandboxOp,
  getEndUserTermsOp,
  listExchangeRatesOp,
  createQuoteOp,
  listQuotesOp,
  getQuoteOp,
  executeQuoteOp,
  authorizeQuoteOp,
  resendQuoteScaCodeOp,
  listTransactionsOp,
  getTransactionOp,
  transferInOp,
  transferOutOp,
  fundInternalAccountOp,
  sandboxSendOp,
  approveTransactionOp,
  rejectTransactionOp,
  cancelTransactionOp,
  confirmReceiptDeliveryOp,
  createCardOp,
  listCardsOp,
  getCardOp,
  updateCardOp,
  revealCardOp,
  ...cardSimulationOps,
  ...stablecoinOps,
  agentCreateQuoteOp,
  agentGetQuoteOp,
  agentExecuteQuoteOp,
  agentListTransactionsOp,
  agentGetTransactionOp,
  addCredentialOp,
  listCredentialsOp,
  deleteCredentialOp,
  challengeCredentialOp,
  verifyCredentialOp,
  listSessionsOp,
  refreshSessionOp,
  revokeSessionOp,
  getEnclaveKeyOp,
  ...Object.values(customerExternalAccountOps),
  ...Object.values(platformExternalAccountOps),
  agentOps.createAgentOp,
  agentOps.listAgentsOp,
  agentOps.getAgentOp,
  agentOps.updateAgentOp,
  agentOps.updateAgentPolicyOp,
  agentOps.deleteAgentOp,
  agentOps.createDeviceCodeOp,
  agentOps.deviceCodeStatusOp,
  agentOps.redeemDeviceCodeOp,
  agentOps.agentMeOp,
  agentOps.agentListExternalAccountsOp,
  agentOps.agentCreateExternalAccountOp,
  agentOps.agentGetExternalAccountOp,
  agentOps.agentDeleteExternalAccountOp,
  exportWalletOp,
  apiTokenOps.createTokenOp,
  apiTokenOps.listTokensOp,
  apiTokenOps.getTokenOp,
  apiTokenOps.deleteTokenOp,
  agentActionOps.listAgentApprovalsOp,
  agentActionOps.approveAgentActionOp,
  agentActionOps.rejectAgentActionOp,
  agentActionOps.agentListActionsOp,
  agentActionOps.agentGetActionOp,
  agentActionOps.agentTransferInOp,
  agentActionOps.agentTransferOutOp,
  agentActionOps.agentListInternalAccountsOp,
  getDiscoveriesOp,
  listVaspsOp,
  uploadCustomersCsvOp,
  getBulkImportJobOp,
  invitationOps.createInvitationOp,
  invitationOps.getInvitationOp,
  invitationOps.claimInvitationOp,
  invitationOps.cancelInvitationOp,
  lookupUmaOp,
  lookupExternalAccountOp,
  listUmaProvidersOp,
  sandboxSendOp,
  sandboxUmaReceiveOp,
  updateInternalAccountOp,
  createVerificationOp,
  listVerificationsOp,
  getVerificationOp,
  createCustomerKycLinkOp,
  getCustomerKycLinkOp,
  createBeneficialOwnerOp,
  listBeneficialOwnersOp,
  getBeneficialOwnerOp,
  updateBeneficialOwnerOp,
  uploadDocumentOp,
  listDocumentsOp,
  getDocumentOp,
  replaceDocumentOp,
  deleteDocumentOp,
  downloadDocumentOp,
  sendEmailVerificationOp,
  confirmEmailVerificationOp,
  sendPhoneVerificationOp,
  confirmPhoneVerificationOp,
  listScaFactorsOp,
  startScaFactorEnrollmentOp,
  confirmScaFactorEnrollmentOp,
  startScaLoginOp,
  completeScaLoginOp,
  recordSecurityEventOp,
  trustOpsOf.trust.start,
  trustOpsOf.trust.confirm,
  trustOpsOf.untrust.start,
  trustOpsOf.untrust.confirm,
  deleteScaFactorOp,
  startTwoFactorResetOp,
  getTwoFactorResetStatusOp,
  completeTwoFactorResetOp,
  delegatedKeyOps.createDelegatedKeyOp,
  delegatedKeyOps.listDelegatedKeysOp,
  delegatedKeyOps.getDelegatedKeyOp,
  delegatedKeyOps.revokeDelegatedKeyOp,
  estimateWithdrawalFeeOp,
  createPlaidLinkTokenOp,
  submitPlaidPublicTokenOp,
];
