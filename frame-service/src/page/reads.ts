import { FrameError } from '../messages.ts'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Abi, type Address, type Hex } from 'viem'
import * as z from 'zod'
import { addressesToName, contractsToRead, contractToRead, hasDeceptive, type ChainFacts, type DescribeContext, type FrozenRequest, type Token } from './describe.ts'

/**
 * The chain reads behind an approval's description, made by the frame through its own service
 * (the safe methods eth_call, eth_estimateGas, eth_gasPrice): a token's symbol and decimals, whether
 * a contract is an NFT collection, a contract's name, the network fee estimate. A read that fails
 * leaves its part unknown (and unknown calldata is shown raw under a warning).
 */

/** `/assets/approval-chains.json`: every chain of the service with its native currency and USD price. */
export const APPROVAL_CHAINS_PATH = '/assets/approval-chains.json'
export const approvalChainsSchema = z.object({
  chains: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string().min(1),
      nativeCurrency: z.object({ name: z.string(), symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) }),
      usd: z.number().nonnegative().optional(),
    }),
  ),
})

export type Rpc = (method: string, params: unknown[], chainId: number) => Promise<unknown>

const erc165Abi = [{ type: 'function', name: 'supportsInterface', stateMutability: 'view', inputs: [{ name: 'interfaceId', type: 'bytes4' }], outputs: [{ type: 'bool' }] }] as const satisfies Abi
const ERC721_INTERFACE = '0x80ac58cd'
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>

async function read<const A extends Abi>(rpc: Rpc, chainId: number, to: Address, abi: A, functionName: string, args: readonly unknown[] = []): Promise<unknown> {
  const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])
  const raw = hex.parse(await rpc('eth_call', [{ to, data }, 'latest'], chainId))
  return decodeFunctionResult({ abi, functionName, data: raw } as Parameters<typeof decodeFunctionResult>[0])
}
const settle = <T>(p: Promise<T>): Promise<T | undefined> =>
  p.then(
    (v) => v,
    () => undefined,
  )

/** A name read from a contract: one line, none of the characters that hide or reorder text (describe.ts's rule), at most `max` long. */
const textUpTo = (max: number) => (s: unknown) => (typeof s === 'string' && s.length > 0 && s.length <= max && !/[\t\n\r]/.test(s) && !hasDeceptive(s) ? s : undefined)
const symbolish = textUpTo(32)
const nameish = textUpTo(100)

/** What `address` is: an ERC-20 (symbol, decimals), an ERC-721 collection, or neither (null). */
export async function readToken(rpc: Rpc, chainId: number, address: Address): Promise<Token | null> {
  const [nft, symbol, decimals, name] = await Promise.all([
    settle(read(rpc, chainId, address, erc165Abi, 'supportsInterface', [ERC721_INTERFACE])),
    settle(read(rpc, chainId, address, erc20Abi, 'symbol')),
    settle(read(rpc, chainId, address, erc20Abi, 'decimals')),
    settle(read(rpc, chainId, address, erc20Abi, 'name')),
  ])
  if (nft === true) return { symbol: symbolish(symbol) ?? 'NFT', decimals: 0, name: symbolish(name), nft: true }
  if (typeof decimals === 'number' && decimals <= 36 && symbolish(symbol)) return { symbol: symbolish(symbol)!, decimals, name: symbolish(name), nft: false }
  return null
}

const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/)
  .transform((v) => BigInt(v))

/** The network fee estimate of a transaction in wei (gas estimate × gas price), or null. */
export async function readFee(rpc: Rpc, request: Extract<FrozenRequest, { method: 'eth_sendTransaction' }>, from: Address): Promise<bigint | null> {
  const [tx] = request.params
  const call: Record<string, string> = { from: tx.from ?? from }
  if (tx.to !== undefined) call['to'] = tx.to
  if (tx.value !== undefined) call['value'] = tx.value
  const data = tx.data ?? tx.input
  if (data !== undefined) call['data'] = data
  const [gas, price] = await Promise.all([
    tx.gas !== undefined ? Promise.resolve(BigInt(tx.gas)) : settle(rpc('eth_estimateGas', [call], request.chainId).then((v) => quantity.parse(v))),
    tx.maxFeePerGas !== undefined
      ? Promise.resolve(BigInt(tx.maxFeePerGas))
      : tx.gasPrice !== undefined
        ? Promise.resolve(BigInt(tx.gasPrice))
        : settle(rpc('eth_gasPrice', [], request.chainId).then((v) => quantity.parse(v))),
  ])
  return gas === undefined || price === undefined ? null : gas * price
}

/** The names of addresses (lower-case address -> name), from the frame service's look-up of the blockchain-data API. */
export type LookupNames = (addresses: readonly Address[]) => Promise<Record<string, string>>

/** Everything the description of `request` needs, read now. */
export async function readContext(rpc: Rpc, request: FrozenRequest, chains: readonly ChainFacts[], account: Address, lookupNames?: LookupNames): Promise<DescribeContext> {
  const chain = chains.find((c) => c.id === request.chainId)
  if (!chain) throw new FrameError(`Unsupported chain ${request.chainId}`)
  const context: DescribeContext = { chain, account }
  const names = new Map<string, string>()
  context.names = names
  const contract = contractToRead(request)
  const parties = addressesToName(request)
  // Names of the accounts a request shows (`alice.reown.id`), read beside the chain; a contract's own name read from the chain wins.
  const known = lookupNames && parties.length > 0 ? settle(lookupNames(parties)) : Promise.resolve(undefined)
  if (request.method === 'eth_sendTransaction') {
    const [token, fee] = await Promise.all([contract ? readToken(rpc, request.chainId, contract) : Promise.resolve(null), readFee(rpc, request, account)])
    context.token = token
    context.feeWei = fee
    // A token call on a contract that does not answer as a token stays undecoded (describe shows it raw).
    if (contract && token?.name) names.set(contract.toLowerCase(), token.name)
  }
  if (request.method === 'eth_signTypedData_v4') {
    const verifying = request.params[1].domain.verifyingContract
    if (verifying) {
      const name = symbolish(await settle(read(rpc, request.chainId, verifying, erc20Abi, 'name')))
      if (name) names.set(verifying.toLowerCase(), name)
    }
  }
  if (request.method === 'eth_sendUserOperation') {
    const contracts = contractsToRead(request)
    const read = await Promise.all(contracts.map((c) => readToken(rpc, request.chainId, c)))
    const tokens = new Map<string, Token | null>()
    contracts.forEach((c, i) => {
      const token = read[i] ?? null
      tokens.set(c.toLowerCase(), token)
      if (token?.name) names.set(c.toLowerCase(), token.name)
    })
    context.tokens = tokens
    if (contract) context.token = tokens.get(contract.toLowerCase()) ?? null
  }
  for (const [address, name] of Object.entries((await known) ?? {})) {
    const shown = nameish(name)
    if (shown && !names.has(address.toLowerCase())) names.set(address.toLowerCase(), shown)
  }
  return context
}
