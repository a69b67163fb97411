import type { Operation } from "@/lib/api-core/operation";
import { createCustomerOp, getCustomerOp, listCustomersOp, updateCustomerOp } from "@/lib/customers/customer.contract";
import { getInternalAccountOp, listCustomerInternalAccountsOp } from "@/lib/internal-accounts/internal-account.contract";
import { getConfigOp, updateConfigOp } from "@/lib/platforms/config.contract";
import { getEndUserTermsOp } from "@/lib/customers/end-user-terms.contract";
import { listExchangeRatesOp } from "@/lib/exchange-rates/exchange-rate.contract";
import { createQuoteOp, executeQuoteOp, getQuoteOp } from "@/lib/quotes/quote.contract";
import { fundInternalAccountOp } from "@/lib/sandbox/sandbox.contract";
import { approveTransactionOp, getTransactionOp, listTransactionsOp, rejectTransactionOp } from "@/lib/transactions/transaction.contract";
import {
  agentCreateQuoteOp,
  agentExecuteQuoteOp,
  agentGetQuoteOp,
  agentGetTransactionOp,
  agentListTransactionsOp,
} from "@/lib/agent-money/agent-money.contract";
import { transferInOp, transferOutOp } from "@/lib/transfers/transfer.contract";
import { listWebhookDeliveriesOp, resendWebhookDeliveryOp, sendTestWebhookOp } from "@/lib/webhooks/webhook.contract";
import { customerExternalAccountOps, platformExternalAccountOps } from "@/lib/external-accounts/external-account.contract";
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
import { exportWalletOp } from "@/lib/internal-accounts/export.contract";
import { cardSimulationOps } from "@/lib/cards/card-simulation.contract";
import { createCardOp, getCardOp, listCardsOp, revealCardOp, updateCardOp } from "@/lib/cards/card.contract";

/**
 * Every operation the service implements. The OpenAPI document is generated from this list, and a test
 * checks that each route file under app/api/2025-10-13 appears here (and the reverse).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const operations: Operation<any, any, any>[] = [
  getConfigOp,
  updateConfigOp,
  createCustomerOp,
  listCustomersOp,
  getCustomerOp,
  updateCustomerOp,
  listCustomerInternalAccountsOp,
  getInternalAccountOp,
  listWebhookDeliveriesOp,
  resendWebhookDeliveryOp,
  sendTestWebhookOp,
  getEndUserTermsOp,
  listExchangeRatesOp,
  createQuoteOp,
  getQuoteOp,
  executeQuoteOp,
  listTransactionsOp,
  getTransactionOp,
  transferInOp,
  transferOutOp,
  fundInternalAccountOp,
  approveTransactionOp,
  rejectTransactionOp,
  createCardOp,
  listCardsOp,
  getCardOp,
  updateCardOp,
  revealCardOp,
  ...cardSimulationOps,
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
];
