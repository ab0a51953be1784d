import { encodeFunctionData, erc20Abi, formatUnits, isAddress, numberToHex, parseUnits, type Address } from 'viem'
import type { RpcClient } from '../../infra/rpc.ts'
import { looksLikeAccountName, parseCaipAddress } from '@portico/shared-types'
import type { SendToken, WriteIntent } from '@portico/shared-types/write'
import type { HttpClient } from '../../infra/http.ts'
import { resolveReceiverName } from '../names/resolveReceiver.ts'
import { WriteFailure } from './classifyError.ts'

export type SendIntent = Extract<WriteIntent, { kind: 'send' }>

/** A transfer ready for the wallet, with what the Activity row shows while it is pending. */
export type PreparedSend = {
  from: Address
  to: Address
  receiver: Address
  value: bigint
  data: `0x${string}` | undefined
  gas: bigint
  gasPrice: bigint
  amount: string
  symbol: string
}

export type PrepareSendDeps = {
  client: RpcClient
  api: HttpClient
  /** Smart accounts pay no gas of their own (SPEC.md §5: exempt from the insufficient-gas check). */
  smartAccount: boolean
}

const AMOUNT = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/

/** SPEC.md §5 amount rules: a positive decimal within the token's decimals. */
export function parseSendAmount(amount: string, token: SendToken): bigint {
  const text = amount.trim()
  if (text === '') throw new WriteFailure('AMOUNT_REQUIRED', { field: 'amount' })
  if (/^-\s*[\d.]/.test(text)) throw new WriteFailure('AMOUNT_NOT_POSITIVE', { field: 'amount' })
  const match = AMOUNT.exec(text)
  if (!match) throw new WriteFailure('AMOUNT_INVALID', { field: 'amount' })
  const fraction = match[2] ?? match[3] ?? ''
  if (fraction.length > token.decimals) {
    throw new WriteFailure('AMOUNT_TOO_MANY_DECIMALS', { field: 'amount', values: { symbol: token.symbol, decimals: String(token.decimals) } })
  }
  const value = parseUnits(text.startsWith('.') ? `0${text}` : text.replace(/\.$/, ''), token.decimals)
  if (value <= 0n) throw new WriteFailure('AMOUNT_NOT_POSITIVE', { field: 'amount' })
  return value
}

async function receiverAddress(deps: PrepareSendDeps, receiver: string, chainId: number): Promise<Address> {
  const text = receiver.trim()
  if (text === '') throw new WriteFailure('RECEIVER_REQUIRED', { field: 'receiver' })
  if (looksLikeAccountName(text)) return (await resolveReceiverName(deps.api, text, chainId)).address as Address
  if (!isAddress(text)) throw new WriteFailure('RECEIVER_INVALID', { field: 'receiver' })
  return text
}

/**
 * Validates a send (SPEC.md §5) and builds the transaction: reads the balances from the chain,
 * estimates gas (a transfer that would revert stops here, classified by viem), and checks the
 * native balance covers the fee. Throws `WriteFailure` with the rule that failed.
 */
export async function prepareSend(deps: PrepareSendDeps, intent: SendIntent): Promise<PreparedSend> {
  const { address, reference } = parseCaipAddress(intent.caipAddress)
  const chainId = Number(reference)
  const from = address as Address
  const token = intent.token
  if (!token) throw new WriteFailure('TOKEN_REQUIRED', { field: 'token' })
  if (token.address !== undefined && !isAddress(token.address, { strict: false })) throw new WriteFailure('TOKEN_REQUIRED', { field: 'token' })
  const receiver = await receiverAddress(deps, intent.receiver, chainId)
  const value = parseSendAmount(intent.amount, token)
  const tokenAddress = token.address as Address | undefined

  const [nativeBalance, tokenBalance, gasPrice] = await Promise.all([
    deps.client.getBalance({ address: from }),
    tokenAddress ? deps.client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [from] }) : null,
    deps.client.getGasPrice(),
  ])
  if (gasPrice <= 0n) throw new WriteFailure('GAS_PRICE_REQUIRED')
  const balance = tokenBalance ?? nativeBalance
  if (value > balance) {
    throw new WriteFailure('AMOUNT_EXCEEDS_BALANCE', { field: 'amount', values: { symbol: token.symbol, balance: formatUnits(balance, token.decimals) } })
  }
  const nativeSymbol = deps.client.chain?.nativeCurrency.symbol ?? 'ETH'
  if (!deps.smartAccount && nativeBalance === 0n) throw new WriteFailure('INSUFFICIENT_GAS', { values: { symbol: nativeSymbol } })

  const call = tokenAddress ? { to: tokenAddress, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, value] }) } : { to: receiver, value, data: undefined }
  const gas = await deps.client.estimateGas({ account: from, to: call.to, value: call.value, ...(call.data ? { data: call.data } : {}) })
  const fee = gas * gasPrice
  if (!deps.smartAccount && call.value + fee > nativeBalance) throw new WriteFailure('INSUFFICIENT_GAS', { values: { symbol: nativeSymbol } })
  return { from, to: call.to, receiver, value: call.value, data: call.data, gas, gasPrice, amount: formatUnits(value, token.decimals), symbol: token.symbol }
}

/** The `eth_sendTransaction` parameters of a prepared send (hex quantities, EIP-1474). */
export function sendTransactionRequest(prepared: PreparedSend, chainId: number) {
  return {
    method: 'eth_sendTransaction',
    params: [
      {
        from: prepared.from,
        to: prepared.to,
        value: numberToHex(prepared.value),
        gas: numberToHex(prepared.gas),
        chainId: numberToHex(chainId),
        ...(prepared.data ? { data: prepared.data } : {}),
      },
    ],
  }
}
