import { EMBEDDED_ERRORS, MESSAGES } from '@portico/shared-types/errors'
import type { Address } from 'viem'
import * as z from 'zod'
import { FRAME_API, type FrameApi, type FrameApiName } from '../api.ts'
import { FrameError } from '../messages.ts'
import { ApprovalNeedsMore, createApprovals, visibilityV2 } from './approval.ts'
import { APPROVAL_TEXT, ApprovalRefused, callsAsTransactions, chainNumber, dappUserOperationCalls, freezeRequest, simulationView, type ChainFacts } from './describe.ts'
import { isSolanaMethod, solanaLookupTablesOf, solanaSimulationView } from './describe-solana.ts'
import { ApiError } from './errors.ts'
import { createPanels, PANEL_TEXT } from './panel.ts'
import { codeField, createPanelFlows, isStepUpCode, passkeyStepUp, passkeysUsable, typedCode, type FlowHost, type FlowResult } from './panel-flows.ts'
import { openPanelWindow, PANEL_WINDOW_TEXT } from './panel-window.ts'
import type { PanelTask } from './panel-window-messages.ts'
import { APPROVAL_CHAINS_PATH, approvalChainsSchema, readContext } from './reads.ts'

/**
 * The frame's wallet: its approvals of unsafe requests (shown in the frame's document, or its
 * approval window, and decided only by the visitor there) and its settings panels (passkeys, the
 * authenticator app, key export). A chunk of its own, loaded by frame.ts when first asked for (or
 * ahead once a session is known): the frame answers the email form's messages without it.
 */

type Call = <N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>) => Promise<z.output<FrameApi[N]['response']>>

export type FrameWalletDeps = {
  post(message: object): void
  /** The embedding page's origin, shown as who asks. */
  requester: string
  call: Call
  /** Keeps a session the visitor just made (a passkey sign-in). */
  keepSession(token: string): void
  solanaNetworks: readonly { caipNetworkId: string; name: string }[]
  /** The chain the page last chose (an unsafe request without a chain is for it). */
  pageChainId(): number
}

export type FrameWallet = ReturnType<typeof createFrameWallet>

/** The titles of the frame's panels, by flow (the panel window's frame panel says which step continues there). */
const PANEL_TITLES: { [F in PanelTask['flow']]: string } = {
  ADD_PASSKEY: PANEL_TEXT.addPasskeyTitle,
  REMOVE_PASSKEY: PANEL_TEXT.removePasskeyTitle,
  CONNECT_PASSKEY: PANEL_TEXT.signInTitle,
  SETUP_TOTP: PANEL_TEXT.totpTitle,
  EXPORT_KEY: PANEL_TEXT.exportTitle,
}

export function createFrameWallet(deps: FrameWalletDeps) {
  const { post, call } = deps

  /** The chains' native currencies and prices, for the approval's words (fetched once, from the frame's own service). */
  let chainFacts: Promise<ChainFacts[]> | undefined
  const facts = (): Promise<ChainFacts[]> => {
    chainFacts ??= fetch(APPROVAL_CHAINS_PATH, { credentials: 'omit' })
      .then((res) => res.json())
      .then((json) => approvalChainsSchema.parse(json).chains)
    chainFacts.catch(() => (chainFacts = undefined))
    return chainFacts
  }

  /** The frame's own approval of unsafe requests: shown in this document, decided only by the visitor here. */
  const approvals = createApprovals({
    post,
    requester: deps.requester,
    async context(request) {
      const user = await call('user', {})
      const rpc = async (method: string, params: unknown[], chainId: number) => (await call('rpc', { method, params, chainId })).result
      const lookupNames = async (addresses: readonly Address[]) => (await call('names', { addresses: [...addresses] })).names
      return readContext(rpc, request, await facts(), user.address as Address, lookupNames)
    },
    async solanaContext(request) {
      const user = await call('user', {})
      if (!user.solanaAddress) throw new FrameError(MESSAGES.embeddedDefaultError)
      const network = deps.solanaNetworks.find((n) => n.caipNetworkId === request.network)
      const context = { account: user.solanaAddress, networkName: network?.name ?? request.network }
      // A v0 transaction's accounts from address lookup tables, read by the service; a table it cannot read stays unread (and the approval says so).
      const tables = request.method === 'solana_signMessage' ? [] : solanaLookupTablesOf(request.params[0].transaction)
      if (tables.length === 0) return context
      const read = await call('solanaLookupTables', { network: request.network, addresses: tables.slice(0, 64) }).catch(() => ({ tables: {} }))
      return { ...context, lookupTables: new Map(Object.entries(read.tables)) }
    },
    async simulateSolana(request, context) {
      if (request.method === 'solana_signMessage') return { state: 'unavailable', reason: 'a message moves nothing' }
      return solanaSimulationView(await call('solanaSimulate', { network: request.network, from: context.account, transaction: request.params[0].transaction }))
    },
    async simulate(request, context) {
      const transactions = request.method === 'eth_sendUserOperation' ? callsAsTransactions(request).map((t) => t.params[0]) : request.method === 'eth_sendTransaction' ? [request.params[0]] : []
      if (transactions.length === 0) return { state: 'unavailable', reason: 'its calls cannot be read' }
      const from = request.method === 'eth_sendUserOperation' ? request.params[0].userOperation.sender : (transactions[0]!.from ?? context.account)
      const calls = transactions.map((tx) => {
        const data = tx.data ?? tx.input
        return { ...(tx.to === undefined ? {} : { to: tx.to }), ...(tx.value === undefined ? {} : { value: tx.value }), ...(data === undefined ? {} : { data }) }
      })
      return simulationView(await call('simulate', { chainId: request.chainId, from, calls }), context)
    },
    async sign(request) {
      // Exactly the frozen copy that was shown goes to the service.
      const send = async () => {
        if ('network' in request) return (await call('solana', { method: request.method, params: request.params, network: request.network })).result
        if (request.method === 'eth_sendUserOperation') return (await call('userOperationSend', { chainId: request.chainId, userOperation: request.params[0].userOperation })).hash
        return (await call('rpc', { method: request.method, params: request.params as unknown as unknown[], chainId: request.chainId })).result
      }
      try {
        return await send()
      } catch (err) {
        // A large amount, and no sign-in or second factor in the last 5 minutes: the service asks for one, here.
        if (!(err instanceof ApiError) || err.message !== EMBEDDED_ERRORS.freshFactorNeeded) throw err
        await approvalStepUp()
        return await send()
      }
    },
  })

  /** The code field the approval shows once the service asked for a second factor (the authenticator app's). */
  let approvalCode: ReturnType<typeof codeField> | null = null

  /** The approval shown again with a field for a code of the visitor's authenticator app, and `message`. */
  function askApprovalCode(message: string): ApprovalNeedsMore {
    approvalCode = codeField('approval-step-up-code', PANEL_TEXT.approvalStepUpCode)
    return new ApprovalNeedsMore(message, approvalCode.element)
  }

  /**
   * A fresh second factor for a large approval, in this frame and in the visitor's approving click: the
   * code typed in the approval (the app's, or a recovery code), else one of their passkeys; with neither
   * usable, a field for the app's code when the app is on, or the service's refusal.
   */
  async function approvalStepUp(): Promise<void> {
    const typed = approvalCode ? typedCode(approvalCode.input) : ''
    if (typed !== '') {
      if (!isStepUpCode(typed)) throw askApprovalCode(PANEL_TEXT.stepUpCodeInvalid)
      try {
        await call('totpStepUp', { code: typed })
      } catch (err) {
        // A wrong or spent code: said in place, and another one asked for.
        if (err instanceof ApiError && err.status < 500) throw askApprovalCode(err.message)
        throw err
      }
      approvalCode = null
      return
    }
    try {
      await passkeyStepUp(flowHost)
      return
    } catch (err) {
      // No passkey here, or the visitor closed the browser's prompt: the app's code instead, when it is on.
      if ((await call('totpStatus', {})).enabled) throw askApprovalCode(EMBEDDED_ERRORS.freshFactorNeeded)
      if (err instanceof ApiError && err.message !== EMBEDDED_ERRORS.freshFactorNeeded) throw err
      throw new FrameError(EMBEDDED_ERRORS.freshFactorNeeded)
    }
  }

  /** The frame's own settings panels (passkeys, the authenticator app, key export): never while an approval waits. */
  const panels = createPanels({ post, requester: deps.requester, busy: () => approvals.pending > 0 })

  /** What the panels' flows may do, with this frame's session. */
  const flowHost: FlowHost = {
    panels,
    call: (name, body) => call(name, body),
    async passkeyLogin(response) {
      const { token } = await call('passkeyLogin', { response })
      deps.keepSession(token)
    },
  }
  const flows = createPanelFlows(flowHost)

  /**
   * One settings panel, where the visitor's decision is safe: in this frame where the engine shows
   * that it is fully visible (IntersectionObserver v2), else in the panel window of this origin,
   * opened by the visitor's click on the frame's own panel (its flows run there, their calls here).
   */
  async function runPanel<F extends PanelTask['flow']>(task: PanelTask & { flow: F }, title: string): Promise<FlowResult[F]> {
    if (visibilityV2()) return (await flows.run(task)) as FlowResult[F]
    let opened: ReturnType<typeof openPanelWindow> | undefined
    const value = await panels.ask({
      title,
      body: PANEL_WINDOW_TEXT.body,
      action: PANEL_WINDOW_TEXT.action,
      testId: 'panel-open-window',
      working: PANEL_WINDOW_TEXT.waiting,
      run() {
        opened = openPanelWindow(task, { host: flowHost, requester: deps.requester })
        return opened.done
      },
      stop: () => opened?.stop(),
    })
    const parsed = windowResultSchemas[task.flow].safeParse(value)
    if (!parsed.success) throw new FrameError(MESSAGES.embeddedDefaultError)
    return parsed.data as FlowResult[F]
  }

  /** What the panel window may answer for each flow (checked as anything from outside this document). */
  const windowResultSchemas = {
    ADD_PASSKEY: FRAME_API.passkeyRegister.response,
    REMOVE_PASSKEY: FRAME_API.passkeyRemove.response,
    CONNECT_PASSKEY: z.object({}).strict(),
    SETUP_TOTP: z.object({ enabled: z.literal(true) }).strict(),
    EXPORT_KEY: z.object({ exported: z.literal(true) }).strict(),
  } satisfies { [F in PanelTask['flow']]: z.ZodType }

  /**
   * A smart account's transaction (SPEC.md §3): built by the service as one user operation (sponsored
   * by the project's paymaster when it agrees), shown here with its hash and decoded calls, signed and
   * sent to the bundler only after the visitor approves it. Answers the user operation's hash.
   */
  async function sendAsUserOperation(params: unknown, chainId: number, account: string): Promise<unknown> {
    const request = freezeRequest('eth_sendTransaction', params, chainId)
    if (request.method !== 'eth_sendTransaction') throw new FrameError(MESSAGES.embeddedDefaultError)
    const [tx] = request.params
    // Sent from the smart account, or not at all: a transaction that names another sender is refused.
    if (tx.from !== undefined && tx.from.toLowerCase() !== account.toLowerCase()) throw new ApprovalRefused(`Unknown account ${tx.from}`)
    if (tx.to === undefined) throw new ApprovalRefused(APPROVAL_TEXT.unsupported.replace('{method}', 'contract creation from a smart account'))
    const data = tx.data ?? tx.input ?? '0x'
    const prepared = await call('userOperationPrepare', { chainId, calls: [{ to: tx.to, value: tx.value ?? '0x0', data }] })
    return approvals.askUserOperation(prepared, chainId)
  }

  /**
   * A user operation the dapp built (`eth_sendUserOperation`): never shown or signed as the page made it.
   * Its calls alone are taken (for the user's smart account and EntryPoint v0.8, else refused) and the
   * service prepares an operation of its own with them (its gas limits, fees, paymaster and hash), which
   * is shown and signed like the frame's other operations. Answers that operation's hash.
   */
  async function resendUserOperation(params: unknown, chainId: number): Promise<unknown> {
    const user = await call('user', {})
    if (user.preferredAccountType !== 'smartAccount') throw new ApprovalRefused(APPROVAL_TEXT.unsupported.replace('{method}', 'eth_sendUserOperation'))
    const calls = dappUserOperationCalls(params, user.address as Address)
    const prepared = await call('userOperationPrepare', { chainId, calls })
    return approvals.askUserOperation(prepared, chainId)
  }

  const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{0,64}$/)
  /** EIP-5792 `wallet_sendCalls`' one param, as far as the frame needs it (the dapp's page checked it already; this frame checks again). */
  const sendCallsParams = z.tuple([
    z.object({
      chainId: z.string().regex(/^0x[0-9a-fA-F]+$/),
      from: z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/)
        .optional(),
      calls: z
        .array(
          z.object({
            to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
            value: hexQuantity.optional(),
            data: z
              .string()
              .regex(/^0x([0-9a-fA-F]{2})*$/)
              .optional(),
          }),
        )
        .min(1)
        .max(16),
    }),
  ])

  /**
   * EIP-5792 `wallet_sendCalls` from the smart account: every call in one user operation (atomic: all
   * or none), shown and approved like any other, its hash the batch's id (`wallet_getCallsStatus`).
   */
  async function sendCallsAsUserOperation(params: unknown, chainId: number): Promise<{ id: string }> {
    const parsed = sendCallsParams.safeParse(params)
    if (!parsed.success) throw new ApprovalRefused(APPROVAL_TEXT.invalidParams.replace('{method}', 'wallet_sendCalls').replace('{detail}', parsed.error.issues[0]?.message ?? 'invalid'))
    const [request] = parsed.data
    if (Number(BigInt(request.chainId)) !== chainId)
      throw new ApprovalRefused(APPROVAL_TEXT.wrongTransactionChain.replace('{given}', String(Number(BigInt(request.chainId)))).replace('{chain}', String(chainId)))
    const calls = request.calls.map((c) => ({ to: c.to, value: c.value && c.value !== '0x' ? c.value : '0x0', data: c.data ?? '0x' }))
    const prepared = await call('userOperationPrepare', { chainId, calls })
    return { id: String(await approvals.askUserOperation(prepared, chainId)) }
  }

  return {
    /** An unsafe request (classified by frame.ts): shown here and answered only after the visitor's decision. */
    async unsafe(method: string, params: unknown, chainId: string | number | undefined): Promise<unknown> {
      // A settings panel (passkey, key export) has the frame's document: no approval replaces it meanwhile.
      if (panels.open) throw new FrameError(PANEL_TEXT.busy)
      if (method.startsWith('solana_')) {
        // A Solana request: on one of the service's Solana networks, shown and signed like the EVM ones.
        const network = String(chainId ?? '')
        if (!deps.solanaNetworks.some((n) => n.caipNetworkId === network)) throw new FrameError(MESSAGES.unsupportedChain)
        if (!isSolanaMethod(method)) throw new FrameError(APPROVAL_TEXT.unsupported.replace('{method}', method))
        return approvals.ask(method, params, network)
      }
      // Shown in this frame and signed only after the visitor's own click here (see approval.ts).
      const chain = chainId === undefined ? deps.pageChainId() : chainNumber(String(chainId).replace(/^eip155:/, ''))
      if (!Number.isSafeInteger(chain) || chain <= 0) throw new FrameError(MESSAGES.unsupportedChain)
      if (method === 'eth_sendUserOperation') return resendUserOperation(params, chain)
      if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
        const user = await call('user', {})
        const smart = user.preferredAccountType === 'smartAccount'
        if (smart && method === 'eth_sendTransaction') return sendAsUserOperation(params, chain, user.address)
        // A batch runs atomically only as a smart account's user operation; the EOA has no EIP-5792 batches.
        if (method === 'wallet_sendCalls') {
          if (!smart) throw new FrameError(APPROVAL_TEXT.unsupported.replace('{method}', method))
          return sendCallsAsUserOperation(params, chain)
        }
      }
      return approvals.ask(method, params, chain)
    },
    /** One settings panel (see runPanel). */
    panel<F extends PanelTask['flow']>(task: PanelTask & { flow: F }): Promise<FlowResult[F]> {
      const flow: PanelTask['flow'] = task.flow
      if (flow === 'ADD_PASSKEY' || flow === 'CONNECT_PASSKEY') passkeysUsable()
      return runPanel<F>(task, PANEL_TITLES[flow])
    },
    /** The page gave up (its modal closed): every waiting approval and the open panel answer 4001. */
    abort(): number {
      return approvals.abortAll() + panels.abort()
    },
  }
}
