import type { CaipAddress } from '@portico/shared-types/light'
import { ethAccountsSchema, ethChainIdSchema, providerRpcErrorSchema, type Eip1193Provider } from '@portico/shared-types/eip1193'
import { ProviderRpcError, UserRejectedRequestError } from '@portico/shared-types/errors'
import { parseWith } from '@portico/shared-types/parse'

/** Turns whatever a wallet threw into a typed error. */
export function toProviderError(error: unknown): ProviderRpcError {
  const parsed = providerRpcErrorSchema.safeParse(error)
  if (!parsed.success) return new ProviderRpcError(5000, error instanceof Error ? error.message : 'Unknown wallet error', { cause: error })
  if (parsed.data.code === UserRejectedRequestError.code) return new UserRejectedRequestError({ cause: error })
  return new ProviderRpcError(parsed.data.code, parsed.data.message, { cause: error })
}

async function call(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method })
  } catch (error) {
    throw toProviderError(error)
  }
}

async function caipAddressOf(provider: Eip1193Provider, accounts: readonly string[]): Promise<CaipAddress | null> {
  const [address] = accounts
  if (!address) return null
  const chainId = parseWith(ethChainIdSchema, await call(provider, 'eth_chainId'), 'eth_chainId')
  return `eip155:${Number.parseInt(chainId, 16)}:${address}`
}

/** Asks the wallet for its accounts (it may prompt); answers the first account as CAIP-10. */
export async function requestAccount(provider: Eip1193Provider): Promise<CaipAddress> {
  const accounts = parseWith(ethAccountsSchema, await call(provider, 'eth_requestAccounts'), 'eth_requestAccounts')
  const caipAddress = await caipAddressOf(provider, accounts)
  if (!caipAddress) throw new ProviderRpcError(4100, 'The wallet returned no account')
  return caipAddress
}

/** The account the wallet already authorised for this page, without a prompt. */
export async function currentAccount(provider: Eip1193Provider): Promise<CaipAddress | null> {
  const accounts = parseWith(ethAccountsSchema, await call(provider, 'eth_accounts'), 'eth_accounts')
  return caipAddressOf(provider, accounts)
}

/** Best effort: asks the wallet to forget this page (EIP-2255); wallets without it are fine. */
export async function revokeAccount(provider: Eip1193Provider): Promise<void> {
  await call(provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
}
