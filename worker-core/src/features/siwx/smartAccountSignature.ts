import { getAddress, isErc6492Signature, type Hex, type PublicClient } from 'viem'
import { getCode, verifyMessage } from 'viem/actions'
import type { RpcClient } from '../../infra/rpc.ts'

export type SmartAccountSignature = {
  /** The signer is a smart account: code at its address (EIP-1271), or a signature for one not deployed yet (EIP-6492). */
  smartAccount: boolean
  /** viem's `verifyMessage` against the chain holds (EIP-1271 through the account, EIP-6492 through its factory in simulation). */
  validOnChain: boolean
}

/**
 * What a SIWX signature says about its signer, checked against the chain by the core itself: whether
 * it comes from a smart account, and whether it holds there. A verifier that refused a signature
 * which holds on chain is one that does not take smart accounts (SPEC.md §8 'This application might
 * not support Smart Accounts'), not a declined signature.
 *
 * @example
 * const { smartAccount } = await smartAccountSignature(client, { address, message, signature })
 */
export async function smartAccountSignature(rpc: RpcClient, { address, message, signature }: { address: string; message: string; signature: string }): Promise<SmartAccountSignature> {
  // The core's clients are viem public clients; the narrower type lists what the other features read.
  const client = rpc as unknown as PublicClient
  const hex = signature as Hex
  const counterfactual = isErc6492Signature(hex)
  const code = counterfactual ? undefined : await getCode(client, { address: getAddress(address) }).catch(() => undefined)
  const smartAccount = counterfactual || (code !== undefined && code !== '0x')
  if (!smartAccount) return { smartAccount, validOnChain: false }
  const validOnChain = await verifyMessage(client, { address: getAddress(address), message, signature: hex }).catch(() => false)
  return { smartAccount, validOnChain }
}
