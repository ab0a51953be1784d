import { ProviderRpcError, UserRejectedRequestError } from '@portico/shared-types'

/** An EIP-1193 ProviderRpcError: an Error with `code`, `message` and optional `data`. */
export class WalletRpcError extends ProviderRpcError {
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(code, message)
    this.data = data
  }
}

export const userRejected = (): ProviderRpcError => new UserRejectedRequestError()
export const unauthorized = (): WalletRpcError =>
  new WalletRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
export const unsupportedMethod = (method: string): WalletRpcError =>
  new WalletRpcError(4200, `The Sandbox Wallet does not support the requested method: ${method}`)
export const unknownChain = (chainId: string): WalletRpcError =>
  new WalletRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`)
export const invalidParams = (detail: string): WalletRpcError => new WalletRpcError(-32602, `Invalid params: ${detail}`)
export const internalError = (detail: string, data?: unknown): WalletRpcError => new WalletRpcError(-32603, detail, data)
export const disconnected = (): WalletRpcError => new WalletRpcError(4900, 'The Sandbox Wallet was disconnected.')
