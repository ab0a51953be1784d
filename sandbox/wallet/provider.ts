import type { Address, Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEFAULT_CHAIN_ID, DEFAULT_CHAINS, parseChainId, toHexChainId } from './chains.ts'
import { Emitter } from './emitter.ts'
import { invalidParams, unauthorized, unknownChain, unsupportedMethod, userRejected, WalletRpcError } from './errors.ts'
import { addChainParams, chainIdParams, parseParams, permissionParams } from './params.ts'
import { forwardRpc } from './rpc.ts'
import { createWalletCalls } from './calls.ts'
import { personalSign, sendTransaction, signTypedDataV4, type SigningContext } from './signing.ts'
import { createWalletState } from './state.ts'
import { STORAGE_KEY } from './store.ts'
import type { Approve, KeyValueStorage, SandboxChain } from './types.ts'

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export type SandboxProviderOptions = {
  /** Asks the person (the DOM prompt in a page, a stub in tests). */
  approve: Approve
  /** The page's origin, the unit of authorisation. */
  origin: string
  mnemonic?: string | undefined
  addressIndex?: number | undefined
  chains?: readonly SandboxChain[] | undefined
  defaultChainId?: number | undefined
  /** Where authorisations, the active chain and added chains are kept; none keeps them in memory. */
  storage?: KeyValueStorage | undefined
  storageKey?: string | undefined
  fetch?: typeof fetch | undefined
  /** EIP-5792's three methods (default true); false answers them 4200, as a wallet without them. */
  eip5792?: boolean | undefined
}

export type SandboxProviderEvents = {
  connect: [info: { chainId: Hex }]
  disconnect: [error: WalletRpcError]
  accountsChanged: [accounts: Address[]]
  chainChanged: [chainId: Hex]
}

export type RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object | undefined }

type Listener<E extends keyof SandboxProviderEvents> = (...args: SandboxProviderEvents[E]) => void
/** Any other event name is accepted (as EIP-1193 callers expect) and never fires. */
type AnyListener = (...args: never[]) => void

export type SandboxProvider = {
  request(args: RequestArguments): Promise<unknown>
  on<E extends keyof SandboxProviderEvents>(event: E, listener: Listener<E>): SandboxProvider
  on(event: string, listener: AnyListener): SandboxProvider
  removeListener<E extends keyof SandboxProviderEvents>(event: E, listener: Listener<E>): SandboxProvider
  removeListener(event: string, listener: AnyListener): SandboxProvider
  /** Re-reads the wallet's storage after another tab changed it, emitting what changed here. */
  sync(): void
}

type Permission = { parentCapability: 'eth_accounts'; invoker: string; caveats: { type: 'restrictReturnedAccounts'; value: Address[] }[] }

/** Methods a wallet must not forward to a node: other signing schemes and subscriptions. */
const NEVER_FORWARD = new Set(['eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3', 'eth_subscribe', 'eth_unsubscribe'])

/** The Sandbox Wallet's EIP-1193 provider: a state machine that asks `approve` before it acts. */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { approve, origin } = options
  const account = mnemonicToAccount(options.mnemonic ?? TEST_MNEMONIC, { addressIndex: options.addressIndex ?? 0 })
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const state = createWalletState({
    origin,
    chains: options.chains ?? DEFAULT_CHAINS,
    defaultChainId: options.defaultChainId ?? DEFAULT_CHAIN_ID,
    storage: options.storage,
    storageKey: options.storageKey ?? STORAGE_KEY,
  })
  const events = new Emitter<SandboxProviderEvents>()
  let pendingConnect: Promise<boolean> | undefined

  const accounts = (): Address[] => (state.isAuthorised() ? [account.address] : [])
  const chainIdHex = (): Hex => toHexChainId(state.activeChain().id)
  const permissions = (): Permission[] =>
    state.isAuthorised() ? [{ parentCapability: 'eth_accounts', invoker: origin, caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }] }] : []

  /** Asks once even when several requests for accounts arrive while the prompt is open. */
  const askToConnect = async (): Promise<void> => {
    pendingConnect ??= approve({ kind: 'connect', origin, address: account.address }).finally(() => {
      pendingConnect = undefined
    })
    if (!(await pendingConnect)) throw userRejected()
    if (state.isAuthorised()) return
    state.authorise()
    events.emit('connect', { chainId: chainIdHex() })
    events.emit('accountsChanged', accounts())
  }

  const switchTo = (chain: SandboxChain): void => {
    if (chain.id === state.activeChain().id) return
    state.setActiveChain(chain.id)
    events.emit('chainChanged', chainIdHex())
  }

  const signing = (): SigningContext => {
    if (!state.isAuthorised()) throw unauthorized()
    return { account, approve, origin, chain: state.activeChain(), fetch: fetchFn }
  }

  const walletCalls = createWalletCalls({ signing, chainById: (id) => state.knownChain(id), activeChain: () => state.activeChain(), fetch: fetchFn })

  const permissionNames = (method: string, params: unknown): string[] => {
    const names = Object.keys(parseParams(permissionParams, params, method)[0])
    const unknown = names.find((name) => name !== 'eth_accounts')
    if (unknown !== undefined || names.length === 0) throw invalidParams(`${method}: unknown permission ${unknown ?? '(none)'}`)
    return names
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        if (!state.isAuthorised()) await askToConnect()
        return accounts()
      case 'eth_accounts':
        return accounts()
      case 'eth_coinbase':
        return accounts()[0] ?? null
      case 'eth_chainId':
        return chainIdHex()
      case 'net_version':
        return String(state.activeChain().id)
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = parseParams(chainIdParams, params, method)
        const id = parseChainId(chainId)
        const chain = id === undefined ? undefined : state.knownChain(id)
        if (!chain) throw unknownChain(chainId)
        switchTo(chain)
        return null
      }
      case 'wallet_addEthereumChain': {
        const [p] = parseParams(addChainParams, params, method)
        const id = parseChainId(p.chainId)
        if (id === undefined || !p.chainId.startsWith('0x')) throw invalidParams(`${method}: chainId must be a hex string`)
        const known = state.knownChain(id)
        if (known) {
          switchTo(known)
          return null
        }
        const chain: SandboxChain = { id, name: p.chainName, rpcUrl: p.rpcUrls[0] as string, nativeCurrency: p.nativeCurrency, blockExplorerUrl: p.blockExplorerUrls?.[0] }
        if (!(await approve({ kind: 'wallet_addEthereumChain', origin, chain }))) throw userRejected()
        state.addChain(chain)
        switchTo(chain)
        return null
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_requestPermissions':
        permissionNames(method, params)
        if (!(await approve({ kind: 'connect', origin, address: account.address }))) throw userRejected()
        if (!state.isAuthorised()) {
          state.authorise()
          events.emit('accountsChanged', accounts())
        }
        return permissions()
      case 'wallet_revokePermissions':
        permissionNames(method, params)
        if (state.isAuthorised()) {
          state.revoke()
          events.emit('accountsChanged', [])
        }
        return null
      case 'personal_sign':
        return personalSign(signing(), params)
      case 'eth_signTypedData_v4':
        return signTypedDataV4(signing(), params)
      case 'eth_sendTransaction':
        return sendTransaction(signing(), params)
      case 'wallet_getCapabilities':
        if (options.eip5792 === false) throw unsupportedMethod(method)
        return walletCalls.getCapabilities(params)
      case 'wallet_sendCalls':
        if (options.eip5792 === false) throw unsupportedMethod(method)
        return walletCalls.sendCalls(params)
      case 'wallet_getCallsStatus':
        if (options.eip5792 === false) throw unsupportedMethod(method)
        return walletCalls.getCallsStatus(params)
      default:
        if (NEVER_FORWARD.has(method) || !/^(eth|net|web3)_/.test(method)) throw unsupportedMethod(method)
        return forwardRpc(fetchFn, state.activeChain().rpcUrl, method, params)
    }
  }

  const provider: SandboxProvider = {
    async request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw new WalletRpcError(-32600, 'Invalid request: expected { method: string, params?: unknown[] | object }')
      }
      return handle(args.method, args.params)
    },
    on(event: string, listener: AnyListener) {
      events.on(event as keyof SandboxProviderEvents, listener as unknown as Listener<keyof SandboxProviderEvents>)
      return provider
    },
    removeListener(event: string, listener: AnyListener) {
      events.removeListener(event as keyof SandboxProviderEvents, listener as unknown as Listener<keyof SandboxProviderEvents>)
      return provider
    },
    sync() {
      const before = { accounts: accounts(), chainId: chainIdHex() }
      state.reload()
      const after = { accounts: accounts(), chainId: chainIdHex() }
      if (before.chainId !== after.chainId) events.emit('chainChanged', after.chainId)
      if (before.accounts.length !== after.accounts.length) events.emit('accountsChanged', after.accounts)
    },
  }
  return provider
}
