import {
  address as toAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { formatUnits } from 'viem'
import { parseCaipAddress, solanaAddressSchema, type CaipAddress } from '@portico/shared-types'
import type { SendEstimate, SendToken } from '@portico/shared-types/write'
import { parseWith } from '@portico/shared-types/parse'
import { solanaAccountInfoAnswerSchema, solanaBlockhashAnswerSchema, solanaFeeAnswerSchema, solanaRentAnswerSchema, solanaTokenBalanceAnswerSchema } from '@portico/shared-types/solana'
import type { SolanaRpcClient } from '../../infra/rpc.ts'
import { WriteFailure } from './classifyError.ts'
import { parseSendAmount, type SendIntent } from './send.ts'

/** Bytes of an SPL token account: what its rent is computed on. */
export const TOKEN_ACCOUNT_SIZE = 165
/** What every signature costs when the node cannot say (the fee of a one-signature message since genesis). */
const LAMPORTS_PER_SIGNATURE = 5000n

/** A Solana transfer ready for the wallet: the unsigned transaction, and what the visitor is shown. */
export type PreparedSolanaSend = {
  from: Address
  receiver: Address
  /** The unsigned wire transaction, base64: what `solana_signAndSendTransaction` takes. */
  transaction: string
  /** Smallest units of the token sent. */
  value: bigint
  /** The network fee (getFeeForMessage), lamports. */
  fee: bigint
  /** Rent of the receiver's token account when the transfer creates it (else 0), lamports. */
  rent: bigint
  /** The transfer creates the receiver's token account for this mint. */
  createsTokenAccount: boolean
  amount: string
  symbol: string
}

/** Calls `method` and checks its answer with `schema` (a typed SchemaValidationError when it does not fit). */
const read = async <S extends Parameters<typeof parseWith>[0]>(rpc: SolanaRpcClient, method: string, params: readonly unknown[], schema: S) =>
  parseWith(schema, await rpc.request(method, params), `Solana ${method} answer`)

/** A base58 address of 32 to 44 characters that decodes to 32 bytes (SPEC.md §5). */
function receiverOf(text: string): Address {
  const receiver = text.trim()
  if (receiver === '') throw new WriteFailure('RECEIVER_REQUIRED', { field: 'receiver' })
  if (!solanaAddressSchema.safeParse(receiver).success || !isAddress(receiver)) throw new WriteFailure('RECEIVER_INVALID', { field: 'receiver' })
  return toAddress(receiver)
}

/**
 * Validates a SOL or SPL send (SPEC.md §5: amount and receiver required, base58 addresses) and
 * builds its transaction: a System transfer, or an SPL `transferChecked` that first creates the
 * receiver's associated token account when it is missing (its rent paid by the sender). The fee comes
 * from the node (getFeeForMessage on the compiled message); the sender's SOL must cover fee and rent,
 * and the amount too when it is SOL. Throws `WriteFailure` with the rule that failed.
 */
export async function prepareSolanaSend(rpc: SolanaRpcClient, intent: SendIntent): Promise<PreparedSolanaSend> {
  const token = intent.token
  if (!token) throw new WriteFailure('TOKEN_REQUIRED', { field: 'token' })
  const from = toAddress(parseCaipAddress(intent.caipAddress).address)
  // SPEC.md §5: a Solana send needs both, said in one message.
  if (intent.amount.trim() === '') throw new WriteFailure('SOLANA_SEND_INCOMPLETE', { field: 'amount' })
  if (intent.receiver.trim() === '') throw new WriteFailure('SOLANA_SEND_INCOMPLETE', { field: 'receiver' })
  const receiver = receiverOf(intent.receiver)
  const value = parseSendAmount(intent.amount, token)
  const mint = token.address === undefined ? null : isAddress(token.address) ? toAddress(token.address) : null
  if (token.address !== undefined && !mint) throw new WriteFailure('TOKEN_REQUIRED', { field: 'token' })
  const payer = createNoopSigner(from)

  const [lamports, latest] = await Promise.all([rpc.getBalance(from), read(rpc, 'getLatestBlockhash', [{ commitment: 'confirmed' }], solanaBlockhashAnswerSchema)])
  const instructions: Instruction[] = []
  let rent = 0n
  let createsTokenAccount = false
  if (!mint) {
    if (value > lamports) throw new WriteFailure('AMOUNT_EXCEEDS_BALANCE', { field: 'amount', values: { symbol: token.symbol } })
    instructions.push(getTransferSolInstruction({ source: payer, destination: receiver, amount: value }))
  } else {
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    const [held, existing] = await Promise.all([
      rpc.request('getTokenAccountBalance', [source, { commitment: 'confirmed' }]).then(
        (answer) => BigInt(parseWith(solanaTokenBalanceAnswerSchema, answer, 'Solana getTokenAccountBalance answer').value.amount),
        // No token account: the sender holds none of this token.
        () => 0n,
      ),
      read(rpc, 'getAccountInfo', [destination, { encoding: 'base64', commitment: 'confirmed' }], solanaAccountInfoAnswerSchema),
    ])
    if (value > held) throw new WriteFailure('AMOUNT_EXCEEDS_BALANCE', { field: 'amount', values: { symbol: token.symbol } })
    if (existing.value === null) {
      createsTokenAccount = true
      rent = BigInt(await read(rpc, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE], solanaRentAnswerSchema))
      instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: receiver, mint }))
    }
    instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount: value, decimals: token.decimals }))
  }

  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: latest.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  const feeAnswer = await read(rpc, 'getFeeForMessage', [getBase64Decoder().decode(compiled.messageBytes), { commitment: 'confirmed' }], solanaFeeAnswerSchema)
  const fee = feeAnswer.value === null ? LAMPORTS_PER_SIGNATURE : BigInt(feeAnswer.value)
  // As on EVM chains: the amount within the balance was checked above; what is left must pay the fee (and rent).
  if (fee + rent + (mint ? 0n : value) > lamports) throw new WriteFailure('INSUFFICIENT_GAS', { values: { symbol: 'SOL' } })
  return {
    from,
    receiver,
    transaction: getBase64EncodedWireTransaction(compiled),
    value,
    fee,
    rent,
    createsTokenAccount,
    amount: formatUnits(value, token.decimals),
    symbol: token.symbol,
  }
}

/** The fee of one transfer signed by `from` (a System transfer to itself compiled against the latest blockhash), from getFeeForMessage. */
export async function solanaTransferFee(rpc: SolanaRpcClient, from: Address): Promise<bigint> {
  const latest = await read(rpc, 'getLatestBlockhash', [{ commitment: 'confirmed' }], solanaBlockhashAnswerSchema)
  const payer = createNoopSigner(from)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: latest.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: from, amount: 0n })], m),
  )
  const answer = await read(rpc, 'getFeeForMessage', [getBase64Decoder().decode(compileTransaction(message).messageBytes), { commitment: 'confirmed' }], solanaFeeAnswerSchema)
  return answer.value === null ? LAMPORTS_PER_SIGNATURE : BigInt(answer.value)
}

/**
 * The rent of the token account a send of `mint` to `receiver` would create: 0 when the receiver
 * already has its associated token account (or `receiver` is not an address: nothing to say yet).
 */
export async function solanaTokenAccountRent(rpc: SolanaRpcClient, mint: Address, receiver: string): Promise<bigint> {
  const text = receiver.trim()
  if (!solanaAddressSchema.safeParse(text).success || !isAddress(text)) return 0n
  const [destination] = await findAssociatedTokenPda({ owner: toAddress(text), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const existing = await read(rpc, 'getAccountInfo', [destination, { encoding: 'base64', commitment: 'confirmed' }], solanaAccountInfoAnswerSchema)
  return existing.value === null ? BigInt(await read(rpc, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE], solanaRentAnswerSchema)) : 0n
}

/**
 * The Send view's figures on Solana: the fee of a transfer (getFeeForMessage), the SOL balance, and
 * the Max: the SOL balance less the fee (SPEC.md §5, so the account keeps what the transfer costs), or
 * the whole token balance for an SPL token (its fee and any rent are paid in SOL). With an SPL token
 * and a `receiver` that has no token account for it, the rent of the one the send creates. `gasPrice`
 * is the fee in lamports and `gas` 1: Solana prices a transaction by its signatures, not by gas.
 */
export async function getSolanaSendEstimate(
  rpc: SolanaRpcClient,
  params: { caipAddress: CaipAddress; token: SendToken | null; receiver?: string | undefined },
  nativePrice: number | null,
): Promise<SendEstimate> {
  const { address, caipNetworkId } = parseCaipAddress(params.caipAddress)
  const from = toAddress(address)
  const mint = params.token?.address !== undefined && isAddress(params.token.address) ? toAddress(params.token.address) : null
  const [lamports, fee, rent, tokenBalance] = await Promise.all([
    rpc.getBalance(from),
    solanaTransferFee(rpc, from),
    mint && params.receiver ? solanaTokenAccountRent(rpc, mint, params.receiver) : 0n,
    mint
      ? findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }).then(([ata]) =>
          rpc.request('getTokenAccountBalance', [ata, { commitment: 'confirmed' }]).then(
            (answer) => BigInt(parseWith(solanaTokenBalanceAnswerSchema, answer, 'Solana getTokenAccountBalance answer').value.amount),
            () => 0n,
          ),
        )
      : null,
  ])
  const toUsd = (value: bigint) => (nativePrice === null ? null : Number(formatUnits(value, 9)) * nativePrice)
  const max = mint ? (tokenBalance ?? 0n) : lamports > fee ? lamports - fee : 0n
  return {
    caipNetworkId,
    gasPrice: fee.toString(),
    gas: '1',
    fee: formatUnits(fee, 9),
    feeUsd: toUsd(fee),
    nativeSymbol: 'SOL',
    nativeBalance: formatUnits(lamports, 9),
    networkBalanceUsd: toUsd(lamports),
    max: formatUnits(max, params.token?.decimals ?? 9),
    ...(rent > 0n ? { rent: formatUnits(rent, 9), rentUsd: toUsd(rent) } : {}),
  }
}
