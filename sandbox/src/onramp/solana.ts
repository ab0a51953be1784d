import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintToCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { devSigner, SOLANA_AUTHORITY_INDEX, solanaDevAccount } from '../solana/dev-keys.ts'
import { SOL, SOLANA_LOCALNET_CAIP_ID, SOLANA_LOCALNET_NAME } from '../solana/localnet.ts'
import { solanaTokens } from '../solana/seed.ts'

/** The sandbox's Solana Localnet as the onramp lists it (the provider that serves solana, SPEC.md §9). */
export type SolanaOnrampNetwork = {
  kind: 'solana'
  name: 'solana-localnet'
  displayName: string
  /** The CAIP-2 reference the options give as `chain_id` (what the modal matches the account's network on). */
  chainId: string
  caipNetworkId: typeof SOLANA_LOCALNET_CAIP_ID
  /** Where the deliveries are sent. */
  rpcUrl: string
}

export function solanaOnrampNetwork(rpcUrl: string): SolanaOnrampNetwork {
  return { kind: 'solana', name: 'solana-localnet', displayName: SOLANA_LOCALNET_NAME, chainId: SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length), caipNetworkId: SOLANA_LOCALNET_CAIP_ID, rpcUrl }
}

/** What the onramp sells on Solana: SOL, and the sandbox's USD Coin (its mint's address). */
export function solanaOnrampItems(): { id: string; name: string; symbol: string; decimals: number; address: string | undefined }[] {
  const usdc = solanaTokens().find((t) => t.key === 'USDC')!
  return [
    { id: SOL.symbol.toLowerCase(), name: SOL.name, symbol: SOL.symbol, decimals: SOL.decimals, address: undefined },
    { id: usdc.symbol.toLowerCase(), name: usdc.name, symbol: usdc.symbol, decimals: usdc.decimals, address: usdc.mint },
  ]
}

export const isSolanaAddress = (value: string): boolean => isAddress(value)

const CONFIRM_POLL_MS = 100
const CONFIRM_TIMEOUT_MS = 20_000

/**
 * Pays a Solana order out from the faucet (dev account 9, which holds the reserve and is the sandbox
 * mints' authority): SOL by a System transfer, USDC minted to the receiver's associated token account
 * (created when missing). Resolves with the signature once the chain confirmed it; throws on an error.
 */
export async function deliverOnSolana(network: SolanaOnrampNetwork, to: string, mint: string | undefined, amount: bigint, decimals: number): Promise<string> {
  const rpc = createSolanaRpc(network.rpcUrl)
  const faucet = await devSigner(solanaDevAccount(SOLANA_AUTHORITY_INDEX))
  const receiver = toAddress(to)
  const instructions: Instruction[] = []
  if (!mint) instructions.push(getTransferSolInstruction({ source: faucet, destination: receiver, amount }))
  else {
    const [ata] = await findAssociatedTokenPda({ owner: receiver, mint: toAddress(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({ payer: faucet, ata, owner: receiver, mint: toAddress(mint) }),
      getMintToCheckedInstruction({ mint: toAddress(mint), token: ata, mintAuthority: faucet, amount, decimals }),
    )
  }
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(faucet, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const signature = getSignatureFromTransaction(signed)
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) throw new Error(`The delivery failed on chain (${signature})`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
  }
  throw new Error(`The delivery was not confirmed in time (${signature})`)
}
