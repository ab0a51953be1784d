import type { OnrampOptions } from '@portico/shared-types'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ChainDeployment } from '../contracts/deploy.ts'

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

/** Something the onramp sells on a network: the native coin (no address) or a token. */
export type Purchasable = { id: string; name: string; symbol: string; decimals: number; network: OnrampNetwork; address: `0x${string}` | undefined }

export function onrampNetworkName(chain: SandboxChain): string {
  return chain.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** Everything the sandbox onramp sells, per network: the native coin, USDC and PTK. */
export function purchasables(networks: readonly OnrampNetwork[]): Purchasable[] {
  const all: Purchasable[] = []
  for (const network of networks) {
    const native = network.chain.nativeCurrency
    all.push({ id: native.symbol.toLowerCase(), name: native.name, symbol: native.symbol, decimals: native.decimals, network, address: undefined })
    for (const key of ['USDC', 'PTK'] as const) {
      const token = network.deployment.tokens[key]
      if (token) all.push({ id: token.symbol.toLowerCase(), name: token.name, symbol: token.symbol, decimals: token.decimals, network, address: token.address })
    }
  }
  return all
}

/** GET /v1/onramp/options: the payment currencies with their limits and what can be bought where. */
export function onrampOptions(networks: readonly OnrampNetwork[]): OnrampOptions {
  const bySymbol = new Map<string, OnrampOptions['purchaseCurrencies'][number]>()
  for (const p of purchasables(networks)) {
    let entry = bySymbol.get(p.symbol)
    if (!entry) bySymbol.set(p.symbol, (entry = { id: p.id, name: p.name, symbol: p.symbol, networks: [] }))
    entry.networks.push({ name: p.network.name, display_name: p.network.displayName, chain_id: String(p.network.chain.chainId), contract_address: p.address ?? '' })
  }
  return {
    paymentCurrencies: PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: PAYMENT_METHOD_LIMITS.map((l) => ({ ...l })) })),
    purchaseCurrencies: [...bySymbol.values()],
  }
}

/** The network named by a name, a chain id or a CAIP-2 id. */
export function findNetwork(networks: readonly OnrampNetwork[], wanted: string): OnrampNetwork | undefined {
  const w = wanted.trim().toLowerCase()
  return networks.find((n) => n.name === w || String(n.chain.chainId) === w || n.chain.caipNetworkId === w)
}

/** What `currency` (id or symbol) is on `network`. */
export function findPurchasable(networks: readonly OnrampNetwork[], currency: string, network: OnrampNetwork): Purchasable | undefined {
  const c = currency.trim().toLowerCase()
  return purchasables(networks).find((p) => p.network === network && (p.id === c || p.symbol.toLowerCase() === c))
}
