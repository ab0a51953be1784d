import { regexes } from 'zod/mini'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { EMAIL_LOGIN_COOLDOWN_MS, SDK_TYPE, SDK_VERSION } from '@portico/shared-types/constants'
import type { EmbeddedUser } from '@portico/shared-types/embedded'
import { classifyRpcMethod, USER_REJECTED_CODE } from '@portico/shared-types/embedded-rpc'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import { emailCooldownMessage, MESSAGES, SwitchChainError, WalletError } from '@portico/shared-types/errors'
import type { CaipAddress, CaipNetworkId } from '@portico/shared-types/light'
import type { Network } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'
import { EmbeddedWalletError } from './embedded/errors.ts'
import { providerHelpers } from './walletErrors.ts'
import type { FrameClient } from './embedded/frame.ts'
import type { AuthConnector, EmbeddedLogin, EmbeddedWalletApi } from './embedded/types.ts'
import type { ConnectorSourceContext } from './registry.ts'
import type { ConnectorEvent, ConnectorSource } from './types.ts'

/**
 * The check of zod's email schema (its pattern), without building a schema: the connector starts
 * before the visitor acts, and builds none of the embedded wallet's schemas until the frame loads.
 */
const isValidEmail = (email: string): boolean => regexes.email.test(email)

/** An icon of the embedded wallet (an envelope), as a data URI so no request is made for it. */
const ICON =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#e8f0fe"/><path d="M10 13h20v14H10z" fill="none" stroke="#1a73e8" stroke-width="2"/><path d="m10 13 10 8 10-8" fill="none" stroke="#1a73e8" stroke-width="2"/></svg>',
  )

const chainNumber = (caipNetworkId: string | null | undefined): number | undefined => {
  const id = Number(caipNetworkId?.split(':')[1])
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

type SourceApi = ConnectorSourceContext['api']
type Approvals = NonNullable<ConnectorSourceContext['approvals']>

/**
 * Once the frame is made: its approvals laid over the modal (shown at their height, given up on by
 * the page), and the frame told which dapp it serves (SPEC.md §3 dapp metadata); best effort.
 */
function introduceFrame(made: FrameClient, approvals: Approvals, config: ConnectorSourceContext['config']): void {
  const abort = () => void made.request('ABORT_APPROVALS', {}).catch(() => undefined)
  made.onApproval((state) => {
    const element = made.element
    if (!state || !element) return approvals.hide()
    approvals.show({
      height: state.height,
      where: state.where,
      panel: state.panel,
      frame: element,
      reject: abort,
      syncTheme: (themeMode) => void made.request('SYNC_THEME', { themeMode }).catch(() => undefined),
    })
  })
  const { name, description, url: dappUrl, icons } = config.metadata
  void made.request('SYNC_DAPP_DATA', { metadata: { name, description, url: dappUrl, icons }, sdkVersion: SDK_VERSION, sdkType: SDK_TYPE, projectId: config.projectId }).catch(() => undefined)
}

/** Records the frame's user with the core (SPEC.md §3 login data) and answers its account. */
async function recordUser(api: SourceApi, user: EmbeddedUser, chainId: number): Promise<CaipAddress> {
  const lastChain = `eip155:${chainId}` as CaipNetworkId
  await api.setEmbeddedWallet({
    loginUsed: true,
    email: user.email ?? null,
    lastChain,
    socialUsername: user.socialProvider ? (user.userName ?? null) : null,
    accounts: user.accounts ?? [{ address: user.address, type: 'eoa' }],
    preferredAccountType: user.preferredAccountType ?? 'eoa',
    smartAccountDeployed: user.smartAccountDeployed ?? false,
  })
  return `${lastChain}:${user.address}` as CaipAddress
}

/**
 * The embedded wallet's EIP-1193 provider: SPEC.md §6's not-allowed methods refused (and the requests
 * waiting in a loaded frame given up on), the account and chain answered here, every other request
 * sent to the frame (an unsafe one waits there for the visitor's approval; a rejection is viem's).
 */
function embeddedProvider(deps: {
  api: SourceApi
  approvals: Approvals
  /** The frame when it is loaded (it may have requests waiting), else null. */
  loadedFrame: () => FrameClient | null
  ensureChecked: () => Promise<CaipAddress | null>
  activeChain: () => Promise<number>
  getFrame: () => Promise<FrameClient>
}): Eip1193Provider {
  const { api, approvals, loadedFrame, ensureChecked, activeChain, getFrame } = deps
  return {
    async request({ method, params }) {
      const kind = classifyRpcMethod(method)
      if (kind === 'notAllowed') {
        // The requests waiting in a loaded frame are rejected too (SPEC.md §6); an unloaded frame has none.
        approvals.notAllowed(
          method,
          () =>
            void loadedFrame()
              ?.request('ABORT_APPROVALS', {})
              .catch(() => undefined),
        )
        throw (await providerHelpers()).providerError(4200, MESSAGES.rpcNotAllowed)
      }
      const caipAddress = await ensureChecked()
      if (!caipAddress) throw (await providerHelpers()).unauthorized('The embedded wallet is signed out')
      const chainId = await activeChain()
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
        // The account the core holds: another tab may have switched the account type since this one checked.
        const held = (await api.getState()).connections.eip155
        const current = held?.status === 'connected' && held.connectorId === AUTH_CONNECTOR_ID && held.caipAddress ? held.caipAddress : caipAddress
        return [current.split(':')[2]]
      }
      try {
        const { result } = await (await getFrame()).request('RPC_REQUEST', { method, params, chainId })
        return result
      } catch (error) {
        // The visitor rejected in the frame's approval, or the page gave up on it (EIP-1193 4001).
        if (error instanceof EmbeddedWalletError && error.code === USER_REJECTED_CODE) throw new (await providerHelpers()).UserRejectedRequestError(error)
        throw error
      }
    },
  }
}

/**
 * The login steps the modal's views call (email code, device link, social and Farcaster, email change),
 * each a request to the frame; the same email is asked again only after the cooldown (SPEC.md §5).
 * `forgetEmail` ends that cooldown (a sign-out).
 */
function embeddedWalletApi(
  url: string,
  getFrame: () => Promise<FrameClient>,
  api: SourceApi,
  setAccountType: EmbeddedWalletApi['setAccountType'],
): { embedded: EmbeddedWalletApi; forgetEmail(): void } {
  let lastEmail: { email: string; at: number } | null = null
  const embedded: EmbeddedWalletApi = {
    frameOrigin: new URL(url).origin,
    preload: () =>
      void getFrame()
        .then((f) => f.ready())
        .catch(() => undefined),
    isValidEmail,
    async connectEmail(email, signal) {
      const now = Date.now()
      if (lastEmail?.email === email && now - lastEmail.at < EMAIL_LOGIN_COOLDOWN_MS) throw new EmbeddedWalletError(emailCooldownMessage(EMAIL_LOGIN_COOLDOWN_MS - (now - lastEmail.at)))
      const { action } = await (await getFrame()).request('CONNECT_EMAIL', { email }, { signal })
      lastEmail = { email, at: Date.now() }
      return action
    },
    async connectDevice(signal) {
      await (await getFrame()).request('CONNECT_DEVICE', {}, { signal })
    },
    async connectOtp(otp, signal) {
      await (await getFrame()).request('CONNECT_OTP', { otp }, { signal })
    },
    async getSocialRedirectUri(socialProvider, signal) {
      return (await (await getFrame()).request('GET_SOCIAL_REDIRECT_URI', { provider: socialProvider }, { signal })).uri
    },
    async connectSocial(uri, signal): Promise<EmbeddedLogin> {
      return (await getFrame()).request('CONNECT_SOCIAL', { uri }, { signal })
    },
    async getFarcasterUri(signal) {
      return (await (await getFrame()).request('GET_FARCASTER_URI', {}, { signal })).url
    },
    async connectFarcaster(signal): Promise<EmbeddedLogin> {
      return (await getFrame()).request('CONNECT_FARCASTER', {}, { signal })
    },
    async updateEmail(email) {
      return (await (await getFrame()).request('UPDATE_EMAIL', { email })).action
    },
    async updateEmailPrimaryOtp(otp) {
      await (await getFrame()).request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
    },
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = await (await getFrame()).request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      await api.setEmbeddedWallet({ email: newEmail })
      return newEmail
    },
    async sessions() {
      return (await (await getFrame()).request('GET_SESSIONS', {})).sessions
    },
    async endSession(id) {
      return (await (await getFrame()).request('END_SESSION', { id })).ended
    },
    async endAllSessions(keepCurrent) {
      return (await (await getFrame()).request('END_ALL_SESSIONS', { keepCurrent })).ended
    },
    async passkeys() {
      return (await (await getFrame()).request('GET_PASSKEYS', {})).passkeys
    },
    async addPasskey() {
      return (await (await getFrame()).request('ADD_PASSKEY', {})).passkey
    },
    async removePasskey(id) {
      return (await (await getFrame()).request('REMOVE_PASSKEY', { id })).removed
    },
    async totpEnabled() {
      return (await (await getFrame()).request('GET_TOTP', {})).enabled
    },
    async setupTotp() {
      return (await (await getFrame()).request('SETUP_TOTP', {})).enabled
    },
    async exportKey(chain) {
      return (await (await getFrame()).request('EXPORT_KEY', { chain })).exported
    },
    async connectPasskey(signal): Promise<EmbeddedLogin> {
      return (await getFrame()).request('CONNECT_PASSKEY', {}, { signal })
    },
    setAccountType,
  }
  return { embedded, forgetEmail: () => (lastEmail = null) }
}

/**
 * The embedded wallet (type AUTH, SPEC.md §4): email one-time code, social and Farcaster login through
 * the secure frame of `embeddedWalletUrl`, whose keys never leave the frame's origin. The frame loads
 * only when the visitor heads for email or social login, or when a returning visitor's dapp first uses
 * the provider; the login data goes to the core, which keeps it for every tab and across reloads.
 * Requests of SPEC.md §6's unsafe class go to the frame, which shows them in its own approval and
 * signs only after the visitor's click there: the page lays the frame over ApproveTransaction and can
 * give up on them (closing the modal), never approve them. Methods outside both classes are refused.
 */
export function embeddedWalletSource({ config, api, approvals }: ConnectorSourceContext): ConnectorSource | null {
  const url = config.embeddedWalletUrl
  if (!url || !approvals) return null
  const listeners = createEmitter<ConnectorEvent>()
  const emit = (event: ConnectorEvent) => {
    listeners.emit(event)
  }
  const activeChain = async (): Promise<number> => {
    const state = await api.getState()
    return chainNumber(state.activeCaipNetworkId) ?? chainNumber(config.defaultNetwork) ?? chainNumber(config.networks.find((n) => n.chainNamespace === 'eip155')?.caipNetworkId) ?? 1
  }

  let frame: FrameClient | null = null
  const getFrame = async (): Promise<FrameClient> => {
    if (!frame) {
      // The frame's code (its messages' schemas) loads with the frame, not with the connector.
      const [{ createFrameClient }, chainId] = await Promise.all([import('./embedded/frame.ts'), activeChain()])
      const made = frame ?? createFrameClient({ url, projectId: config.projectId, chainId })
      frame ??= made
      // The frame learns which dapp it serves (SPEC.md §3 dapp metadata) once it is ready; best effort.
      if (frame === made) introduceFrame(made, approvals, config)
    }
    return frame
  }

  /** The frame's user as last answered (its Solana address among the rest). */
  let lastUser: EmbeddedUser | null = null
  const record = (user: EmbeddedUser, chainId: number) => {
    lastUser = user
    return recordUser(api, user, chainId)
  }

  // SPEC.md §9: the auth connector serves solana too when the dapp has a Solana network (the frame keeps
  // an ed25519 key per user); its code loads only when the solana namespace is first used.
  const solanaNetworks = config.networks.filter((n) => n.chainNamespace === 'solana')
  let solanaPart: ReturnType<typeof loadSolana> | null = null
  const approvalHost: Approvals = approvals
  const loadSolana = async () => {
    const { embeddedSolana, embeddedSolanaProvider } = await import('./embedded/solana.ts')
    const accounts = embeddedSolana(solanaNetworks, api)
    const provider = embeddedSolanaProvider({ approvals: approvalHost, loadedFrame, ensureChecked, account: () => accounts.account(lastUser), getFrame })
    return { ...accounts, provider }
  }
  const solana = () => (solanaPart ??= loadSolana())

  /** The account of the frame's session, or null when it has none (a failed check clears the cached login data). */
  async function check(): Promise<CaipAddress | null> {
    const f = await getFrame()
    const { isConnected } = await f.request('IS_CONNECTED', {})
    if (!isConnected) {
      await api.clearEmbeddedWallet()
      return null
    }
    const chainId = await activeChain()
    // A returning session keeps the account type the frame holds (another tab may have just switched
    // it): the core's preference follows it, so no tab sets back a type it read before the switch.
    const user = await f.request('GET_USER', { chainId })
    const { followHeldType } = await import('./embedded/accountType.ts')
    await followHeldType(api, user)
    return record(user, chainId)
  }

  // A returning visitor's session is checked with the frame when the page first needs it, not at load.
  let needed: () => void = () => undefined
  const whenNeeded = new Promise<void>((resolve) => (needed = resolve))
  let checked: Promise<CaipAddress | null> | null = null
  const ensureChecked = (): Promise<CaipAddress | null> => {
    needed()
    checked ??= check().then(
      (caipAddress) => {
        if (!caipAddress) emit({ type: 'disconnect' })
        return caipAddress
      },
      (error: unknown) => {
        checked = null
        throw error
      },
    )
    return checked
  }

  const loadedFrame = () => (frame?.loaded ? frame : null)
  const provider = embeddedProvider({ api, approvals, loadedFrame, ensureChecked, activeChain, getFrame })

  const setAccountType: EmbeddedWalletApi['setAccountType'] = async (type) => {
    const chainId = await activeChain()
    const { switchAccountType } = await import('./embedded/accountType.ts')
    const { user, effective } = await switchAccountType(api, await getFrame(), chainId, type)
    const caipAddress = await record(user, chainId)
    checked = Promise.resolve(caipAddress)
    // The session records the new account with the core, which pushes it to every tab.
    emit({ type: 'change', caipAddress })
    return effective
  }

  const { embedded, forgetEmail } = embeddedWalletApi(url, getFrame, api, setAccountType)

  const connector: AuthConnector = {
    id: AUTH_CONNECTOR_ID,
    type: 'AUTH',
    name: 'Email Wallet',
    icon: ICON,
    namespaces: solanaNetworks.length > 0 ? ['eip155', 'solana'] : ['eip155'],
    approval: 'modal',
    embedded,
    /**
     * Called once the frame has a session (a code, a social or Farcaster login): fetches the user
     * (SPEC.md §4: connected after the user is fetched). On solana, the user's Solana account.
     */
    async connect(params) {
      needed()
      const chainId = await activeChain()
      const { userWithPreferredType } = await import('./embedded/accountType.ts')
      const user = await userWithPreferredType(api, await getFrame(), chainId)
      const caipAddress = await record(user, chainId)
      checked = Promise.resolve(caipAddress)
      if (params?.namespace !== 'solana') return caipAddress
      const account = await (await solana()).account(user, params.network)
      if (!account) throw new EmbeddedWalletError(MESSAGES.embeddedDefaultError)
      return account
    },
    async disconnect() {
      try {
        await (await getFrame()).request('SIGN_OUT', {})
      } finally {
        checked = null
        forgetEmail()
        await api.clearEmbeddedWallet()
      }
    },
    async getCaipAddress(namespace) {
      await whenNeeded
      const caipAddress = await ensureChecked()
      return namespace === 'solana' && caipAddress ? (await solana()).account(lastUser) : caipAddress
    },
    async switchChain(network: Network) {
      if (network.chainNamespace === 'solana') return (await solana()).switchNetwork(network)
      try {
        await (await getFrame()).request('SWITCH_NETWORK', { chainId: network.id })
        await api.setEmbeddedWallet({ lastChain: network.caipNetworkId })
      } catch (cause) {
        throw new SwitchChainError(network.caipNetworkId, { cause })
      }
    },
    getProvider: async (namespace) => (namespace === 'solana' ? (await solana()).provider : provider),
    subscribe(listener) {
      return listeners.on(listener)
    },
  }
  return {
    connectors: () => [connector],
    subscribe: () => () => undefined,
    destroy() {
      listeners.clear()
      frame?.destroy()
    },
  }
}
