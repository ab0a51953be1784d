/** An EIP-1193 ProviderRpcError as a wallet throws it: an Error with `code`, `message` and optional `data`. */
export class WalletRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const userRejected = (): WalletRpcError => new WalletRpcError(4001, 'User rejected the request.')
export const unauthorized = (): WalletRpcError => new WalletRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
export const unsupportedMethod = (method: string): WalletRpcError => new WalletRpcError(4200, `The Sandbox Wallet does not support the requested method: ${method}`)
export const unknownChain = (chainId: string): WalletRpcError => new WalletRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`)
export const invalidParams = (detail: string): WalletRpcError => new WalletRpcError(-32602, `Invalid params: ${detail}`)
export const internalError = (detail: string, data?: unknown): WalletRpcError => new WalletRpcError(-32603, detail, data)
export const disconnected = (): WalletRpcError => new WalletRpcError(4900, 'The Sandbox Wallet was disconnected.')
