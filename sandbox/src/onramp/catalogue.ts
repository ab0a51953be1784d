import type { OnrampOptions } from '@portico/shared-types'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ChainDeployment } from '../contracts/deploy.ts'
import type { SolanaOnrampNetwork } from './solana.ts'

/** SPEC.md §9 sample limits per payment method, in the payment currency. */
export const PAYMENT_METHOD_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const
export type PaymentMethod = (typeof PAYMENT_METHOD_LIMITS)[number]['id']
export const PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number]
/** SPEC.md §9: provider fees are 1–2 %; the sandbox charges 2 % by card and 1 % by bank. */
export const FEE_RATES: Record<PaymentMethod, number> = { card: 0.02, ach_bank_account: 0.01 }
export const DEFAULT_FIAT_AMOUNT = 100

/** A network the onramp delivers to: one sandbox chain. */
export type OnrampNetwork = { name: string; displayName: string; chain: SandboxChain; deployment: ChainDeployment }

/** Something the onramp sells on a network: the native coin (no address) or a token (an ERC-20, or an SPL mint on Solana). */
export type Purchasable = { id: string; name: string; symbol: string; decimals: number; network: OnrampNetwork | SolanaOnrampNetwork; address: string | undefined }

/** The network's CAIP-2 id. */
export const caipNetworkIdOf = (network: OnrampNetwork | SolanaOnrampNetwork): string => ('kind' in network ? network.caipNetworkId : network.chain.caipNetworkId)

export function onrampNetworkName(chain: SandboxChain): string {
  return chain.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/**
 * Everything the sandbox onramp sells, per network: the native coin, USDC and PTK on the EVM chains;
 * SOL and USDC on the Solana Localnet when the sandbox runs it (`solana`, with its items).
 */
export function purchasables(networks: readonly OnrampNetwork[], solana?: { network: SolanaOnrampNetwork; items: readonly Omit<Purchasable, 'network'>[] }): Purchasable[] {
  const all: Purchasable[] = []
  for (const network of networks) {
    const native = network.chain.nativeCurrency
    all.push({ id: native.symbol.toLowerCase(), name: native.name, symbol: native.symbol, decimals: native.decimals, network, address: undefined })
    for (const key of ['USDC', 'PTK'] as const) {
      const token = network.deployment.tokens[key]
      if (token) all.push({ id: token.symbol.toLowerCase(), name: token.name, symbol: token.symbol, decimals: token.decimals, network, address: token.address })
    }
  }
  for (const item of solana?.items ?? []) all.push({ ...item, network: solana!.network })
  return all
}

/** The Solana part of the catalogue, when the sandbox runs its Solana chain. */
export type SolanaCatalogue = Parameters<typeof purchasables>[1]

/** GET /v1/onramp/options: the payment currencies with their limits and what can be bought where. */
export function onrampOptions(networks: readonly OnrampNetwork[], solana?: SolanaCatalogue): OnrampOptions {
  const bySymbol = new Map<string, OnrampOptions['purchaseCurrencies'][number]>()
  for (const p of purchasables(networks, solana)) {
    let entry = bySymbol.get(p.symbol)
    if (!entry) bySymbol.set(p.symbol, (entry = { id: p.id, name: p.name, symbol: p.symbol, networks: [] }))
    const chainId = 'kind' in p.network ? p.network.chainId : String(p.network.chain.chainId)
    entry.networks.push({ name: p.network.name, display_name: p.network.displayName, chain_id: chainId, contract_address: p.address ?? '' })
  }
  return {
    paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: PAYMENT_METHOD_LIMITS.map((l) => ({ ...l })) })),
    purchaseCurrencies: [...bySymbol.values()],
  }
}

/** The network named by a name, a chain id or a CAIP-2 id (the Solana Localnet's too when it runs). */
export function findNetwork(networks: readonly OnrampNetwork[], wanted: string, solana?: SolanaCatalogue): OnrampNetwork | SolanaOnrampNetwork | undefined {
  const w = wanted.trim().toLowerCase()
  const s = solana?.network
  if (s && (s.name === w || s.chainId.toLowerCase() === w || s.caipNetworkId.toLowerCase() === w)) return s
  return networks.find((n) => n.name === w || String(n.chain.chainId) === w || n.chain.caipNetworkId === w)
}

/** What `currency` (id or symbol) is on `network`. */
export function findPurchasable(networks: readonly OnrampNetwork[], currency: string, network: OnrampNetwork | SolanaOnrampNetwork, solana?: SolanaCatalogue): Purchasable | undefined {
  const c = currency.trim().toLowerCase()
  return purchasables(networks, solana).find((p) => p.network === network && (p.id === c || p.symbol.toLowerCase() === c))
}
