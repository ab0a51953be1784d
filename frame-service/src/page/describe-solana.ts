import { solanaAccountKeys, type CompiledMessage, type SolanaLookupTables } from '@portico/simulation/solana/keys'
import { getBase58Decoder, getBase58Encoder, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { solanaSignMessageParamsSchema, solanaTransactionParamsSchema } from '@portico/shared-types/solana'
import { formatUnits } from 'viem'
import * as z from 'zod'
import type { FRAME_API } from '../api.ts'
import { APPROVAL_TEXT, ApprovalRefused, deepFreeze, escapeDeceptive, messageView, type Description, type Row, type SimulationView } from './describe.ts'

/**
 * What the secure frame shows of a Solana request before its user's ed25519 key signs it: the
 * request parsed and frozen, then described from that copy alone. A message is shown as its text (or
 * hex under a warning); a transaction is decoded from its wire bytes: its SOL transfers (amount and
 * receiver), its SPL token transfers (amount, mint, receiver's token account and, where the same
 * transaction creates that account, its owner), the fee payer and signers, and a warning for any
 * program the wallet cannot read.
 */

export const SOLANA_APPROVAL_TEXT = {
  notSigner: 'The transaction does not ask for the signature of your account {account}',
  unknownPrograms: 'This transaction also calls programs the wallet cannot read ({programs}). Approve only if you trust the app.',
  otherFeePayer: 'Another account pays the network fee: {payer}',
  lookupTables: 'This transaction reads accounts from address lookup tables the wallet cannot show.',
  highFee: 'This transaction pays a network fee of {fee}, above {limit}.',
  // What an instruction that hands over control does, said before Approve arms (each must be read).
  giveAccountOwner: 'Gives control of token account {account} to {to}: they can then move or close it.',
  giveCloseAuthority: 'Lets {to} close token account {account} and take its SOL.',
  giveMintAuthority: 'Gives the right to mint the token {account} to {to}.',
  giveFreezeAuthority: 'Gives the right to freeze the token {account}’s accounts to {to}.',
  dropAuthority: 'Removes the {authority} authority of {account} for good: nobody will hold it.',
  closeAccount: 'Closes token account {account}: its tokens must be gone, and its SOL goes to {to}.',
  approve: 'Lets {to} spend {amount} from token account {account}, now and later, without asking you.',
  assign: 'Gives account {account} to the program {to}: that program then controls its SOL and data.',
  advanceNonce: 'Uses the durable nonce {account}: this transaction stays valid until that nonce changes, not only for the next minutes.',
} as const

/** Above this network fee (base and priority), the approval warns (0.01 SOL). */
export const SOLANA_FEE_WARNING_LAMPORTS = 10_000_000n
/** What one signature costs (Solana's base fee), in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n
/** The compute units a transaction may use when it sets no limit: 200,000 per instruction, at most 1,400,000. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''))

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SOL_DECIMALS = 9

export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export type SolanaMethod = (typeof SOLANA_METHODS)[number]

/** A Solana request as the frame keeps it from the moment it is shown: deep-frozen; signed as it is. */
export type SolanaFrozenRequest = Readonly<
  | { method: 'solana_signMessage'; network: string; params: readonly [{ readonly message: string; readonly pubkey?: string | undefined }] }
  | {
      method: 'solana_signTransaction' | 'solana_signAndSendTransaction'
      network: string
      params: readonly [{ readonly transaction: string; readonly options?: { readonly skipPreflight?: boolean | undefined } | undefined }]
    }
>

export const isSolanaMethod = (method: string): method is SolanaMethod => (SOLANA_METHODS as readonly string[]).includes(method)

function parse<S extends z.core.$ZodType>(schema: S, value: unknown, method: string): z.output<S> {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid' }))
  }
  return parsed.data
}

const sendOptions = z.object({ skipPreflight: z.boolean().optional() }).optional()

/**
 * Parses a Solana request into the frozen copy that is shown and then signed (a structuredClone
 * first, so nothing the page holds can change it). Only the fields the service reads are kept.
 */
export function freezeSolanaRequest(method: string, params: unknown, network: string): SolanaFrozenRequest {
  const copy: unknown = structuredClone(params)
  if (method === 'solana_signMessage') {
    const [{ message, pubkey }] = parse(solanaSignMessageParamsSchema, copy, method)
    try {
      getBase58Encoder().encode(message)
    } catch {
      throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: 'the message is not base58' }))
    }
    return deepFreeze({ method, network, params: [{ message, ...(pubkey === undefined ? {} : { pubkey }) }] as const })
  }
  if (method === 'solana_signTransaction' || method === 'solana_signAndSendTransaction') {
    const [input] = parse(solanaTransactionParamsSchema, copy, method)
    const options = parse(sendOptions, input['options'], method)
    // Refused here when the bytes are no transaction at all.
    decodeTransaction(input.transaction, method)
    return deepFreeze({
      method,
      network,
      params: [{ transaction: input.transaction, ...(options?.skipPreflight === undefined ? {} : { options: { skipPreflight: options.skipPreflight } }) }] as const,
    })
  }
  throw new ApprovalRefused(fill(APPROVAL_TEXT.unsupported, { method }))
}

/** A transfer the transaction makes, as the visitor reads it. */
export type SolanaTransfer =
  | { kind: 'sol'; from: string; to: string; lamports: bigint }
  | { kind: 'spl'; source: string; destination: string; owner: string | undefined; mint: string | undefined; amount: bigint; decimals: number | undefined; authority: string }

export type DecodedSolanaTransaction = {
  feePayer: string
  signers: string[]
  transfers: SolanaTransfer[]
  /** The network fee the fee payer pays, in lamports: the signatures' base fee and the priority fee its ComputeBudget instructions set. */
  fee: { base: bigint; priority: bigint; computeUnitLimit: bigint; microLamportsPerUnit: bigint }
  /** What its instructions that hand over control do (SetAuthority, CloseAccount, Approve, Assign, AdvanceNonceAccount), in words. */
  dangers: string[]
  /** Programs called besides the ones read here (System, SPL Token, Associated Token, Compute Budget). */
  unknownPrograms: string[]
  /** Some account indices point into address lookup tables (v0) that could not be read. */
  usesLookupTables: boolean
  /** The address lookup tables the transaction reads. */
  lookupTables: string[]
}

const base58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
const u64 = (data: Uint8Array, offset: number): bigint | undefined => (data.length >= offset + 8 ? new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true) : undefined)

/** A wire transaction (base64) read into its signers and compiled message; a malformed one is refused. */
function readWire(base64: string, method: string): { signers: string[]; message: CompiledMessage } {
  try {
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
    return { signers: Object.keys(decoded.signatures), message: getCompiledTransactionMessageDecoder().decode(decoded.messageBytes) }
  } catch {
    throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: 'not a Solana transaction' }))
  }
}

const lookupsOf = (message: CompiledMessage) => ('addressTableLookups' in message ? (message.addressTableLookups ?? []) : [])

/** The lookup tables a wire transaction (base64) reads; none when it is legacy or unreadable. */
export function solanaLookupTablesOf(base64: string): string[] {
  try {
    return lookupsOf(readWire(base64, 'solana_signTransaction').message).map((l) => l.lookupTableAddress)
  } catch {
    return []
  }
}

/**
 * Decodes a wire transaction (base64) into what the approval shows; a malformed one is refused. The
 * accounts it loads from address lookup tables are read from `tables`; those missing there leave it
 * `usesLookupTables`.
 */
export function decodeTransaction(base64: string, method: string, tables?: SolanaLookupTables): DecodedSolanaTransaction {
  const { signers, message } = readWire(base64, method)
  const resolved = solanaAccountKeys(message, tables)
  const accounts = resolved.keys
  const feePayer = message.staticAccounts[0]
  if (feePayer === undefined) throw new ApprovalRefused(fill(APPROVAL_TEXT.invalidParams, { method, detail: 'the transaction has no fee payer' }))
  const transfers: SolanaTransfer[] = []
  const unknown = new Set<string>()
  let usesLookupTables = resolved.unresolved.length > 0
  /** Associated token account -> its owner, from the account creations in this transaction. */
  const owners = new Map<string, string>()
  const instructions = 'instructions' in message ? message.instructions : []
  const dangers: string[] = []
  let unitLimit: bigint | undefined
  let unitPrice = 0n
  const at = (indices: readonly number[] | undefined, i: number): string | undefined => {
    const index = indices?.[i]
    if (index === undefined) return undefined
    const account = accounts[index]
    if (account === undefined) usesLookupTables = true
    return account
  }
  for (const instruction of instructions) {
    const program = accounts[instruction.programAddressIndex]
    if (program === ASSOCIATED_TOKEN_PROGRAM) {
      const ata = at(instruction.accountIndices, 1)
      const owner = at(instruction.accountIndices, 2)
      if (ata && owner) owners.set(ata, owner)
    }
  }
  for (const instruction of instructions) {
    const program = accounts[instruction.programAddressIndex]
    const data = new Uint8Array(instruction.data ?? [])
    const indices = instruction.accountIndices
    if (program === SYSTEM_PROGRAM) {
      const lamports = u64(data, 4)
      const tag = data.length >= 4 ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true) : -1
      const from = at(indices, 0)
      const to = at(indices, 1)
      // Transfer (2); Assign (1) and AdvanceNonceAccount (4) in words; any other System instruction is named as a program the wallet does not read.
      if (tag === 2 && lamports !== undefined && from && to) transfers.push({ kind: 'sol', from, to, lamports })
      else if (tag === 1 && data.length >= 36 && from) dangers.push(fill(SOLANA_APPROVAL_TEXT.assign, { account: from, to: base58(data.subarray(4, 36)) }))
      else if (tag === 4 && from) dangers.push(fill(SOLANA_APPROVAL_TEXT.advanceNonce, { account: from }))
      else unknown.add(`${program} (instruction ${tag})`)
    } else if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) {
      const tag = data[0]
      const amount = u64(data, 1)
      if (tag === 3 && amount !== undefined) {
        const source = at(indices, 0)
        const destination = at(indices, 1)
        const authority = at(indices, 2)
        if (source && destination && authority) transfers.push({ kind: 'spl', source, destination, owner: owners.get(destination), mint: undefined, amount, decimals: undefined, authority })
      } else if (tag === 12 && amount !== undefined && data.length >= 10) {
        const source = at(indices, 0)
        const mint = at(indices, 1)
        const destination = at(indices, 2)
        const authority = at(indices, 3)
        if (source && destination && authority) transfers.push({ kind: 'spl', source, destination, owner: owners.get(destination), mint, amount, decimals: data[9], authority })
      } else if (tag === 6 && data.length >= 3) {
        // SetAuthority: the authority's type, then an optional new authority.
        const account = at(indices, 0) ?? 'an account from a lookup table'
        const kind = data[1]
        const to = data[2] === 1 && data.length >= 35 ? base58(data.subarray(3, 35)) : undefined
        const names = ['mint', 'freeze', 'owner', 'close'] as const
        const text =
          to === undefined
            ? fill(SOLANA_APPROVAL_TEXT.dropAuthority, { authority: names[kind ?? 0] ?? `type ${kind}`, account })
            : fill(
                kind === 0
                  ? SOLANA_APPROVAL_TEXT.giveMintAuthority
                  : kind === 1
                    ? SOLANA_APPROVAL_TEXT.giveFreezeAuthority
                    : kind === 3
                      ? SOLANA_APPROVAL_TEXT.giveCloseAuthority
                      : SOLANA_APPROVAL_TEXT.giveAccountOwner,
                { account, to },
              )
        dangers.push(text)
      } else if (tag === 9) {
        dangers.push(fill(SOLANA_APPROVAL_TEXT.closeAccount, { account: at(indices, 0) ?? 'an account from a lookup table', to: at(indices, 1) ?? 'an account from a lookup table' }))
      } else if ((tag === 4 || tag === 13) && amount !== undefined) {
        // Approve (source, delegate, owner) and ApproveChecked (source, mint, delegate, owner; then the decimals).
        const checked = tag === 13
        const account = at(indices, 0) ?? 'an account from a lookup table'
        const to = at(indices, checked ? 2 : 1) ?? 'an account from a lookup table'
        const shown = checked && data.length >= 10 ? `${formatUnits(amount, data[9]!)} of token ${at(indices, 1) ?? '—'}` : `${amount} units`
        dangers.push(fill(SOLANA_APPROVAL_TEXT.approve, { account, to, amount: shown }))
      } else unknown.add(`${program} (instruction ${tag ?? '—'})`)
    } else if (program === COMPUTE_BUDGET_PROGRAM) {
      // SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64 micro-lamports per unit) make the priority fee.
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true))
      else if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
    } else if (program !== ASSOCIATED_TOKEN_PROGRAM) {
      unknown.add(program ?? 'a program from a lookup table')
    }
  }
  const counted = BigInt(instructions.filter((i) => accounts[i.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM).length)
  const computeUnitLimit = unitLimit ?? (counted * DEFAULT_UNITS_PER_INSTRUCTION < MAX_COMPUTE_UNITS ? counted * DEFAULT_UNITS_PER_INSTRUCTION : MAX_COMPUTE_UNITS)
  // micro-lamports to lamports, rounded up as the runtime does.
  const priority = (unitPrice * computeUnitLimit + 999_999n) / 1_000_000n
  const fee = { base: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts), priority, computeUnitLimit, microLamportsPerUnit: unitPrice }
  return { feePayer, signers, transfers, fee, dangers, unknownPrograms: [...unknown], usesLookupTables, lookupTables: resolved.tables }
}

/** What the Solana description needs besides the request. */
export type SolanaDescribeContext = {
  /** The signed-in user's Solana address: the transaction must ask for its signature. */
  account: string
  /** The network's name. */
  networkName: string
  /** The address lookup tables the transaction reads, as the network holds them (read by the frame's service). */
  lookupTables?: SolanaLookupTables | undefined
}

const sol = (lamports: bigint) => `${formatUnits(lamports, SOL_DECIMALS)} SOL`
const tokenAmount = (t: Extract<SolanaTransfer, { kind: 'spl' }>) => (t.decimals === undefined ? `${t.amount} units` : formatUnits(t.amount, t.decimals))
const tokenName = (t: Extract<SolanaTransfer, { kind: 'spl' }>) => (t.mint ? `of token ${t.mint}` : 'of a token')
const receiver = (t: Extract<SolanaTransfer, { kind: 'spl' }>) => t.owner ?? `token account ${t.destination}`

/** One transfer in words ("Send 0.1 SOL to …"). */
export function transferText(t: SolanaTransfer): string {
  return t.kind === 'sol' ? `Send ${sol(t.lamports)} to ${t.to}` : `Send ${tokenAmount(t)} ${tokenName(t)} to ${receiver(t)}`
}

/** The Solana request in words, from the frozen copy and the context alone; a transaction the user's key does not sign is refused. */
export function describeSolana(request: SolanaFrozenRequest, context: SolanaDescribeContext): Description {
  const network: Row = { label: 'Network', value: context.networkName, testId: 'network' }
  const account: Row = { label: 'Account', value: context.account, testId: 'account' }
  if (request.method === 'solana_signMessage') {
    const [{ message, pubkey }] = request.params
    if (pubkey !== undefined && pubkey !== context.account) throw new ApprovalRefused(`Unknown account ${pubkey}`)
    const bytes = getBase58Encoder().encode(message)
    const view = messageView(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`)
    return { title: 'Sign this message', warnings: view.kind === 'hex' ? [view.warning] : [], rows: [network, account], message: { kind: view.kind, text: view.text } }
  }
  const decoded = decodeTransaction(request.params[0].transaction, request.method, context.lookupTables)
  if (!decoded.signers.includes(context.account)) throw new ApprovalRefused(fill(SOLANA_APPROVAL_TEXT.notSigner, { account: context.account }))
  const rows: Row[] = [network, account]
  const warnings: string[] = []
  if (decoded.feePayer !== context.account) warnings.push(fill(SOLANA_APPROVAL_TEXT.otherFeePayer, { payer: decoded.feePayer }))
  decoded.transfers.forEach((t, i) => {
    const n = decoded.transfers.length > 1 ? ` ${i + 1}` : ''
    if (t.kind === 'sol') {
      rows.push({ label: `To${n}`, value: t.to, testId: `to${n.trim()}` })
      rows.push({ label: `Amount${n}`, value: sol(t.lamports), testId: `value${n.trim()}` })
      if (t.from !== context.account) rows.push({ label: `From${n}`, value: t.from, testId: `from${n.trim()}` })
    } else {
      rows.push({ label: `To${n}`, value: t.owner ? `${t.owner} (token account ${t.destination})` : `token account ${t.destination}`, testId: `to${n.trim()}` })
      rows.push({ label: `Amount${n}`, value: `${tokenAmount(t)} ${tokenName(t)}`, testId: `value${n.trim()}` })
    }
  })
  const { base, priority } = decoded.fee
  const total = base + priority
  const payer = decoded.feePayer === context.account ? '' : ` (paid by ${decoded.feePayer})`
  rows.push({ label: 'Network fee', value: `${sol(total)}${priority > 0n ? ` (${sol(base)} and ${sol(priority)} priority)` : ''}${payer}`, testId: 'fee' })
  if (decoded.feePayer === context.account && total > SOLANA_FEE_WARNING_LAMPORTS) warnings.push(fill(SOLANA_APPROVAL_TEXT.highFee, { fee: sol(total), limit: sol(SOLANA_FEE_WARNING_LAMPORTS) }))
  if (decoded.unknownPrograms.length > 0) warnings.push(fill(SOLANA_APPROVAL_TEXT.unknownPrograms, { programs: decoded.unknownPrograms.join(', ') }))
  if (decoded.usesLookupTables) warnings.push(SOLANA_APPROVAL_TEXT.lookupTables)
  const summary = decoded.transfers.length > 0 ? decoded.transfers.map(transferText).join('; ') : undefined
  const description: Description = {
    title: request.method === 'solana_signAndSendTransaction' ? 'Send a Solana transaction' : 'Sign a Solana transaction',
    warnings,
    rows,
  }
  if (decoded.dangers.length > 0) description.dangers = decoded.dangers
  if (summary !== undefined) description.summary = summary
  if (summary === undefined && decoded.unknownPrograms.length === 0 && decoded.dangers.length === 0 && !decoded.usesLookupTables) description.summary = 'This transaction moves no SOL or tokens'
  rows.push({ label: 'Signers', value: decoded.signers.join(', '), testId: 'signers' })
  if (decoded.lookupTables.length > 0) rows.push({ label: 'Address lookup tables', value: decoded.lookupTables.join(', '), testId: 'lookup-tables' })
  return description
}

/** The service's simulation of a Solana transaction: FRAME_API.solanaSimulate's answer, parsed (amounts as decimal strings). */
export type SolanaSimulationResult = z.output<(typeof FRAME_API)['solanaSimulate']['response']>

/** The simulation's lines in words: "−0.5 SOL", "+12 USDC" (a token the frame has no symbol for is named by its mint). */
export function solanaSimulationView(result: SolanaSimulationResult): SimulationView {
  if (result.status === 'reverts') return { state: 'reverts', reason: escapeDeceptive(result.reason) }
  if (result.status === 'unavailable') return { state: 'unavailable', reason: escapeDeceptive(result.reason) }
  const lines = result.changes.map((change) => {
    const diff = BigInt(change.diff)
    const sign = diff < 0n ? '−' : '+'
    const size = diff < 0n ? -diff : diff
    let text: string
    if (change.kind === 'sol') text = `${sign}${sol(size)}`
    else {
      const name = change.symbol === undefined ? `of token ${change.mint ?? '—'}` : escapeDeceptive(change.symbol)
      text = change.decimals === undefined ? `${sign}${size} units ${name}` : `${sign}${formatUnits(size, change.decimals)} ${name}`
    }
    return { text, kind: diff < 0n ? ('out' as const) : ('in' as const) }
  })
  return { state: 'done', lines }
}

/** base58 of bytes (tests and the page's own answers). */
export const toBase58 = base58
