import type { AnyOperation } from "@/lib/api-core/operation";
import {
  createCustomerOp,
  deleteCustomerOp,
  getCustomerOp,
  listCustomersOp,
  updateCustomerOp,
} from "@/lib/customers/customer.contract";
import {
  getInternalAccountOp,
  listCustomerInternalAccountsOp,
  listPlatformInternalAccountsOp,
} from "@/lib/internal-accounts/internal-account.contract";
import { getConfigOp, updateConfigOp } from "@/lib/platforms/config.contract";
import { getEndUserTermsOp } from "@/lib/customers/end-user-terms.contract";
import { listExchangeRatesOp } from "@/lib/exchange-rates/exchange-rate.contract";
import {
  authorizeQuoteOp,
  createQuoteOp,
  executeQuoteOp,
  getQuoteOp,
  listQuotesOp,
  resendQuoteScaCodeOp,
} from "@/lib/quotes/quote.contract";
import { fundInternalAccountOp, sandboxSendOp, sandboxUmaReceiveOp } from "@/lib/sandbox/sandbox.contract";
import {
  approveTransactionOp,
  cancelTransactionOp,
  confirmReceiptDeliveryOp,
  getTransactionOp,
  listTransactionsOp,
  rejectTransactionOp,
} from "@/lib/transactions/transaction.contract";
import {
  agentCreateQuoteOp,
  agentExecuteQuoteOp,
  agentGetQuoteOp,
  agentGetTransactionOp,
  agentListTransactionsOp,
} from "@/lib/agent-money/agent-money.contract";
import { transferInOp, transferOutOp } from "@/lib/transfers/transfer.contract";
import {
  getWebhookDeliveryOp,
  listWebhookDeliveriesOp,
  resendWebhookDeliveryOp,
  sendTestWebhookOp,
  sendTestWebhookSandboxOp,
} from "@/lib/webhooks/webhook.contract";
import {
  customerExternalAccountOps,
  platformExternalAccountOps,
} from "@/lib/external-accounts/external-account.contract";
import * as agentOps from "@/lib/agents/agent.contract";
import {
  addCredentialOp,
  challengeCredentialOp,
  deleteCredentialOp,
  listCredentialsOp,
  verifyCredentialOp,
} from "@/lib/credentials/credential.contract";
import { listSessionsOp, refreshSessionOp, revokeSessionOp } from "@/lib/sessions/session.contract";
import { getEnclaveKeyOp } from "@/lib/keys/enclave-key.contract";
import { exportWalletOp, updateInternalAccountOp } from "@/lib/internal-accounts/export.contract";
import * as apiTokenOps from "@/lib/api-tokens/api-token.contract";
import { getDiscoveriesOp, listVaspsOp } from "@/lib/discoveries/discovery.contract";
import { getBulkImportJobOp, uploadCustomersCsvOp } from "@/lib/bulk-import/bulk-import.contract";
import * as invitationOps from "@/lib/invitations/invitation.contract";
import { listUmaProvidersOp, lookupExternalAccountOp, lookupUmaOp } from "@/lib/uma/uma.contract";
import * as agentActionOps from "@/lib/agent-actions/agent-action.contract";
import {
  createCustomerKycLinkOp,
  getCustomerKycLinkOp,
  createVerificationOp,
  getVerificationOp,
  listVerificationsOp,
} from "@/lib/verifications/verification.contract";
import {
  createBeneficialOwnerOp,
  getBeneficialOwnerOp,
  listBeneficialOwnersOp,
  updateBeneficialOwnerOp,
} from "@/lib/beneficial-owners/beneficial-owner.contract";
import {
  deleteDocumentOp,
  downloadDocumentOp,
  getDocumentOp,
  listDocumentsOp,
  replaceDocumentOp,
  uploadDocumentOp,
} from "@/lib/documents/document.contract";
import {
  confirmEmailVerificationOp,
  confirmPhoneVerificationOp,
  sendEmailVerificationOp,
  sendPhoneVerificationOp,
} from "@/lib/contact-verification/contact-verification.contract";
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
} from "@/lib/sca/sca.contract";
import { cardSimulationOps } from "@/lib/cards/card-simulation.contract";
import * as delegatedKeyOps from "@/lib/delegated-keys/delegated-key.contract";
import { estimateWithdrawalFeeOp } from "@/lib/withdrawal-fees/withdrawal-fee.contract";
import { createPlaidLinkTokenOp, submitPlaidPublicTokenOp } from "@/lib/plaid/plaid.contract";
import { createCardOp, getCardOp, listCardsOp, revealCardOp, updateCardOp } from "@/lib/cards/card.contract";
import { stablecoinOps } from "@/lib/stablecoins/stablecoin.contract";

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
