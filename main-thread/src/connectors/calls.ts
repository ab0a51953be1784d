import { ProviderRpcError } from 'viem'
import {
  atomicStatusOf,
  callsStatusSchema,
  capabilitiesSchema,
  getCallsStatusParamsSchema,
  getCapabilitiesParamsSchema,
  isEip5792Method,
  sendCallsParamsSchema,
  sendCallsResultSchema,
  type AtomicStatus,
  type Capabilities,
  type CallsStatus,
  type SendCallsRequest,
  type SendCallsResult,
} from '@portico/shared-types/eip5792'
import type { Eip1193Provider, Eip1193RequestArguments } from '@portico/shared-types/eip1193'
import { CallsStatusNotApprovedError, CapabilitiesAddressMissingError, WalletError } from '@portico/shared-types/errors'
import { parseWith } from '@portico/shared-types/parse'
import type { Connector } from './types.ts'
import { toProviderError } from './providerHelpers.ts'

/** EIP-1193 / JSON-RPC codes of a wallet that does not have a method. */
const METHOD_NOT_SUPPORTED = new Set([4200, -32601])
const INVALID_PARAMS = -32602

/**
 * EIP-5792 for one wallet (SPEC.md §7 wallet methods): a capability check and the three methods, with
 * every request checked and every answer parsed. One shape for every connector: an EIP-1193 wallet
 * (EIP-6963, WalletConnect through the core) gets it from `walletCalls(provider)`; a connector that
 * runs batches itself (the embedded wallet, as one user operation) gives its own as `Connector.calls`.
 */
export type WalletCalls = {
  /** `wallet_getCapabilities` for `address` (SPEC.md §8 error when it is missing), on the chains asked (all when none). */
  getCapabilities(address: string | undefined, chainIds?: readonly number[]): Promise<Capabilities>
  /** `wallet_sendCalls` (SPEC.md §5: every target starts with 0x); answers the batch's id. */
  sendCalls(request: unknown): Promise<SendCallsResult>
  /** `wallet_getCallsStatus` of a batch (SPEC.md §8 error when the wallet did not approve the method). */
  getCallsStatus(id: string): Promise<CallsStatus>
  /** Whether `address` runs a batch atomically on `chainId`: 'unsupported' when the wallet has no EIP-5792 at all. */
  atomicStatus(address: string, chainId: number): Promise<AtomicStatus>
}

const invalid = (message: string, cause?: unknown) => new ProviderRpcError(new WalletError(message, { code: INVALID_PARAMS, cause }), { code: INVALID_PARAMS, shortMessage: message })

/** Params as an array (EIP-1193 allows an object; EIP-5792's are positional). */
const paramsOf = (params: Eip1193RequestArguments['params']): readonly unknown[] => (Array.isArray(params) ? params : params === undefined ? [] : [params])

/** The first issue of a request that does not hold, as the wallet's invalid-params error. */
function parseRequest<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } } }, value: unknown, method: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw invalid(`${method}: ${parsed.error.issues[0]?.message ?? 'invalid params'}`)
  return parsed.data
}

export type WalletCallsOptions = {
  /** Whether the wallet approved a method (a WalletConnect session's methods); unknown means ask. */
  approved?(method: string): boolean | undefined
}

/**
 * The EIP-5792 seam over an EIP-1193 provider: requests checked here, then asked of the wallet; its
 * answers parsed by the shared schemas. A wallet without the method answers 'unsupported' to the
 * capability check; `wallet_getCallsStatus` it does not answer is SPEC.md §8's 'not approved' error.
 */
export function walletCalls(provider: Eip1193Provider, options: WalletCallsOptions = {}): WalletCalls {
  const ask = async (method: string, params: readonly unknown[]) => {
    try {
      return await provider.request({ method, params })
    } catch (error) {
      throw toProviderError(error)
    }
  }
  const calls: WalletCalls = {
    async getCapabilities(address, chainIds) {
      if (!address) throw new CapabilitiesAddressMissingError()
      const params = parseRequest(getCapabilitiesParamsSchema, chainIds?.length ? [address, chainIds.map((id) => `0x${id.toString(16)}`)] : [address], 'wallet_getCapabilities')
      return parseWith(
        capabilitiesSchema,
        await ask(
          'wallet_getCapabilities',
          params.filter((p) => p !== undefined),
        ),
        'wallet_getCapabilities',
      )
    },
    async sendCalls(request) {
      const params = parseRequest(sendCallsParamsSchema, [request], 'wallet_sendCalls')
      return parseWith(sendCallsResultSchema, await ask('wallet_sendCalls', params), 'wallet_sendCalls')
    },
    async getCallsStatus(id) {
      if (options.approved?.('wallet_getCallsStatus') === false) throw new CallsStatusNotApprovedError()
      const params = parseRequest(getCallsStatusParamsSchema, [id], 'wallet_getCallsStatus')
      const answer = await ask('wallet_getCallsStatus', params).catch((error: unknown) => {
        if (error instanceof ProviderRpcError && METHOD_NOT_SUPPORTED.has(error.code)) throw new CallsStatusNotApprovedError({ cause: error })
        throw error
      })
      return parseWith(callsStatusSchema, answer, 'wallet_getCallsStatus')
    },
    async atomicStatus(address, chainId) {
      if (options.approved?.('wallet_sendCalls') === false) return 'unsupported'
      try {
        return atomicStatusOf(await calls.getCapabilities(address, [chainId]), chainId)
      } catch (error) {
        // A wallet without EIP-5792 (or whose answer does not parse) sends calls one by one, as before.
        if (error instanceof CapabilitiesAddressMissingError) throw error
        return 'unsupported'
      }
    },
  }
  return calls
}

/** The connector's EIP-5792 seam: its own (`Connector.calls`), or the one over its eip155 provider. */
export async function callsOf(connector: Connector): Promise<WalletCalls> {
  return connector.calls ? connector.calls() : walletCalls(await connector.getProvider('eip155'))
}

/**
 * Whether the connector's wallet runs an atomic batch for the account of `caipAddress` (EIP-5792
 * `atomic` capability `supported`, or `ready`: the wallet upgrades the account with the batch's own
 * approval). False for a wallet without EIP-5792, or one whose check fails.
 */
export async function runsAtomicBatches(connector: Connector, caipAddress: string): Promise<boolean> {
  const [namespace, reference, address] = caipAddress.split(':')
  if (namespace !== 'eip155' || !reference || !address) return false
  const status = await callsOf(connector)
    .then((calls) => calls.atomicStatus(address, Number(reference)))
    .catch(() => 'unsupported' as const)
  return status === 'supported' || status === 'ready'
}

/**
 * The provider a dapp gets from `useProvider()`: the three EIP-5792 methods through `calls` (checked
 * requests, parsed answers, SPEC.md §8 errors), everything else to the wallet as it is.
 */
export function withWalletCalls(provider: Eip1193Provider, calls: WalletCalls): Eip1193Provider {
  return {
    async request(args) {
      if (!isEip5792Method(args.method)) return provider.request(args)
      const params = paramsOf(args.params)
      switch (args.method) {
        case 'wallet_getCapabilities': {
          const [address, chainIds] = params as [string | undefined, unknown]
          const ids = Array.isArray(chainIds) ? chainIds.map((id) => (typeof id === 'string' ? Number(id) : NaN)) : undefined
          if (ids?.some((id) => !Number.isSafeInteger(id))) throw invalid('wallet_getCapabilities: chain ids must be hex strings')
          return calls.getCapabilities(typeof address === 'string' ? address : undefined, ids)
        }
        case 'wallet_sendCalls':
          return calls.sendCalls(params[0])
        case 'wallet_getCallsStatus': {
          const [id] = params
          if (typeof id !== 'string') throw invalid('wallet_getCallsStatus: expected the batch id')
          return calls.getCallsStatus(id)
        }
      }
    },
    ...(provider.on ? { on: provider.on.bind(provider) } : {}),
    ...(provider.removeListener ? { removeListener: provider.removeListener.bind(provider) } : {}),
  }
}

export type { SendCallsRequest }
