import { simpleAccountAbi } from '../simple-account-abi.ts'
import { decodeFunctionData, erc20Abi, formatUnits, getAddress, hexToBytes, isAddress, maxUint256, validateTypedData, type Abi, type Address, type Hex, type TypedDataDomain } from 'viem'
import { entryPoint08Address, getUserOperationHash, formatUserOperation, type RpcUserOperation } from 'viem/account-abstraction'
import * as z from 'zod'
import { DECEPTIVE_CHARACTERS } from '@portico/shared-types/constants'
import { type FRAME_API, unsignedUserOperationSchema, type UnsignedUserOperation } from '../api.ts'
import { OddHexMessage, personalMessage } from '../personal-message.ts'

/**
 * What the secure frame shows before it signs (what you see is what you sign): the unsafe request
 * parsed and frozen, then described in words from that frozen copy alone. Pure: the chain reads a
 * description needs (token symbol and decimals, the fee estimate, the price) come in `DescribeContext`.
 */

/** Refused before anything is shown: the request is malformed or may not be signed here. */
export class ApprovalRefused extends Error {
  override name = 'ApprovalRefused'
}

export const APPROVAL_TEXT = {
  invalidParams: 'Invalid params for {method}: {detail}',
  wrongTypedDataChain: 'The typed data is for chain {domain}, not the connected chain {chain}',
  wrongTransactionChain: 'The transaction is for chain {given}, not the connected chain {chain}',
  unsupported: 'Unsupported method {method}',
  notText: 'This message is not readable text. Sign it only if you trust the app: it may be a transaction or a permission in disguise.',
  unknownCalldata: 'This transaction calls a contract function the wallet cannot read. Approve only if you trust the app.',
  unlimited: 'Unlimited approval: {spender} can spend all of your {symbol}, now and later.',
  noRecipient: 'This transaction creates a contract.',
  noEstimate: 'The network could not estimate this transaction: it will likely fail.',
  hashMismatch: 'The user operation does not match its hash',
  unknownAccountCall: 'This user operation calls your smart account in a way the wallet cannot read. Approve only if you trust the app.',
  deploys: 'This first operation also deploys your smart account.',
  wrongEntryPoint: 'The user operation is for EntryPoint {given}; this wallet signs for EntryPoint v0.8 ({expected}) only',
  unreadableOperation: 'its callData is not the smart account’s execute or executeBatch',
  deceptiveText: 'Some of this request’s text holds invisible or direction-changing characters, which make it read other than it is. They are shown as ⟨U+…⟩.',
  noChainId: 'This typed data names no chain: a signature of it may be used on any chain.',
} as const

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''))

const address = z
  .string()
  .refine((a) => isAddress(a, { strict: false }), 'Expected an address')
  .transform((a) => getAddress(a))
const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected hex bytes') as unknown as z.ZodType<Hex>
const quantity = z
  .union([z.string().regex(/^0x[0-9a-fA-F]{1,64}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => (typeof v === 'number' ? (`0x${v.toString(16)}` as Hex) : (v.toLowerCase() as Hex)))

const typedField = z.object({ name: z.string().min(1), type: z.string().min(1) })
const typedDataSchema = z.object({
  domain: z
    .object({
      name: z.string().optional(),
      version: z.string().optional(),
      chainId: z.union([z.number().int().positive(), z.string().regex(/^(0x[0-9a-fA-F]+|\d+)$/)]).optional(),
      verifyingContract: address.optional(),
      salt: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/)
        .optional(),
    })
    .strict(),
  types: z.record(z.string(), z.array(typedField)),
  primaryType: z.string().min(1),
  message: z.record(z.string(), z.unknown()),
})
export type TypedDataRequest = z.output<typeof typedDataSchema>

const transactionSchema = z
  .object({
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
    /** The chain the transaction is for: must be the connected one. */
    chainId: quantity.optional(),
  })
  .strict()
export type TransactionRequest = z.output<typeof transactionSchema>

/**
 * A smart account's user operation as the service built it (ERC-4337 v0.8): the operation, the
 * EntryPoint, whether a paymaster pays its gas, and its hash, checked here against the operation.
 */
export type PreparedUserOperation = { userOperation: UnsignedUserOperation; hash: Hex; entryPoint: Address; sponsored: boolean }
const preparedUserOperationSchema = z.object({
  userOperation: unsignedUserOperationSchema,
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<Hex>,
  entryPoint: address,
  sponsored: z.boolean(),
})

/** An unsafe request as the frame keeps it from the moment it is shown: deep-frozen; signed as it is. */
export type FrozenRequest = Readonly<
  | { method: 'personal_sign'; chainId: number; params: readonly [Hex | string, Address] }
  | { method: 'eth_signTypedData_v4'; chainId: number; params: readonly [Address, TypedDataRequest] }
  | { method: 'eth_sendTransaction'; chainId: number; params: readonly [TransactionRequest] }
  | { method: 'eth_sendUserOperation'; chainId: number; params: readonly [PreparedUserOperation] }
>

/** The unsafe methods the frame can show in words and sign. */
export const DESCRIBED_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_sendUserOperation'] as const

/** The calls a user operation makes, decoded from its callData (what is signed), or null when the callData is not the account's execute or executeBatch. */
export function userOperationCalls(operation: UnsignedUserOperation): { to: Address; value: bigint; data: Hex }[] | null {
  try {
    const call = decodeFunctionData({ abi: simpleAccountAbi, data: operation.callData as Hex })
    if (call.functionName === 'execute') return [{ to: getAddress(call.args[0]), value: call.args[1], data: call.args[2] }]
    return call.args[0].map((c) => ({ to: getAddress(c.target), value: c.value, data: c.data }))
  } catch {
    return null
  }
}

/** A user operation as a dapp sends it: only what the frame keeps of it (whose it is, what it calls, for which EntryPoint). */
const dappOperation = z.object({ sender: address, callData: hexData }).passthrough()
const dappUserOperationParams = z.union([
  // A bundler's params: the operation and its EntryPoint.
  z.tuple([dappOperation]).rest(z.unknown()),
  // Or one object holding it.
  z.tuple([z.object({ userOperation: dappOperation, entryPoint: address.optional() }).passthrough()]),
])

/**
 * The calls of a user operation a dapp built (`eth_sendUserOperation` from the page), for the frame to
 * prepare an operation of its own with them: nothing else of the dapp's operation is kept (its gas
 * limits, fees, paymaster, nonce, signature or hash). Refused when it is for another account or
 * another EntryPoint than v0.8, or when its callData is not the account's execute or executeBatch.
 */
export function dappUserOperationCalls(params: unknown, account: Address): { to: Address; value: Hex; data: Hex }[] {
  const method = 'eth_sendUserOperation'
  const parsed = parse(dappUserOperationParams, params, method)
  const [first] = parsed
  const wrapped = 'userOperation' in first && typeof first.userOperation === 'object'
  const operation = wrapped ? (first as { userOperation: z.output<typeof dappOperation> }).userOperation : (first as z.output<typeof dappOperation>)
  const named = wrapped ? (first as { entryPoint?: Address }).entryPoint : parsed[1]
  if (named !== undefined) {
    const entryPoint = parse(address, named, method)
    if (entryPoint !== entryPoint08Address) throw new ApprovalRefused(fill(APPROVAL_TEXT.wrongEntryPoint, { given: entryPoint, expected: entryPoint08Address }))
  }
  if (operation.sender !== getAddress(account)) throw new ApprovalRefused(`Unknown account ${operation.sender}`)
  const calls = userOperationCalls({ callData: operation.callData } as UnsignedUserOperation)
  if (calls === null) throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: APPROVAL_TEXT.unreadableOperation }))
  return calls.map((c) => ({ to: c.to, value: `0x${c.value.toString(16)}` as Hex, data: c.data }))
}

/** The operation's calls, each as the transaction it amounts to (to describe it as one). */
export function callsAsTransactions(request: Extract<FrozenRequest, { method: 'eth_sendUserOperation' }>): Extract<FrozenRequest, { method: 'eth_sendTransaction' }>[] {
  const op = request.params[0].userOperation
  return (userOperationCalls(op) ?? []).map((c) => ({
    method: 'eth_sendTransaction' as const,
    chainId: request.chainId,
    params: [{ from: getAddress(op.sender), to: c.to, value: `0x${c.value.toString(16)}` as Hex, ...(c.data === '0x' ? {} : { data: c.data }) }] as const,
  }))
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

function parse<S extends z.ZodType>(schema: S, value: unknown, method: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid' }))
  }
  return parsed.data
}

/** A chain id as typed data may give it (31337, '31337', '0x7a69'). */
export function chainNumber(value: number | string): number {
  return typeof value === 'number' ? value : /^0x/i.test(value) ? Number.parseInt(value, 16) : Number(value)
}

/**
 * Parses an unsafe request into the frozen copy that is shown and then signed. A copy is made first
 * (structuredClone), so nothing the page keeps a reference to can change it afterwards. Typed data
 * whose domain names another chain than `chainId` (the connected one) is refused.
 */
export function freezeRequest(method: string, params: unknown, chainId: number): FrozenRequest {
  const copy: unknown = structuredClone(params)
  switch (method) {
    case 'personal_sign': {
      const [message, account] = parse(z.tuple([z.string(), address]).rest(z.unknown()), copy, method)
      // The service's rule (personal-message.ts): odd-length hex is refused here too, before anything is shown.
      try {
        personalMessage(message)
      } catch (error) {
        if (error instanceof OddHexMessage) throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: error.message }))
        throw error
      }
      return deepFreeze({ method, chainId, params: [message, account] as const })
    }
    case 'eth_signTypedData_v4': {
      const [account, raw] = parse(z.tuple([address, z.union([z.string(), z.record(z.string(), z.unknown())])]).rest(z.unknown()), copy, method)
      let json: unknown = raw
      if (typeof raw === 'string') {
        try {
          json = JSON.parse(raw)
        } catch {
          throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: 'the typed data is not JSON' }))
        }
      }
      const typed = parse(typedDataSchema, json, method)
      if (typed.domain.chainId !== undefined && chainNumber(typed.domain.chainId) !== chainId) {
        throw new ApprovalRefused(fill(APPROVAL_TEXT.wrongTypedDataChain, { domain: String(typed.domain.chainId), chain: chainId }))
      }
      const { EIP712Domain: _domain, ...types } = typed.types
      if (!types[typed.primaryType]) throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: `no type ${typed.primaryType}` }))
      try {
        validateTypedData({ domain: typedDomain(typed), types, primaryType: typed.primaryType, message: typed.message } as Parameters<typeof validateTypedData>[0])
      } catch (err) {
        throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: (err as { shortMessage?: string }).shortMessage ?? (err instanceof Error ? err.message : 'invalid') }))
      }
      return deepFreeze({ method, chainId, params: [account, typed] as const })
    }
    case 'eth_sendTransaction': {
      const [tx] = parse(z.tuple([transactionSchema]).rest(z.unknown()), copy, method)
      if (tx.data !== undefined && tx.input !== undefined && tx.data.toLowerCase() !== tx.input.toLowerCase()) {
        throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: 'data and input differ' }))
      }
      if (tx.chainId !== undefined && Number(BigInt(tx.chainId)) !== chainId) {
        throw new ApprovalRefused(fill(APPROVAL_TEXT.wrongTransactionChain, { given: Number(BigInt(tx.chainId)), chain: chainId }))
      }
      return deepFreeze({ method, chainId, params: [tx] as const })
    }
    case 'eth_sendUserOperation': {
      const [given] = parse(z.tuple([preparedUserOperationSchema]), copy, method)
      // Signed for EntryPoint v0.8 only: the hash shown is the operation's own, for this chain and that EntryPoint,
      // computed here and not taken on trust; who pays the gas is read from the operation's paymaster, not a flag.
      if (given.entryPoint !== entryPoint08Address) throw new ApprovalRefused(fill(APPROVAL_TEXT.wrongEntryPoint, { given: given.entryPoint, expected: entryPoint08Address }))
      const hash = getUserOperationHash({
        userOperation: formatUserOperation({ ...given.userOperation, signature: '0x' } as RpcUserOperation),
        entryPointAddress: entryPoint08Address,
        entryPointVersion: '0.8',
        chainId,
      })
      if (hash.toLowerCase() !== given.hash.toLowerCase()) throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: APPROVAL_TEXT.hashMismatch }))
      const prepared: PreparedUserOperation = { ...given, hash, sponsored: given.userOperation.paymaster !== undefined }
      return deepFreeze({ method, chainId, params: [prepared] as const })
    }
    default:
      throw new ApprovalRefused(fill(APPROVAL_TEXT.unsupported, { method }))
  }
}

function typedDomain(typed: TypedDataRequest): TypedDataDomain {
  const { chainId, ...rest } = typed.domain
  return { ...rest, ...(chainId === undefined ? {} : { chainId: chainNumber(chainId) }) } as TypedDataDomain
}

/** What makes text read other than it is: shared-types' one rule (also the simulated preview's). */
const DECEPTIVE = DECEPTIVE_CHARACTERS
const DECEPTIVE_ALL = new RegExp(DECEPTIVE.source, 'g')

/** `text` with each deceptive character shown as its code point ("pay ⟨U+202E⟩evil"); unchanged when it has none. */
export function escapeDeceptive(text: string): string {
  return text.replace(DECEPTIVE_ALL, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)
}
/** Whether `text` holds a deceptive character. */
export const hasDeceptive = (text: string): boolean => DECEPTIVE.test(text)

/**
 * A personal_sign message as the visitor reads it: the UTF-8 text that is signed, or its hex with a
 * warning when the bytes are not plain text. A hex string is signed as its bytes, anything else as
 * its UTF-8 text (as the service does).
 */
export function messageView(message: string): { kind: 'text'; text: string } | { kind: 'hex'; text: string; warning: string } {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) {
    return DECEPTIVE.test(message) ? { kind: 'hex', text: toHex(new TextEncoder().encode(message)), warning: APPROVAL_TEXT.notText } : { kind: 'text', text: message }
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message as Hex))
    if (text.length > 0 && !DECEPTIVE.test(text)) return { kind: 'text', text }
  } catch {
    /* not UTF-8 */
  }
  return { kind: 'hex', text: message.toLowerCase(), warning: APPROVAL_TEXT.notText }
}

const toHex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/** ERC-721's transfers (ERC-20's transferFrom has the same selector as ERC-721's). */
const erc721Abi = [
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'setApprovalForAll',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'operator', type: 'address' },
      { name: 'approved', type: 'bool' },
    ],
    outputs: [],
  },
] as const satisfies Abi

/** What a transaction's calldata does, decoded with viem's decodeFunctionData. */
export type DecodedCall =
  | { kind: 'none' }
  | { kind: 'erc20Transfer'; to: Address; amount: bigint }
  | { kind: 'erc20Approve'; spender: Address; amount: bigint }
  /** ERC-20 transferFrom, or ERC-721 transferFrom: the contract says which (`nft` in the context). */
  | { kind: 'transferFrom'; from: Address; to: Address; amount: bigint }
  | { kind: 'nftSafeTransfer'; from: Address; to: Address; tokenId: bigint }
  | { kind: 'nftApproveAll'; operator: Address; approved: boolean }
  | { kind: 'unknown'; data: Hex }

export function decodeCall(data: Hex | undefined): DecodedCall {
  if (data === undefined || data === '0x') return { kind: 'none' }
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer') return { kind: 'erc20Transfer', to: getAddress(call.args[0]), amount: call.args[1] }
    if (call.functionName === 'approve') return { kind: 'erc20Approve', spender: getAddress(call.args[0]), amount: call.args[1] }
    if (call.functionName === 'transferFrom') return { kind: 'transferFrom', from: getAddress(call.args[0]), to: getAddress(call.args[1]), amount: call.args[2] }
  } catch {
    /* not ERC-20 */
  }
  try {
    const call = decodeFunctionData({ abi: erc721Abi, data })
    if (call.functionName === 'safeTransferFrom') return { kind: 'nftSafeTransfer', from: getAddress(call.args[0]), to: getAddress(call.args[1]), tokenId: call.args[2] }
    if (call.functionName === 'setApprovalForAll') return { kind: 'nftApproveAll', operator: getAddress(call.args[0]), approved: call.args[1] }
  } catch {
    /* not ERC-721 */
  }
  return { kind: 'unknown', data }
}

/** Every address a request shows that a name could stand beside: the receiver, and the parties its calldata or typed-data domain names. */
export function addressesToName(request: FrozenRequest): Address[] {
  if (request.method === 'eth_sendUserOperation') return [...new Set(callsAsTransactions(request).flatMap(addressesToName))].slice(0, 8)
  if (request.method === 'eth_signTypedData_v4') {
    const verifying = request.params[1].domain.verifyingContract
    return verifying ? [verifying] : []
  }
  if (request.method !== 'eth_sendTransaction') return []
  const [tx] = request.params
  const call = decodeCall(tx.data ?? tx.input)
  const parties: Address[] = tx.to === undefined ? [] : [tx.to]
  if (call.kind === 'erc20Transfer') parties.push(call.to)
  if (call.kind === 'erc20Approve') parties.push(call.spender)
  if (call.kind === 'transferFrom' || call.kind === 'nftSafeTransfer') parties.push(call.from, call.to)
  if (call.kind === 'nftApproveAll') parties.push(call.operator)
  return [...new Set(parties.map((a) => a.toLowerCase()))] as Address[]
}

/** The contract a transaction's calldata acts on, when the description needs to read it (symbol, decimals, NFT). */
export function contractToRead(request: FrozenRequest): Address | undefined {
  if (request.method === 'eth_sendUserOperation') {
    const calls = callsAsTransactions(request)
    return calls.length === 1 && calls[0] ? contractToRead(calls[0]) : undefined
  }
  return transactionContract(request)
}

/** Every contract a user operation's calls act on (each read like a transaction's). */
export function contractsToRead(request: FrozenRequest): Address[] {
  if (request.method !== 'eth_sendUserOperation') return []
  return [
    ...new Set(
      callsAsTransactions(request)
        .map(transactionContract)
        .filter((a): a is Address => a !== undefined),
    ),
  ]
}

function transactionContract(request: FrozenRequest): Address | undefined {
  if (request.method !== 'eth_sendTransaction') return undefined
  const [tx] = request.params
  const call = decodeCall(tx.data ?? tx.input)
  return tx.to !== undefined && call.kind !== 'none' && call.kind !== 'unknown' ? tx.to : undefined
}

/** An approval so large it is unlimited in practice: max uint256, uint96's max (some tokens' "infinite"), or a trillion tokens and more. */
export function isUnlimited(amount: bigint, decimals: number): boolean {
  return amount === maxUint256 || amount >= 2n ** 96n - 1n || amount >= 10n ** BigInt(decimals + 12)
}

export function formatAmount(amount: bigint, decimals: number, symbol: string): string {
  return `${formatUnits(amount, decimals)} ${symbol}`
}

export type Token = { symbol: string; decimals: number; name?: string | undefined; nft: boolean }

/**
 * A simulation as the approval shows it: still running, its lines ("−0.5 ETH", "+1,250 USDC",
 * "Unlimited approval to … for your USDC"), a revert with its reason, or why it could not run.
 */
export type SimulationView =
  | { state: 'pending' }
  | { state: 'done'; lines: { text: string; kind: 'out' | 'in' | 'approval' }[] }
  | { state: 'reverts'; reason: string }
  | { state: 'unavailable'; reason: string }

/** The service's simulation: FRAME_API.simulate's answer, parsed (amounts as decimal strings). */
export type SimulationResult = z.output<(typeof FRAME_API)['simulate']['response']>

/** The simulation's lines in words: signed amounts (USD for the native currency where the price is known), then the allowances granted. */
export function simulationView(result: SimulationResult, context: DescribeContext): SimulationView {
  if (result.status === 'reverts') return { state: 'reverts', reason: escapeDeceptive(result.reason) }
  if (result.status === 'unavailable') return { state: 'unavailable', reason: result.reason }
  const { chain } = context
  const lines: { text: string; kind: 'out' | 'in' | 'approval' }[] = []
  const who = (address: string) => (isAddress(address, { strict: false }) ? named(getAddress(address), context.names) : address)
  for (const change of result.changes) {
    const diff = BigInt(change.diff)
    const sign = diff < 0n ? '−' : '+'
    const size = diff < 0n ? -diff : diff
    const symbol = change.symbol ?? (change.token ? `of token ${change.token}` : chain.nativeCurrency.symbol)
    let text: string
    if (change.kind === 'native') text = `${sign}${formatAmount(size, chain.nativeCurrency.decimals, chain.nativeCurrency.symbol)}${usd(size, chain.nativeCurrency.decimals, chain.usd)}`
    else if (change.kind === 'erc20') text = change.decimals === undefined ? `${sign}${size} units ${symbol}` : `${sign}${formatAmount(size, change.decimals, symbol)}`
    else text = `${sign}${size} ${symbol} NFT${size === 1n ? '' : 's'}${change.tokenIds && change.tokenIds.length > 0 ? ` (#${change.tokenIds.join(', #')})` : ''}`
    lines.push({ text, kind: diff < 0n ? 'out' : 'in' })
  }
  for (const grant of result.approvals) {
    const token = grant.symbol ?? context.names?.get(grant.token.toLowerCase()) ?? `token ${grant.token}`
    const spender = who(grant.spender)
    let text: string
    if (grant.revoked) text = `Removes the approval of ${spender} for your ${token}`
    else if (grant.kind === 'all') text = `Approval to ${spender} for every ${token} NFT you hold, now and later`
    else if (grant.kind === 'nft') text = `Approval to ${spender} for your ${token} #${grant.tokenId ?? '?'}`
    else if (grant.unlimited) text = `Unlimited approval to ${spender} for your ${token}`
    else {
      text = `Approval to ${spender} for ${grant.decimals === undefined ? `${grant.amount ?? '?'} units of` : formatUnits(BigInt(grant.amount ?? '0'), grant.decimals)} ${token}`
    }
    lines.push({ text, kind: 'approval' })
  }
  return { state: 'done', lines }
}
export type ChainFacts = { id: number; name: string; nativeCurrency: { name: string; symbol: string; decimals: number }; usd?: number | undefined }

/** What the description needs besides the request: every value read by the frame from its own service. */
export type DescribeContext = {
  chain: ChainFacts
  /** The signed-in account (the request's `from` must be it; the service checks too). */
  account: Address
  /** The contract of `contractToRead`, read from the chain: an ERC-20's symbol and decimals, or an NFT collection. */
  token?: Token | null | undefined
  /** A user operation's calls: each called contract read the same way (lower-case address -> token). */
  tokens?: ReadonlyMap<string, Token | null> | undefined
  /** Names the frame knows for addresses (a token contract's own name). */
  names?: ReadonlyMap<string, string> | undefined
  /** The network fee estimate in wei (gas estimate × gas price); null when the chain could not estimate it (the transaction would likely fail). */
  feeWei?: bigint | null | undefined
}

export type TreeNode = { label: string; value?: string; children?: TreeNode[] }
export type Row = { label: string; value: string; testId: string }
export type Description = {
  title: string
  /** The one sentence a transaction comes down to ("Send 25 USDC to 0x…"). */
  summary?: string
  warnings: string[]
  /** What hands over control of the visitor's assets, in words: shown apart, and each must be marked read before Approve arms. */
  dangers?: string[]
  /** What the request would do to the account's balances, simulated on the chain's node (transactions and user operations). */
  simulation?: SimulationView
  rows: Row[]
  /** personal_sign: the text (or hex) that is signed. */
  message?: { kind: 'text' | 'hex'; text: string }
  /** eth_signTypedData_v4: the message, field by field, as its types say. */
  tree?: TreeNode
  /** Calldata the wallet cannot read, shown as it is. */
  raw?: string
}

const named = (address: Address, names: ReadonlyMap<string, string> | undefined) => {
  const name = names?.get(address.toLowerCase())
  return name ? `${name} (${address})` : address
}

const usd = (amount: bigint, decimals: number, price: number | undefined) => {
  if (price === undefined || price <= 0) return ''
  const dollars = Number(formatUnits(amount, decimals)) * price
  return ` (≈ $${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })})`
}

/** The request in words, from the frozen copy and the context alone. */
export function describe(request: FrozenRequest, context: DescribeContext): Description {
  const { chain } = context
  const network: Row = { label: 'Network', value: `${chain.name} (${chain.id})`, testId: 'network' }
  if (request.method === 'personal_sign') {
    const view = messageView(request.params[0])
    return {
      title: 'Sign this message',
      warnings: view.kind === 'hex' ? [view.warning] : [],
      rows: [network, { label: 'Account', value: request.params[1], testId: 'account' }],
      message: { kind: view.kind, text: view.text },
    }
  }
  if (request.method === 'eth_signTypedData_v4') {
    const [account, typed] = request.params
    const { domain } = typed
    const rows: Row[] = [network, { label: 'Account', value: account, testId: 'account' }]
    if (domain.name !== undefined) rows.push({ label: 'App', value: escapeDeceptive(domain.name), testId: 'domain-name' })
    if (domain.version !== undefined) rows.push({ label: 'Version', value: escapeDeceptive(domain.version), testId: 'domain-version' })
    if (domain.chainId !== undefined) rows.push({ label: 'Chain', value: `${chain.name} (${chainNumber(domain.chainId)})`, testId: 'domain-chain' })
    if (domain.verifyingContract !== undefined) rows.push({ label: 'Contract', value: named(domain.verifyingContract, context.names), testId: 'domain-contract' })
    if (domain.salt !== undefined) rows.push({ label: 'Salt', value: domain.salt, testId: 'domain-salt' })
    const { EIP712Domain: _domain, ...types } = typed.types
    const tree = typedTree(typed.primaryType, typed.primaryType, typed.message, types)
    const warnings: string[] = []
    if (domain.chainId === undefined) warnings.push(APPROVAL_TEXT.noChainId)
    const texts = [domain.name ?? '', domain.version ?? '', ...treeTexts(typed.primaryType, typed.message, types)]
    if (texts.some(hasDeceptive)) warnings.push(APPROVAL_TEXT.deceptiveText)
    return { title: 'Sign typed data', warnings, rows, tree }
  }
  if (request.method === 'eth_sendUserOperation') return describeUserOperation(request, context)
  const [tx] = request.params
  const native = chain.nativeCurrency
  const value = tx.value === undefined ? 0n : BigInt(tx.value)
  const rows: Row[] = [network, { label: 'From', value: tx.from ?? context.account, testId: 'from' }]
  rows.push({ label: 'To', value: tx.to === undefined ? '—' : named(tx.to, context.names), testId: 'to' })
  rows.push({ label: 'Value', value: `${formatAmount(value, native.decimals, native.symbol)}${usd(value, native.decimals, chain.usd)}`, testId: 'value' })
  rows.push({
    label: 'Network fee',
    value: context.feeWei === undefined || context.feeWei === null ? 'Unknown' : `≈ ${formatAmount(context.feeWei, native.decimals, native.symbol)}${usd(context.feeWei, native.decimals, chain.usd)}`,
    testId: 'fee',
  })
  const warnings: string[] = []
  // What hands the visitor's assets over (an unlimited allowance, every NFT of a collection): each must be marked read before Approve arms.
  const dangers: string[] = []
  if (tx.to === undefined) warnings.push(APPROVAL_TEXT.noRecipient)
  if (context.feeWei === null) warnings.push(APPROVAL_TEXT.noEstimate)
  const data = tx.data ?? tx.input
  const call = decodeCall(data)
  const token = context.token
  let summary: string | undefined
  const symbolOf = (t: Token) => t.symbol || 'tokens'
  switch (call.kind) {
    case 'none':
      summary = `Send ${formatAmount(value, native.decimals, native.symbol)} to ${tx.to === undefined ? 'a new contract' : named(tx.to, context.names)}`
      break
    case 'erc20Transfer':
      if (token && !token.nft) summary = `Send ${formatAmount(call.amount, token.decimals, symbolOf(token))} to ${named(call.to, context.names)}`
      break
    case 'erc20Approve':
      if (token && !token.nft) {
        if (isUnlimited(call.amount, token.decimals)) {
          summary = `Allow ${named(call.spender, context.names)} to spend unlimited ${symbolOf(token)}`
          dangers.push(fill(APPROVAL_TEXT.unlimited, { spender: call.spender, symbol: symbolOf(token) }))
        } else summary = `Allow ${named(call.spender, context.names)} to spend ${formatAmount(call.amount, token.decimals, symbolOf(token))}`
      } else if (token?.nft) summary = `Allow ${named(call.spender, context.names)} to transfer NFT #${call.amount} of ${token.name ?? token.symbol}`
      break
    case 'transferFrom':
      if (token?.nft) summary = `Transfer NFT #${call.amount} of ${token.name ?? token.symbol} from ${named(call.from, context.names)} to ${named(call.to, context.names)}`
      else if (token) summary = `Send ${formatAmount(call.amount, token.decimals, symbolOf(token))} from ${named(call.from, context.names)} to ${named(call.to, context.names)}`
      break
    case 'nftSafeTransfer':
      summary = `Transfer NFT #${call.tokenId}${token ? ` of ${token.name ?? token.symbol}` : ''} from ${named(call.from, context.names)} to ${named(call.to, context.names)}`
      break
    case 'nftApproveAll':
      summary = call.approved
        ? `Allow ${named(call.operator, context.names)} to transfer all your NFTs${token ? ` of ${token.name ?? token.symbol}` : ''}`
        : `Revoke ${named(call.operator, context.names)}'s access to your NFTs`
      if (call.approved) dangers.push(fill(APPROVAL_TEXT.unlimited, { spender: call.operator, symbol: token ? (token.name ?? token.symbol) : 'NFTs' }))
      break
    case 'unknown':
      break
  }
  const description: Description = { title: 'Send a transaction', warnings, rows, ...(dangers.length > 0 ? { dangers } : {}) }
  if (summary !== undefined) description.summary = summary
  if (data !== undefined && data !== '0x' && summary === undefined) {
    // Unknown calldata, or a token call on a contract that did not answer as a token: raw, under a
    // warning (a contract's creation code is raw too, under its own warning).
    if (tx.to !== undefined) description.warnings.push(APPROVAL_TEXT.unknownCalldata)
    description.raw = data
  }
  return description
}

type Types = Record<string, readonly { name: string; type: string }[]>

/** The typed data's message as its types describe it: exactly the fields that are signed, in their order. */
export function typedTree(label: string, type: string, value: unknown, types: Types): TreeNode {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    const items = Array.isArray(value) ? value : []
    return { label, children: items.map((item, i) => typedTree(`${label}[${i}]`, array[1]!, item, types)) }
  }
  const fields = types[type]
  if (fields) {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
    return { label, children: fields.map((f) => typedTree(f.name, f.type, record[f.name], types)) }
  }
  if (type === 'address' && typeof value === 'string' && isAddress(value, { strict: false })) return { label, value: getAddress(value) }
  return { label: escapeDeceptive(label), value: escapeDeceptive(typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : (JSON.stringify(value) ?? '')) }
}

/** Every string the typed data's message shows (field names and values), to look for deceptive characters. */
function treeTexts(type: string, value: unknown, types: Types): string[] {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) return (Array.isArray(value) ? value : []).flatMap((item) => treeTexts(array[1]!, item, types))
  const fields = types[type]
  if (fields) {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
    return fields.flatMap((f) => [f.name, ...treeTexts(f.type, record[f.name], types)])
  }
  return typeof value === 'string' ? [value] : []
}

/**
 * A smart account's user operation in words: each call it makes (decoded from its callData, the
 * first one's summary as a transaction's), who pays the gas ("Gas sponsored" when a paymaster does),
 * whether it deploys the account, and the operation's hash, which is what the owner's key signs.
 */
function describeUserOperation(request: Extract<FrozenRequest, { method: 'eth_sendUserOperation' }>, context: DescribeContext): Description {
  const { chain } = context
  const [prepared] = request.params
  const op = prepared.userOperation
  const native = chain.nativeCurrency
  const calls = callsAsTransactions(request)
  const rows: Row[] = [
    { label: 'Network', value: `${chain.name} (${chain.id})`, testId: 'network' },
    { label: 'Smart account', value: getAddress(op.sender), testId: 'from' },
  ]
  const warnings: string[] = []
  const dangers: string[] = []
  let summary: string | undefined
  let raw: string | undefined
  if (calls.length === 0) {
    warnings.push(APPROVAL_TEXT.unknownAccountCall)
    raw = op.callData
  }
  calls.forEach((call, i) => {
    // Each call as the transaction it amounts to; the fee is the operation's, shown once below.
    const target = call.params[0].to?.toLowerCase()
    const one = describe(call, { ...context, feeWei: undefined, token: (target === undefined ? undefined : context.tokens?.get(target)) ?? (calls.length === 1 ? context.token : undefined) })
    const label = calls.length === 1 ? '' : `Call ${i + 1}: `
    const tx = call.params[0]
    rows.push({ label: `${label}To`, value: tx.to === undefined ? '—' : (one.rows.find((r) => r.testId === 'to')?.value ?? tx.to), testId: calls.length === 1 ? 'to' : `call-${i + 1}-to` })
    rows.push({ label: `${label}Value`, value: one.rows.find((r) => r.testId === 'value')?.value ?? '', testId: calls.length === 1 ? 'value' : `call-${i + 1}-value` })
    if (one.summary !== undefined) {
      if (calls.length === 1) summary = one.summary
      else rows.push({ label: `${label}Action`, value: one.summary, testId: `call-${i + 1}-summary` })
    }
    for (const w of one.warnings) if (!warnings.includes(w)) warnings.push(w)
    for (const d of one.dangers ?? []) if (!dangers.includes(d)) dangers.push(d)
    if (one.raw !== undefined) raw = raw === undefined ? one.raw : `${raw}\n${one.raw}`
  })
  if (calls.length > 1) summary = `${calls.length} calls in one operation`
  const maxGas =
    BigInt(op.callGasLimit) + BigInt(op.verificationGasLimit) + BigInt(op.preVerificationGas) + BigInt(op.paymasterVerificationGasLimit ?? '0x0') + BigInt(op.paymasterPostOpGasLimit ?? '0x0')
  const maxFee = maxGas * BigInt(op.maxFeePerGas)
  // "Gas sponsored" only when the operation names a paymaster, which is then shown with its gas limits and data.
  rows.push({
    label: 'Network fee',
    value: op.paymaster !== undefined ? 'Gas sponsored' : `at most ${formatAmount(maxFee, native.decimals, native.symbol)}${usd(maxFee, native.decimals, chain.usd)}`,
    testId: 'fee',
  })
  if (op.paymaster !== undefined) {
    const named = context.names?.get(op.paymaster.toLowerCase())
    rows.push({ label: 'Paymaster', value: named ? `${named} (${getAddress(op.paymaster)})` : getAddress(op.paymaster), testId: 'paymaster' })
    rows.push({
      label: 'Paymaster gas limits',
      value: `${BigInt(op.paymasterVerificationGasLimit ?? '0x0').toLocaleString('en-US')} verification, ${BigInt(op.paymasterPostOpGasLimit ?? '0x0').toLocaleString('en-US')} after the operation`,
      testId: 'paymaster-gas',
    })
    rows.push({ label: 'Paymaster data', value: op.paymasterData ?? '0x', testId: 'paymaster-data' })
  }
  rows.push({
    label: 'Gas limits',
    value: `${BigInt(op.callGasLimit).toLocaleString('en-US')} for the calls, ${BigInt(op.verificationGasLimit).toLocaleString('en-US')} verification, ${BigInt(op.preVerificationGas).toLocaleString('en-US')} before`,
    testId: 'gas-limits',
  })
  if (op.factory !== undefined) warnings.push(APPROVAL_TEXT.deploys)
  rows.push({ label: 'User operation', value: prepared.hash, testId: 'user-operation-hash' })
  const description: Description = { title: 'Send a user operation', warnings, rows, ...(dangers.length > 0 ? { dangers } : {}) }
  if (summary !== undefined) description.summary = summary
  if (raw !== undefined) description.raw = raw
  return description
}
