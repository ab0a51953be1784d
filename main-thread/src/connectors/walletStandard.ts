import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { StandardConnect, StandardDisconnect, StandardEvents, type StandardConnectFeature, type StandardDisconnectFeature, type StandardEventsFeature } from '@wallet-standard/features'
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import { getBase58Decoder, getBase58Encoder, getBase64Encoder } from '@solana/codecs-strings'
import { ProviderRpcError, UserRejectedRequestError } from 'viem'
import { createEmitter } from '@portico/shared-types/emitter'
import type { Eip1193Provider, Eip1193RequestArguments } from '@portico/shared-types/eip1193'
import { SwitchChainError, WalletError } from '@portico/shared-types/errors'
import type { CaipAddress, CaipNetworkId } from '@portico/shared-types/light'
import type { Network } from '@portico/shared-types'
import { parseWith } from '@portico/shared-types/parse'
import {
  SOLANA_CAIP_IDS,
  WALLET_STANDARD_SOLANA_CHAINS,
  solanaSignInParamsSchema,
  solanaSignMessageParamsSchema,
  solanaTransactionParamsSchema,
  walletStandardAccountSchema,
  walletStandardAccountsSchema,
  walletStandardChangeSchema,
  walletStandardSignatureOutputSchema,
  walletStandardSignInOutputSchema,
  walletStandardSignMessageOutputSchema,
  walletStandardWalletSchema,
  type WalletStandardSolanaChain,
} from '@portico/shared-types/solana'
import type { Connector, ConnectorEvent } from './types.ts'

/** The prefix of a Wallet Standard connector's id: `walletStandard:<wallet name>` (stable across reloads). */
export const WALLET_STANDARD_ID_PREFIX = 'walletStandard:'

/** A wallet the page lists: registered with `standard:connect` and at least one `solana:` chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return StandardConnect in wallet.features && wallet.chains.some((chain) => chain.startsWith('solana:'))
}

/**
 * Where each Wallet Standard chain is in CAIP-2 terms: mainnet, devnet and testnet by their genesis
 * hashes (SOLANA_CAIP_IDS); `solana:localnet` is the dapp's own local chain, the first configured
 * Solana network that is none of the three (none: the wallet's localnet accounts are not offered).
 */
export function solanaChainMap(networks: readonly Network[]): Map<WalletStandardSolanaChain, CaipNetworkId> {
  const map = new Map<WalletStandardSolanaChain, CaipNetworkId>()
  for (const [chain, key] of Object.entries(WALLET_STANDARD_SOLANA_CHAINS) as [WalletStandardSolanaChain, keyof typeof SOLANA_CAIP_IDS | 'localnet'][]) {
    if (key !== 'localnet') map.set(chain, SOLANA_CAIP_IDS[key])
  }
  const publicIds = new Set<string>(Object.values(SOLANA_CAIP_IDS))
  const local = networks.find((network) => network.chainNamespace === 'solana' && !publicIds.has(network.caipNetworkId))
  if (local) map.set('solana:localnet', local.caipNetworkId)
  return map
}

const userRejected = (error: unknown) => {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown }
  return code === 4001 || name === 'WalletSignTransactionError' || (typeof message === 'string' && /reject|declin|denied|cancel/i.test(message))
}

/** Whatever a Wallet Standard wallet threw, as viem's provider errors (the visitor's refusal as `UserRejectedRequestError`). */
function toWalletError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const message = error instanceof Error ? error.message : 'Unknown wallet error'
  const cause = error instanceof Error ? error : new WalletError(message, { cause: error })
  if (userRejected(error)) return new UserRejectedRequestError(cause)
  return new ProviderRpcError(cause, { code: 5000, shortMessage: message })
}

async function ask<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toWalletError(error)
  }
}

const noAccount = () => new ProviderRpcError(new WalletError('The wallet returned no Solana account', { code: 4100 }), { code: 4100, shortMessage: 'The wallet returned no Solana account' })

/**
 * Sign In With Solana (the core's `solana_signIn` step): the wallet's own `solana:signIn` when it has
 * it (it writes and shows the message from the fields), else `solana:signMessage` of the message text.
 * What it signed goes back as it answered (bytes); the core checks it is the message asked for.
 */
async function signInWith(wallet: Wallet, name: string, account: WalletAccount, params: unknown): Promise<unknown> {
  const [{ input, message }] = parseWith(solanaSignInParamsSchema, params, 'solana_signIn')
  const features = wallet.features as Partial<SolanaSignInFeature & SolanaSignMessageFeature>
  const signIn = features[SolanaSignIn]
  if (signIn) {
    const output = await ask(() => signIn.signIn({ ...input, address: account.address }))
    const [signed] = parseWith(walletStandardSignInOutputSchema, output, SolanaSignIn)
    return { account: { address: signed.account.address }, signedMessage: signed.signedMessage, signature: signed.signature }
  }
  const sign = features[SolanaSignMessage]
  if (!sign) throw new ProviderRpcError(new WalletError(`${name} cannot sign in`, { code: 4200 }), { code: 4200, shortMessage: `${name} cannot sign in` })
  const output = await ask(() => sign.signMessage({ account, message: new TextEncoder().encode(message) }))
  const [{ signedMessage, signature }] = parseWith(walletStandardSignMessageOutputSchema, output, SolanaSignMessage)
  return { signedMessage, signature }
}

/**
 * A connector over one Wallet Standard wallet's Solana side (type ANNOUNCED, id
 * `walletStandard:<name>`): `standard:connect`, `standard:disconnect`, `standard:events` change
 * followed, and a provider whose `solana_signAndSendTransaction`, `solana_signMessage` and
 * `solana_signIn` (the steps the core hands the page) go to the wallet's `solana:` features.
 */
export function walletStandardConnector(wallet: Wallet, networks: readonly Network[]): Connector | null {
  const info = walletStandardWalletSchema.safeParse(wallet)
  if (!info.success) return null
  const { name, icon } = info.data
  const chains = solanaChainMap(networks)
  /** The CAIP-2 id the page's account is on (the network asked for, else the wallet's first mapped chain). */
  let preferred: CaipNetworkId | null = null
  /** The account the page uses, once connected. */
  let current: WalletAccount | null = null

  const accountsOf = (raw: readonly unknown[]) =>
    raw.flatMap((account) => {
      const parsed = walletStandardAccountSchema.safeParse(account)
      return parsed.success ? [{ raw: account as WalletAccount, info: parsed.data }] : []
    })
  /** The account's CAIP address on the preferred network when it is on it, else on its first known chain. */
  const caipOf = (account: ReturnType<typeof accountsOf>[number]): CaipAddress | null => {
    const ids = account.info.chains.flatMap((chain) => chains.get(chain as WalletStandardSolanaChain) ?? [])
    const id = preferred && ids.includes(preferred) ? preferred : (ids.find((candidate) => networks.some((n) => n.caipNetworkId === candidate)) ?? ids[0])
    return id ? (`${id}:${account.info.address}` as CaipAddress) : null
  }
  const pick = (raw: readonly unknown[]) => {
    for (const account of accountsOf(raw)) {
      const caipAddress = caipOf(account)
      if (caipAddress) return { account: account.raw, caipAddress }
    }
    return null
  }
  const chainOf = (caipNetworkId: string | null): WalletStandardSolanaChain | undefined => [...chains].find(([, id]) => id === caipNetworkId)?.[0]

  const feature = <F>(key: string) => (wallet.features as Record<string, unknown>)[key] as F[keyof F] | undefined

  const provider: Eip1193Provider = {
    async request({ method, params }: Eip1193RequestArguments) {
      const account = current
      if (!account) throw new ProviderRpcError(new WalletError('The wallet is not connected', { code: 4100 }), { code: 4100, shortMessage: 'The wallet is not connected' })
      const chain = chainOf(preferred) ?? (account.chains.find((c) => c.startsWith('solana:')) as WalletStandardSolanaChain | undefined) ?? 'solana:mainnet'
      if (method === 'solana_signAndSendTransaction') {
        const [{ transaction }] = parseWith(solanaTransactionParamsSchema, params, method)
        const send = feature<SolanaSignAndSendTransactionFeature>(SolanaSignAndSendTransaction)
        if (!send) throw new ProviderRpcError(new WalletError(`${name} cannot send Solana transactions`, { code: 4200 }), { code: 4200, shortMessage: `${name} cannot send Solana transactions` })
        const bytes = new Uint8Array(getBase64Encoder().encode(transaction))
        const output = await ask(() => send.signAndSendTransaction({ account, chain, transaction: bytes }))
        const [{ signature }] = parseWith(walletStandardSignatureOutputSchema, output, SolanaSignAndSendTransaction)
        return { signature: getBase58Decoder().decode(signature) }
      }
      if (method === 'solana_signMessage') {
        const [{ message }] = parseWith(solanaSignMessageParamsSchema, params, method)
        const sign = feature<SolanaSignMessageFeature>(SolanaSignMessage)
        if (!sign) throw new ProviderRpcError(new WalletError(`${name} cannot sign messages`, { code: 4200 }), { code: 4200, shortMessage: `${name} cannot sign messages` })
        const output = await ask(() => sign.signMessage({ account, message: new Uint8Array(getBase58Encoder().encode(message)) }))
        const [{ signature }] = parseWith(walletStandardSignMessageOutputSchema, output, SolanaSignMessage)
        return { signature: getBase58Decoder().decode(signature) }
      }
      if (method === 'solana_signIn') return signInWith(wallet, name, account, params)
      throw new ProviderRpcError(new WalletError(`${method} is not supported by ${name}`, { code: 4200 }), { code: 4200, shortMessage: `${method} is not supported` })
    },
  }

  const connectWith = async (silent: boolean): Promise<CaipAddress | null> => {
    const connect = feature<StandardConnectFeature>(StandardConnect)
    if (!connect) return null
    const output = parseWith(walletStandardAccountsSchema, await ask(() => connect.connect(silent ? { silent } : undefined)), StandardConnect)
    const picked = pick(output.accounts)
    current = picked?.account ?? null
    return picked?.caipAddress ?? null
  }

  return {
    id: `${WALLET_STANDARD_ID_PREFIX}${name}`,
    type: 'ANNOUNCED',
    name,
    icon,
    namespaces: ['solana'],
    approval: 'wallet',
    async connect(params) {
      if (params?.network?.chainNamespace === 'solana') preferred = params.network.caipNetworkId
      const caipAddress = await connectWith(false)
      if (!caipAddress) throw noAccount()
      return caipAddress
    },
    async disconnect() {
      current = null
      await feature<StandardDisconnectFeature>(StandardDisconnect)?.disconnect()
    },
    async getCaipAddress() {
      // Accounts already authorised show without a prompt; `silent` connect asks for them where the wallet keeps none listed.
      const listed = pick(wallet.accounts)
      if (listed) {
        current = listed.account
        return listed.caipAddress
      }
      return connectWith(true).catch(() => null)
    },
    async switchChain(network) {
      const chain = chainOf(network.caipNetworkId)
      if (network.chainNamespace !== 'solana' || !chain || !wallet.chains.includes(chain)) throw new SwitchChainError(network.caipNetworkId)
      preferred = network.caipNetworkId
    },
    getProvider: async () => provider,
    subscribe(listener: (event: ConnectorEvent) => void) {
      const events = feature<StandardEventsFeature>(StandardEvents)
      if (!events) return () => undefined
      return events.on('change', (properties) => {
        const change = walletStandardChangeSchema.safeParse(properties)
        if (!change.success || (!change.data.accounts && !change.data.chains)) return
        const picked = pick(change.data.accounts ?? wallet.accounts)
        current = picked?.account ?? null
        listener(picked ? { type: 'change', caipAddress: picked.caipAddress } : { type: 'disconnect', namespace: 'solana' })
      })
    },
  }
}

/**
 * The Solana wallets registered through Wallet Standard (`getWallets()`), one connector each, kept
 * while the wallet is registered (followers keep their subscription). A wallet's features or chains
 * changing (its `standard:events`) lists or unlists it.
 */
export function walletStandardSource({ networks }: { networks: readonly Network[] }) {
  const { get, on } = getWallets()
  const listeners = createEmitter()
  const known = new WeakMap<Wallet, Connector | null>()
  const watching = new Map<Wallet, () => void>()
  let current: Connector[] = []

  const refresh = () => {
    const wallets = get()
    for (const [wallet, stop] of watching) {
      if (wallets.includes(wallet)) continue
      stop()
      watching.delete(wallet)
    }
    const byId = new Map<string, Connector>()
    for (const wallet of wallets) {
      if (!watching.has(wallet)) {
        const events = (wallet.features as Partial<StandardEventsFeature>)[StandardEvents]
        watching.set(
          wallet,
          events?.on('change', (properties) => {
            if (properties.features || properties.chains) update()
          }) ?? (() => undefined),
        )
      }
      if (!isSolanaWallet(wallet)) continue
      if (!known.has(wallet)) known.set(wallet, walletStandardConnector(wallet, networks))
      const connector = known.get(wallet)
      if (connector && !byId.has(connector.id)) byId.set(connector.id, connector)
    }
    const next = [...byId.values()]
    const same = next.length === current.length && next.every((c, i) => c === current[i])
    current = next
    return !same
  }
  const update = () => {
    if (refresh()) listeners.emit()
  }
  refresh()
  const offRegister = on('register', update)
  const offUnregister = on('unregister', update)
  return {
    connectors: () => current,
    subscribe: (onChange: () => void) => listeners.on(onChange),
    destroy() {
      listeners.clear()
      offRegister()
      offUnregister()
      for (const stop of watching.values()) stop()
      watching.clear()
    },
  }
}
