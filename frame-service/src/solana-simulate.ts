import { simulateSolanaTransaction, SOLANA_SIMULATION_TIMEOUT_MS, type SolanaSimulation } from '@portico/simulation/solana'
import { decodeTransaction } from './page/describe-solana.ts'
import { solanaNode } from './solana-chain.ts'
import type { FrameSolanaNetwork } from './solana-rpc.ts'

export type { SolanaAssetChange, SolanaSimulation } from '@portico/simulation/solana'

/**
 * What a Solana transaction would do to the visitor's account, before it is approved: simulated by
 * `@portico/simulation/solana` on the network's own RPC (the same preview the modal's Review step
 * shows), with the deployer's names of the network's tokens and the fee the approval reads (the base
 * fee of the signatures and the priority fee its ComputeBudget instructions set). Never throws.
 */
export function simulateSolanaForAccount(network: FrameSolanaNetwork, account: string, transaction: string, timeoutMs = SOLANA_SIMULATION_TIMEOUT_MS): Promise<SolanaSimulation> {
  return simulateSolanaTransaction({
    node: solanaNode(network),
    account,
    transaction,
    tokens: network.tokens,
    timeoutMs,
    fee: () => {
      const { base, priority } = decodeTransaction(transaction, 'solana_signTransaction').fee
      return base + priority
    },
  })
}
