import { classifyRpcMethod } from '@portico/shared-types/embedded'
import { OddHexMessage, personalMessage } from './personal-message.ts'
import { createWalletClient, http, numberToHex, type Chain, type Hex } from 'viem'
import * as z from 'zod'
import type { FrameUser } from './accounts.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import type { SmartAccounts } from './smart-account.ts'

/** A chain the frame signs and reads on. */
export type FrameChain = { id: number; name: string; rpcUrl: string; viemChain: Chain /** An outside node (no anvil_* methods). */; external?: boolean }

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/)
const quantity = z.union([z.string().regex(/^0x[0-9a-fA-F]+$/), z.number().int().nonnegative()]).transform((v) => BigInt(v))

const personalSignParams = z.tuple([z.string(), address]).rest(z.unknown())
const typedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string().min(1),
  message: z.record(z.string(), z.unknown()),
})
const signTypedDataParams = z.tuple([address, z.union([z.string(), typedDataSchema])]).rest(z.unknown())
export const transactionParams = z
  .tuple([
    z.object({
      from: address.optional(),
      to: address.optional(),
      value: quantity.optional(),
      data: hexData.optional(),
      input: hexData.optional(),
      gas: quantity.optional(),
      gasPrice: quantity.optional(),
      maxFeePerGas: quantity.optional(),
      maxPriorityFeePerGas: quantity.optional(),
      nonce: quantity.optional(),
    }),
  ])
  .rest(z.unknown())
const jsonRpcAnswerSchema = z.object({ result: z.unknown().optional(), error: z.object({ message: z.string(), code: z.number().optional() }).optional() })

function parseParams<S extends z.ZodType>(schema: S, params: unknown, method: string): z.output<S> {
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw new FrameError(`Invalid params for ${method}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}

/** The user's smart account on the chain when the user prefers it (SPEC.md §3), with what reaches its bundler. */
export type SmartContext = { accounts: SmartAccounts; projectId: string; address: string | undefined }

/** Which of the user's accounts signs: the key's EOA, or its smart account (whose owner the key is). */
function checkAccount(user: FrameUser, claimed: string | undefined, smart?: SmartContext): 'eoa' | 'smartAccount' {
  if (claimed !== undefined && smart?.address !== undefined && claimed.toLowerCase() === smart.address.toLowerCase()) return 'smartAccount'
  if (claimed !== undefined && claimed.toLowerCase() !== user.account.address.toLowerCase()) {
    throw new FrameError(FRAME_MESSAGES.unknownAccount.replace('{address}', claimed))
  }
  return 'eoa'
}

const capabilitiesParams = z.tuple([address]).rest(z.unknown())
/**
 * EIP-5792 `wallet_getCapabilities` of one of the user's accounts on the chain: the smart account runs
 * a batch atomically, as one user operation (its gas paid by the project's paymaster where it
 * sponsors); the EOA does not batch.
 */
async function capabilities(user: FrameUser, chain: FrameChain, params: unknown, smart: SmartContext | undefined): Promise<unknown> {
  const [account] = parseParams(capabilitiesParams, params, 'wallet_getCapabilities')
  const isSmart = checkAccount(user, account, smart) === 'smartAccount'
  return { [numberToHex(chain.id)]: isSmart ? { atomic: { status: 'supported' }, paymasterService: { supported: true } } : { atomic: { status: 'unsupported' } } }
}

const callsStatusParams = z.tuple([z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Expected the batch id')]).rest(z.unknown())
const userOperationReceiptSchema = z.looseObject({
  success: z.boolean(),
  receipt: z.looseObject({
    transactionHash: hexData,
    blockHash: hexData,
    blockNumber: hexData,
    gasUsed: hexData,
    logs: z.array(z.looseObject({ address: z.string(), data: z.string(), topics: z.array(z.string()) })).default([]),
  }),
})

/** EIP-5792 `wallet_getCallsStatus` of a smart account's batch: its id is the user operation's hash, its receipt the bundler's. */
async function callsStatus(chain: FrameChain, params: unknown, smart: SmartContext | undefined): Promise<unknown> {
  const [id] = parseParams(callsStatusParams, params, 'wallet_getCallsStatus')
  if (!smart?.address) throw new FrameError(FRAME_MESSAGES.unsupportedMethod.replace('{method}', 'wallet_getCallsStatus'))
  const answer = await smart.accounts.read(chain, smart.projectId, 'eth_getUserOperationReceipt', [id])
  const base = { version: '2.0.0', id, chainId: numberToHex(chain.id), atomic: true }
  if (answer === null) return { ...base, status: 100 }
  const receipt = userOperationReceiptSchema.safeParse(answer)
  if (!receipt.success) throw new FrameError(`The bundler of ${chain.name} gave an unreadable answer`, 502)
  const { transactionHash, blockHash, blockNumber, gasUsed, logs } = receipt.data.receipt
  return {
    ...base,
    status: receipt.data.success ? 200 : 500,
    receipts: [{ logs: logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })), status: receipt.data.success ? '0x1' : '0x0', blockHash, blockNumber, gasUsed, transactionHash }],
  }
}

/** ERC-4337 reads (SPEC.md §6 user-operation reads): answered by the chain's bundler. */
const USER_OPERATION_READS = ['eth_getUserOperationReceipt', 'eth_getUserOperationByHash', 'eth_supportedEntryPoints']

/** Forwards a read to the chain's node; its error message comes back as the answer's. */
async function forward(chain: FrameChain, method: string, params: unknown): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(15_000),
    })
  } catch {
    throw new FrameError(`${chain.name} does not answer`, 502)
  }
  const answer = jsonRpcAnswerSchema.safeParse(await res.json().catch(() => undefined))
  if (!answer.success) throw new FrameError(`${chain.name} gave an unreadable answer`, 502)
  if (answer.data.error) throw new FrameError(answer.data.error.message)
  return answer.data.result
}

/**
 * Answers one RPC_REQUEST for `user` on `chain` (SPEC.md §6): the user's key signs personal_sign,
 * eth_signTypedData_v4 and eth_sendTransaction here, on the frame's side; the account and chain
 * questions are answered from the user; other safe reads go to the chain's node; any other method
 * is refused ('Requested RPC call is not allowed', or 'Unsupported method …' for an unsafe one the
 * sandbox does not implement).
 */
export async function answerRpc(user: FrameUser, chain: FrameChain, method: string, params: unknown, smart?: SmartContext): Promise<unknown> {
  const kind = classifyRpcMethod(method)
  if (kind === 'notAllowed') throw new FrameError(FRAME_MESSAGES.rpcNotAllowed, 403)
  if (smart && USER_OPERATION_READS.includes(method)) return smart.accounts.read(chain, smart.projectId, method, params)
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [smart?.address ?? user.account.address]
    case 'eth_chainId':
      return numberToHex(chain.id)
    case 'wallet_getCapabilities':
      return capabilities(user, chain, params, smart)
    case 'wallet_getCallsStatus':
      return callsStatus(chain, params, smart)
    case 'personal_sign': {
      const [message, claimed] = parseParams(personalSignParams, params, method)
      let signed: ReturnType<typeof personalMessage>
      try {
        signed = personalMessage(message)
      } catch (error) {
        if (error instanceof OddHexMessage) throw new FrameError(`Invalid params for ${method}: ${error.message}`)
        throw error
      }
      const sign = () => user.account.signMessage({ message: signed })
      // As the smart account: the owner's signature, which its ERC-1271 isValidSignature accepts once
      // deployed, wrapped for EIP-6492 (the factory's call that deploys it) while not yet.
      if (checkAccount(user, claimed, smart) === 'smartAccount' && smart) return smart.accounts.signAs(user.account, chain, sign)
      return sign()
    }
    case 'eth_signTypedData_v4': {
      const [claimed, raw] = parseParams(signTypedDataParams, params, method)
      const asSmart = checkAccount(user, claimed, smart) === 'smartAccount'
      let json: unknown = raw
      if (typeof raw === 'string') {
        try {
          json = JSON.parse(raw)
        } catch {
          throw new FrameError(`Invalid params for ${method}: the typed data is not JSON`)
        }
      }
      const typed = parseParams(typedDataSchema, json, method)
      const { EIP712Domain: _domainType, ...types } = typed.types
      const sign = () => user.account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<FrameUser['account']['signTypedData']>[0])
      return asSmart && smart ? smart.accounts.signAs(user.account, chain, sign) : sign()
    }
    case 'eth_sendTransaction': {
      const [tx] = parseParams(transactionParams, params, method)
      // A smart account's transactions are user operations, built and approved as such (api userOperationPrepare).
      if (checkAccount(user, tx.from, smart) === 'smartAccount' || (tx.from === undefined && smart?.address !== undefined)) {
        throw new FrameError(FRAME_MESSAGES.unsupportedMethod.replace('{method}', method))
      }
      const wallet = createWalletClient({ account: user.account, chain: chain.viemChain, transport: http(chain.rpcUrl) })
      const data = (tx.data ?? tx.input) as Hex | undefined
      const fees =
        tx.maxFeePerGas !== undefined
          ? { maxFeePerGas: tx.maxFeePerGas, ...(tx.maxPriorityFeePerGas === undefined ? {} : { maxPriorityFeePerGas: tx.maxPriorityFeePerGas }) }
          : tx.gasPrice !== undefined
            ? { gasPrice: tx.gasPrice }
            : {}
      try {
        return await wallet.sendTransaction({
          to: tx.to as `0x${string}` | undefined,
          ...(tx.value === undefined ? {} : { value: tx.value }),
          ...(data === undefined ? {} : { data }),
          ...(tx.gas === undefined ? {} : { gas: tx.gas }),
          ...(tx.nonce === undefined ? {} : { nonce: Number(tx.nonce) }),
          ...fees,
        } as Parameters<typeof wallet.sendTransaction>[0])
      } catch (err) {
        const short = (err as { shortMessage?: unknown }).shortMessage
        throw new FrameError(typeof short === 'string' ? short : err instanceof Error ? err.message : FRAME_MESSAGES.defaultError)
      }
    }
    default:
      if (kind === 'unsafe') throw new FrameError(FRAME_MESSAGES.unsupportedMethod.replace('{method}', method))
      if (method.startsWith('wallet_') || method.includes('UserOperation') || method === 'eth_supportedEntryPoints') {
        throw new FrameError(FRAME_MESSAGES.unsupportedMethod.replace('{method}', method))
      }
      return forward(chain, method, params)
  }
}

/** A chain id as the protocol may give it (31337, '31337', '0x7a69', 'eip155:31337') as a number. */
export function parseChainId(value: number | string): number | undefined {
  if (typeof value === 'number') return value
  const raw = value.startsWith('eip155:') ? value.slice(7) : value
  const n = /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}
