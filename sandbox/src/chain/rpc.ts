import type { PublicClient } from 'viem'

type LooseRequest = (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>

/** A JSON-RPC call viem's typed client does not list (evm_mine, evm_setAutomine, eth_getBlockReceipts). */
export function rpc(client: PublicClient, method: string, params: readonly unknown[] = []): Promise<unknown> {
  return (client.request as unknown as LooseRequest)({ method, params })
}
