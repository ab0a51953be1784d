import { createPublicClient, createWalletClient, encodeFunctionData, http, isAddressEqual, parseAbi, type Address, type Hash, type Hex } from 'viem'
import { z } from 'zod'
import { evmAddressSchema } from '@portico/shared-types'
import { parseChainId, toHexChainId, toViemChain } from './chains.ts'
import { invalidParams, unauthorized, userRejected, WalletRpcError } from './errors.ts'
import { parseParams } from './params.ts'
import { sendTransaction, toProviderError, type SigningContext } from './signing.ts'
import type { SandboxChain } from './types.ts'

/**
 * The published ERC-4337 v0.8 `Simple7702Account` at its canonical address (the sandbox places it on
 * its chains with the EntryPoint): the code this wallet's account delegates to (EIP-7702) to run a
 * batch of calls in one transaction. It runs `executeBatch` only for calls from the account itself.
 */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
const executeBatchAbi = parseAbi(['struct Call { address target; uint256 value; bytes data; }', 'function executeBatch(Call[] calls)'])

/** EIP-5792's error codes this wallet uses. */
export const unsupportedChainId = (chainId: number) => new WalletRpcError(5710, `Unsupported chain id ${chainId}: switch the wallet to it first`)
export const unknownBundle = (id: string) => new WalletRpcError(5730, `Unknown bundle id ${id}`)
export const atomicityUnsupported = () => new WalletRpcError(5760, 'Atomic batches are not available on this chain')

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'Expected hex') as unknown as z.ZodType<Hex>
const address = z.string().pipe(evmAddressSchema) as unknown as z.ZodType<Address>
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity')
  .transform((v) => BigInt(v))

export const getCapabilitiesParams = z.tuple([address]).rest(z.array(z.string()))
export const sendCallsParams = z
  .tuple([
    z.object({
      version: z.string().optional(),
      id: z.string().optional(),
      chainId: z.string(),
      from: address.optional(),
      atomicRequired: z.boolean().optional(),
      calls: z
        .array(
          z.object({
            to: z
              .string()
              .startsWith('0x', 'Call targets must start with 0x')
              .regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')
              .transform((v) => v as Address),
            value: quantity.optional(),
            data: hex.optional(),
          }),
        )
        .min(1)
        .max(50),
      capabilities: z.record(z.string(), z.unknown()).optional(),
    }),
  ])
  .rest(z.unknown())
export const getCallsStatusParams = z.tuple([z.string().min(1)]).rest(z.unknown())

/** A batch this wallet ran: on which chain, whether atomically, and the transactions it sent. */
export type WalletBatch = { chainId: number; atomic: boolean; hashes: Hash[] }
export type BatchCall = { to: Address; value: bigint; data: Hex | undefined }

/** The EIP-7702 designator code of an account delegated to `delegate`: 0xef0100 ‖ address. */
const designatorOf = (delegate: Address): Hex => `0xef0100${delegate.slice(2).toLowerCase()}`

export type CallsContext = {
  signing(): SigningContext
  chainById(id: number): SandboxChain | undefined
  activeChain(): SandboxChain
  fetch: typeof fetch
}

/**
 * EIP-5792 in the Sandbox Wallet. A chain that holds `Simple7702Account` runs a batch atomically: the
 * account delegates to it (EIP-7702, the authorisation signed with the batch's one approval when the
 * account is not delegated yet, so its capability reads `ready`, then `supported`) and one type-4
 * transaction to itself calls `executeBatch`. A chain without it runs the calls one by one after the
 * one approval (`atomic: false`), and refuses a batch that requires atomicity.
 */
const publicClientOf = (chain: SandboxChain, fetchFn: typeof fetch) => createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl, { fetchFn, retryCount: 0 }) })

/**
 * How `account` runs a batch on `chain` (EIP-5792 `atomic`): `ready` when the chain holds the
 * delegate and the account is a plain EOA, `supported` once delegated to it, `unsupported` otherwise.
 */
export async function atomicStatusOn(chain: SandboxChain, account: Address, fetchFn: typeof fetch): Promise<'supported' | 'ready' | 'unsupported'> {
  const c = publicClientOf(chain, fetchFn)
  const [delegate, own] = await Promise.all([c.getCode({ address: SIMPLE_7702_ACCOUNT }), c.getCode({ address: account })])
  if (!delegate || delegate === '0x') return 'unsupported'
  if (own?.toLowerCase() === designatorOf(SIMPLE_7702_ACCOUNT)) return 'supported'
  // Another delegation (or a contract) at the account: this wallet does not replace it.
  return own && own !== '0x' ? 'unsupported' : 'ready'
}

export function createWalletCalls(ctx: CallsContext, batches: Map<string, WalletBatch> = new Map()) {
  const client = (chain: SandboxChain) => publicClientOf(chain, ctx.fetch)
  const atomicOn = (chain: SandboxChain, account: Address) => atomicStatusOn(chain, account, ctx.fetch)

  async function runAtomic(signing: SigningContext, chain: SandboxChain, calls: readonly BatchCall[], delegated: boolean): Promise<Hash> {
    const wallet = createWalletClient({ account: signing.account, chain: toViemChain(chain), transport: http(chain.rpcUrl, { fetchFn: ctx.fetch, retryCount: 0 }) })
    try {
      const authorizationList = delegated ? undefined : [await wallet.signAuthorization({ account: signing.account, contractAddress: SIMPLE_7702_ACCOUNT, executor: 'self' })]
      return await wallet.sendTransaction({
        to: signing.account.address,
        data: encodeFunctionData({ abi: executeBatchAbi, functionName: 'executeBatch', args: [calls.map((c) => ({ target: c.to, value: c.value, data: c.data ?? '0x' }))] }),
        ...(authorizationList ? { authorizationList } : {}),
      })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  return {
    async getCapabilities(params: unknown): Promise<Record<Hex, { atomic: { status: string } }>> {
      const [asked, ...rest] = parseParams(getCapabilitiesParams, params, 'wallet_getCapabilities')
      const signing = ctx.signing()
      if (!isAddressEqual(asked, signing.account.address)) throw unauthorized()
      const ids = rest[0]?.length ? rest[0].map((id) => parseChainId(id)).filter((id): id is number => id !== undefined) : [ctx.activeChain().id]
      const answer: Record<Hex, { atomic: { status: string } }> = {}
      for (const id of ids) {
        const chain = ctx.chainById(id)
        if (!chain) continue
        answer[toHexChainId(id)] = { atomic: { status: await atomicOn(chain, signing.account.address).catch(() => 'unsupported' as const) } }
      }
      return answer
    },

    async sendCalls(params: unknown): Promise<{ id: string; capabilities?: Record<string, unknown> }> {
      const [request] = parseParams(sendCallsParams, params, 'wallet_sendCalls')
      const signing = ctx.signing()
      if (request.id !== undefined && batches.has(request.id)) throw new WalletRpcError(5720, `Duplicate bundle id ${request.id}`)
      if (request.from && !isAddressEqual(request.from, signing.account.address)) throw unauthorized()
      const chainId = parseChainId(request.chainId)
      if (chainId === undefined) throw invalidParams('wallet_sendCalls: chainId must be a hex string')
      if (chainId !== ctx.activeChain().id) throw unsupportedChainId(chainId)
      const chain = ctx.activeChain()
      const calls: BatchCall[] = request.calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data }))
      const status = await atomicOn(chain, signing.account.address)
      const atomic = status !== 'unsupported'
      if (!atomic && request.atomicRequired) throw atomicityUnsupported()
      const approved = await signing.approve({
        kind: 'wallet_sendCalls',
        origin: signing.origin,
        from: signing.account.address,
        chain,
        calls,
        atomic,
        delegates: status === 'ready' ? SIMPLE_7702_ACCOUNT : undefined,
      })
      if (!approved) throw userRejected()
      const hashes: Hash[] = []
      if (atomic) hashes.push(await runAtomic(signing, chain, calls, status === 'supported'))
      else {
        // One by one, as approved once: each is a transaction of its own (EIP-5792 `atomic: false`).
        const once: SigningContext = { ...signing, approve: async () => true }
        for (const call of calls) {
          hashes.push(await sendTransaction(once, [{ from: signing.account.address, to: call.to, value: `0x${call.value.toString(16)}`, ...(call.data ? { data: call.data } : {}) }]))
        }
      }
      const id = request.id ?? hashes[0]!
      batches.set(id, { chainId, atomic, hashes } satisfies WalletBatch)
      return { id }
    },

    async getCallsStatus(params: unknown) {
      const [id] = parseParams(getCallsStatusParams, params, 'wallet_getCallsStatus')
      const batch = batches.get(id)
      if (!batch) throw unknownBundle(id)
      const chain = ctx.chainById(batch.chainId)
      if (!chain) throw unknownBundle(id)
      const c = client(chain)
      const receipts = await Promise.all(batch.hashes.map((hash) => c.getTransactionReceipt({ hash }).catch(() => null)))
      const done = receipts.filter((r) => r !== null)
      const failed = done.filter((r) => r.status !== 'success').length
      const status = done.length < receipts.length ? 100 : failed === 0 ? 200 : failed === done.length ? 500 : 600
      return {
        version: '2.0.0',
        id,
        chainId: toHexChainId(batch.chainId),
        status,
        atomic: batch.atomic,
        ...(status === 100
          ? {}
          : {
              receipts: done.map((r) => ({
                logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
                status: r.status === 'success' ? '0x1' : '0x0',
                blockHash: r.blockHash,
                blockNumber: `0x${r.blockNumber.toString(16)}`,
                gasUsed: `0x${r.gasUsed.toString(16)}`,
                transactionHash: r.transactionHash,
              })),
            }),
      }
    },
  }
}
