import { BaseError, RpcRequestError, createWalletClient, hexToBytes, http, isAddressEqual, isHex, type Hash, type Hex, type LocalAccount, type TypedData } from 'viem'
import { toViemChain } from './chains.ts'
import { invalidParams, unauthorized, userRejected, WalletRpcError } from './errors.ts'
import { parseParams, personalSignParams, signTypedDataParams, transactionParams } from './params.ts'
import type { Approve, SandboxChain } from './types.ts'

export type SigningContext = {
  account: LocalAccount
  approve: Approve
  origin: string
  chain: SandboxChain
  fetch: typeof fetch
}

const assertOwnAddress = (account: LocalAccount, address: string): void => {
  if (!isHex(address) || address.length !== 42 || !isAddressEqual(address, account.address)) throw unauthorized()
}

/** personal_sign's data is hex of the bytes to sign; show it as text when it is readable UTF-8. */
export function displayMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    if (/^[^\p{Cc}]*$/u.test(text.replace(/[\n\r\t]/g, ''))) return text
  } catch {
    // Not UTF-8: show the hex.
  }
  return message
}

export async function personalSign(ctx: SigningContext, params: unknown): Promise<Hex> {
  const [message, address] = parseParams(personalSignParams, params, 'personal_sign')
  assertOwnAddress(ctx.account, address)
  const approved = await ctx.approve({ kind: 'personal_sign', origin: ctx.origin, address: ctx.account.address, message: displayMessage(message) })
  if (!approved) throw userRejected()
  return ctx.account.signMessage({ message: isHex(message) ? { raw: message } : message })
}

export async function signTypedDataV4(ctx: SigningContext, params: unknown): Promise<Hex> {
  const [address, typedData] = parseParams(signTypedDataParams, params, 'eth_signTypedData_v4')
  assertOwnAddress(ctx.account, address)
  const domainName = typeof typedData.domain['name'] === 'string' ? typedData.domain['name'] : undefined
  const approved = await ctx.approve({
    kind: 'eth_signTypedData_v4',
    origin: ctx.origin,
    address: ctx.account.address,
    primaryType: typedData.primaryType,
    domainName,
    json: JSON.stringify(typedData.message, null, 2),
  })
  if (!approved) throw userRejected()
  try {
    return await ctx.account.signTypedData({
      domain: typedData.domain,
      types: typedData.types as unknown as TypedData,
      primaryType: typedData.primaryType,
      message: typedData.message,
    })
  } catch (error) {
    throw invalidParams(`eth_signTypedData_v4: ${error instanceof BaseError ? error.shortMessage : String(error)}`)
  }
}

export async function sendTransaction(ctx: SigningContext, params: unknown): Promise<Hash> {
  const [tx] = parseParams(transactionParams, params, 'eth_sendTransaction')
  if (tx.from !== undefined) assertOwnAddress(ctx.account, tx.from)
  if (tx.chainId !== undefined && BigInt(tx.chainId) !== BigInt(ctx.chain.id)) {
    throw invalidParams(`eth_sendTransaction: chainId ${tx.chainId} is not the active chain ${ctx.chain.id}`)
  }
  const to = tx.to ?? undefined
  const value = tx.value ?? 0n
  const data = tx.data ?? tx.input
  const approved = await ctx.approve({ kind: 'eth_sendTransaction', origin: ctx.origin, from: ctx.account.address, to, value, data, chain: ctx.chain })
  if (!approved) throw userRejected()

  const client = createWalletClient({
    account: ctx.account,
    chain: toViemChain(ctx.chain),
    transport: http(ctx.chain.rpcUrl, { fetchFn: ctx.fetch, retryCount: 0 }),
  })
  const fees =
    tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined
      ? { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
      : tx.gasPrice !== undefined
        ? { gasPrice: tx.gasPrice }
        : {}
  try {
    return await client.sendTransaction({
      to,
      value,
      data,
      gas: tx.gas,
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      ...fees,
    })
  } catch (error) {
    throw toProviderError(error)
  }
}

/**
 * A viem error as EIP-1193 error: the node's own code, message and data when the node answered an
 * error (as a wallet passes it on, so a dapp's viem recognises it by the node's words), else -32603.
 */
export function toProviderError(error: unknown): WalletRpcError {
  if (!(error instanceof BaseError)) return new WalletRpcError(-32603, error instanceof Error ? error.message : String(error))
  const fromNode = error.walk((e) => e instanceof RpcRequestError)
  if (fromNode instanceof RpcRequestError) return new WalletRpcError(fromNode.code, fromNode.details, fromNode.data)
  const withCode = error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as { code?: number; data?: unknown } | null
  return new WalletRpcError(withCode?.code ?? -32603, error.shortMessage, withCode?.data)
}
