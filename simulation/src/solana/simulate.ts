import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import * as z from 'zod/mini'
import { METHOD_NOT_FOUND, readAccounts, readLookupTables, rpcAccountSchema, solanaCall, SolanaRpcCallError, type RpcAccount, type SolanaNode } from './chain.ts'
import { solanaAccountKeys, type CompiledMessage } from './keys.ts'

/**
 * What a Solana transaction would do to the visitor's account, before it is signed: the transaction
 * runs on the network's own RPC (`simulateTransaction`, signatures not checked, on the latest
 * blockhash) and the RPC answers the state after it of the visitor's account and of the token accounts
 * the transaction may write; the difference with their state before it (getMultipleAccounts) is the
 * SOL and the tokens the account sends and receives. The network fee is left out (it is shown on its
 * own line). The accounts a v0 transaction loads from address lookup tables are read from the network
 * too. Every answer of the RPC is read through a schema. No outside service: the dapp's (or the
 * deployer's) RPC answers. The modal's Review step (in the core) and the embedded wallet's approvals
 * (in the frame service) both run it.
 */

const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
const PROGRAM_NAMES: Record<string, string> = {
  '11111111111111111111111111111111': 'System',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'SPL Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
}
/** The size of an SPL token account's base layout and of a mint's (Token-2022's extensions follow, after an account-type byte). */
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const ACCOUNT_TYPE_ACCOUNT = 2
const ACCOUNT_TYPE_MINT = 1
/** How long a simulation may take before the approval says it could not simulate (as for EVM transactions). */
export const SOLANA_SIMULATION_TIMEOUT_MS = 8_000
/** The most accounts simulateTransaction answers the state of. */
const SIMULATED_ACCOUNTS_MAX = 100

/** The token account in `account` (SPL Token or Token-2022, initialized), or undefined. */
function tokenAccount(account: RpcAccount): { mint: string; owner: string; amount: bigint } | undefined {
  if (!account || !TOKEN_PROGRAMS.has(account.owner)) return undefined
  const { data } = account
  if (data.length < TOKEN_ACCOUNT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT)) return undefined
  const token = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
  return token.state === 0 ? undefined : { mint: token.mint, owner: token.owner, amount: token.amount }
}

/** The decimals of the mint in `account`, or undefined when it is none. */
function mintDecimals(account: RpcAccount): number | undefined {
  if (!account || !TOKEN_PROGRAMS.has(account.owner)) return undefined
  const { data } = account
  if (data.length !== MINT_SIZE && !(data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT)) return undefined
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  return mint.isInitialized ? mint.decimals : undefined
}

/** The SPL Token program's errors (TokenError), by code, in words. */
const TOKEN_ERRORS = [
  'the account would not stay rent exempt',
  'not enough tokens in the account',
  'the mint is not valid',
  'the account belongs to another mint',
  'the account belongs to another owner',
  'the token has a fixed supply',
  'the account is already in use',
  'the number of signers is wrong',
  'the number of required signers is wrong',
  'the account is not initialized',
  'native SOL is not supported here',
  'a non-native account holds a balance',
  'the instruction is not valid',
  'the account is in a state that does not allow this',
  'the amount overflows',
  'this authority type is not supported',
  'the mint cannot freeze',
  'the account is frozen',
  'the decimals do not match the mint',
  'non-native tokens are not supported here',
]
/** The System program's errors (SystemError), by code, in words. */
const SYSTEM_ERRORS = [
  'the account already exists',
  'not enough SOL in the account',
  'the program id is not valid',
  'the account data length is not valid',
  'the account data is too large',
  'the nonce is not recent enough',
  'no durable nonce: the blockhash is not a nonce',
  'the nonce does not match',
]
/** Transaction-level errors a visitor can act on, in words; the others are named as the RPC names them. */
const TRANSACTION_ERRORS: Record<string, string> = {
  AccountNotFound: 'the account that pays the network fee holds no SOL',
  InsufficientFundsForFee: 'the account cannot pay the network fee',
  InsufficientFundsForRent: 'an account would be left with less SOL than its rent',
  AddressLookupTableNotFound: 'an address lookup table it reads does not exist',
  InvalidAddressLookupTableIndex: 'it reads an address lookup table entry that does not exist',
  InvalidAddressLookupTableOwner: 'an address lookup table it reads is not one',
  InvalidAddressLookupTableData: 'an address lookup table it reads does not decode',
  BlockhashNotFound: 'its blockhash has expired',
  AlreadyProcessed: 'it was already sent',
  ProgramAccountNotFound: 'it calls a program that does not exist',
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()

/** A simulation's error (Solana's TransactionError as JSON) in words, with the failing program's own message from its logs where it left one. */
export function solanaErrorReason(err: unknown, programs: readonly (string | undefined)[], logs: readonly string[]): string {
  if (typeof err === 'string') return TRANSACTION_ERRORS[err] ?? words(err)
  const instruction = z.object({ InstructionError: z.tuple([z.int().check(z.nonnegative()), z.unknown()]) }).safeParse(err)
  if (!instruction.success) return JSON.stringify(err).slice(0, 300)
  const [index, inner] = instruction.data.InstructionError
  const program = programs[index]
  const name = program === undefined ? 'a program' : (PROGRAM_NAMES[program] ?? program)
  const custom = z.object({ Custom: z.int().check(z.nonnegative()) }).safeParse(inner)
  let text: string
  if (custom.success) {
    const code = custom.data.Custom
    const known = program === '11111111111111111111111111111111' ? SYSTEM_ERRORS[code] : program && TOKEN_PROGRAMS.has(program) ? TOKEN_ERRORS[code] : undefined
    text = known ?? `custom program error 0x${code.toString(16)}`
  } else if (typeof inner === 'string') text = words(inner)
  else text = JSON.stringify(inner).slice(0, 200)
  // The program's own words ("Transfer: insufficient lamports 1000, need 2000"), when it logged them.
  const said = [...logs].reverse().find((line) => /^(Transfer: |Program log: Error: )/.test(line))
  return `instruction ${index + 1} (${name}) fails: ${text}${said ? ` (${said.replace(/^Program log: /, '').slice(0, 300)})` : ''}`
}

/**
 * What `account` gains and loses between two states of the `watched` accounts (the account first, then
 * token accounts): its lamports, less the network fee it pays (`fee`, shown apart), and per mint what
 * the token accounts it owns hold. A token account that changes hands counts as leaving it.
 */
export function solanaBalanceChanges(
  account: string,
  watched: readonly string[],
  before: ReadonlyMap<string, RpcAccount>,
  after: readonly RpcAccount[],
  fee: bigint,
): { lamports: bigint; tokens: [mint: string, diff: bigint][] } {
  const lamports = (after[0]?.lamports ?? 0n) - (before.get(account)?.lamports ?? 0n) + fee
  const tokens = new Map<string, bigint>()
  watched.forEach((address, i) => {
    if (i === 0) return
    const was = tokenAccount(before.get(address) ?? null)
    const is = tokenAccount(after[i] ?? null)
    if (was?.owner === account) tokens.set(was.mint, (tokens.get(was.mint) ?? 0n) - was.amount)
    if (is?.owner === account) tokens.set(is.mint, (tokens.get(is.mint) ?? 0n) + is.amount)
  })
  return { lamports, tokens: [...tokens].filter(([, diff]) => diff !== 0n) }
}

/** One asset the account sends or receives: `diff` is negative when it leaves the account, in the smallest unit (lamports, or the token's). */
export type SolanaAssetChange = { kind: 'sol' | 'spl'; mint?: string | undefined; symbol?: string | undefined; decimals?: number | undefined; diff: bigint }

export type SolanaSimulation = { status: 'simulated'; changes: SolanaAssetChange[] } | { status: 'reverts'; reason: string } | { status: 'unavailable'; reason: string }

const simulationSchema = z.object({
  value: z.object({
    err: z.unknown(),
    logs: z.optional(z.nullable(z.array(z.string().check(z.maxLength(10_000))).check(z.maxLength(10_000)))),
    accounts: z.optional(z.nullable(z.array(rpcAccountSchema))),
    fee: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  }),
})

/** What one signature costs (Solana's base fee), in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n

export type SimulateSolanaOptions = {
  node: SolanaNode
  /** The visitor's address (base58): whose changes are told. */
  account: string
  /** The transaction, unsigned, as wire bytes in base64. */
  transaction: string
  /** Symbols of known mints (mint → symbol); a mint not named here is shown by its address. */
  tokens?: Readonly<Record<string, string>> | undefined
  /**
   * The network fee the fee payer pays, in lamports, when the RPC does not answer it: by default the
   * base fee of the signatures (a caller that reads the ComputeBudget instructions adds the priority fee).
   */
  fee?: ((message: CompiledMessage) => bigint) | undefined
  /** Default SOLANA_SIMULATION_TIMEOUT_MS. */
  timeoutMs?: number | undefined
}

/**
 * Runs `transaction` on the node for `account` and answers what it would change for it, or why it
 * cannot tell: the transaction fails (with the error in words), or the RPC cannot simulate (no
 * simulateTransaction, no answer within the timeout). Never throws.
 */
export async function simulateSolanaTransaction(options: SimulateSolanaOptions): Promise<SolanaSimulation> {
  const { node, account, transaction } = options
  const signal = AbortSignal.timeout(options.timeoutMs ?? SOLANA_SIMULATION_TIMEOUT_MS)
  let message: CompiledMessage
  try {
    message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(getBase64Encoder().encode(transaction)).messageBytes)
  } catch {
    return { status: 'unavailable', reason: 'the transaction cannot be read' }
  }
  try {
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
    const tables =
      lookups.length === 0
        ? {}
        : await readLookupTables(
            node,
            lookups.map((l) => l.lookupTableAddress),
            signal,
          )
    const { keys, writable } = solanaAccountKeys(message, new Map(Object.entries(tables)))
    // The accounts the transaction may change besides the visitor's own: its token accounts among them are watched.
    const candidates = [...new Set(keys.filter((k, i): k is string => k !== undefined && writable[i] === true && k !== account))]
    const read = [account, ...candidates]
    const { accounts } = await readAccounts(node, read, signal)
    const stateBefore = new Map(read.map((address, i) => [address, accounts[i] ?? null]))
    // A token account the visitor holds now, or an account the transaction may create (the visitor's token account or not, its state after will say).
    const watched = read.filter((address, i) => i === 0 || stateBefore.get(address) === null || tokenAccount(stateBefore.get(address) ?? null)?.owner === account).slice(0, SIMULATED_ACCOUNTS_MAX)
    const simulated = await solanaCall(
      node,
      'simulateTransaction',
      [transaction, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed', accounts: { addresses: watched, encoding: 'base64' } }],
      simulationSchema,
      signal,
    )
    const { err, logs, accounts: after, fee } = simulated.value
    if (err !== null && err !== undefined) {
      const programs = ('instructions' in message ? message.instructions : []).map((ix) => keys[ix.programAddressIndex])
      return { status: 'reverts', reason: solanaErrorReason(err, programs, logs ?? []) }
    }
    if (!after || after.length !== watched.length) return { status: 'unavailable', reason: `${node.name} did not answer the accounts' state after the transaction` }
    const networkFee = fee === null || fee === undefined ? (options.fee?.(message) ?? LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)) : BigInt(fee)
    const { lamports, tokens: moved } = solanaBalanceChanges(account, watched, stateBefore, after, message.staticAccounts[0] === account ? networkFee : 0n)
    const mints =
      moved.length === 0
        ? []
        : (
            await readAccounts(
              node,
              moved.map(([mint]) => mint),
              signal,
            )
          ).accounts
    const changes: SolanaAssetChange[] = []
    if (lamports !== 0n) changes.push({ kind: 'sol', symbol: 'SOL', decimals: 9, diff: lamports })
    moved.forEach(([mint, diff], i) => {
      const symbol = options.tokens?.[mint]
      const decimals = mintDecimals(mints[i] ?? null)
      changes.push({ kind: 'spl', mint, diff, ...(symbol === undefined ? {} : { symbol }), ...(decimals === undefined ? {} : { decimals }) })
    })
    return { status: 'simulated', changes }
  } catch (error) {
    if (error instanceof SolanaRpcCallError) {
      if (error.code === METHOD_NOT_FOUND) return { status: 'unavailable', reason: `${node.name}'s RPC cannot simulate transactions` }
      return { status: 'unavailable', reason: error.message }
    }
    return { status: 'unavailable', reason: error instanceof Error ? error.message : `${node.name} does not answer` }
  }
}
