/**
 * Shared fixtures of the core's tests against a real sandbox (anvil chains, the data API, the relay):
 * one sandbox per test file on ports of its own, the core configured for its chains, the Sandbox
 * Wallet's provider as the page's connector would call it, and the page's write loop.
 * Test code only: the packages never import the sandbox.
 */
import 'fake-indexeddb/auto'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import type { CoreConfig, CoreOptionsInput, Network } from '@portico/shared-types'
import type { WalletAnswer, WriteIntent, WriteResult } from '@portico/shared-types/write'
import { createSandboxProvider, TEST_MNEMONIC, type SandboxProvider } from '../../sandbox/wallet/provider.ts'
import { memoryStorage, scriptedApprove } from '../../sandbox/wallet/test-helpers.ts'
import type { ApprovalRequest } from '../../sandbox/wallet/types.ts'
import { createCore, type Core } from '../src/core.ts'
import { createStorage } from '../src/infra/storage.ts'

/** `PORTICO_E2E_PORT_OFFSET=N` moves these ports too, so two test runs can share a machine. */
const TEST_PORT_OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0

/**
 * A sandbox on `base + 545/546` (chains), `base + 787` (data API), `base + 788` (catalogue): `startTestSandbox(13000)`.
 * It runs the chains, the bundlers and the data API, and the `services` a file adds (`['relay', 'phoneWallet']`).
 */
export function startTestSandbox(base: number, services: readonly string[] = []): Promise<Sandbox> {
  base += TEST_PORT_OFFSET
  if (base + 792 >= 32768) throw new Error(`Test ports from ${base} reach the system's ephemeral range (32768 and up): take a base below 31900`)
  // The frame's SMTP server on a port of its own too: a free port the system picks could be another file's.
  return startSandbox({ chainPorts: { a: base + 545, b: base + 546 }, dataApiPort: base + 787, cataloguePort: base + 788, ports: { frameSmtp: base + 792 }, services: ['dataApi', ...services] })
}

/** The core's configuration for the sandbox's chains and data API. */
export function sandboxConfig(sandbox: Sandbox, projectId: string, extra: Partial<CoreConfig> = {}): CoreConfig {
  return {
    projectId,
    apiUrl: sandbox.dataApi.url,
    networks: sandbox.chains.map((c) => ({
      id: c.chainId,
      caipNetworkId: `eip155:${c.chainId}` as const,
      chainNamespace: 'eip155' as const,
      name: c.name,
      nativeCurrency: c.nativeCurrency,
      rpcUrls: { default: { http: [c.rpcUrl] } },
    })),
    ...extra,
  }
}

/** The sandbox's Solana Localnet as a dapp configures it: its LiteSVM RPC, SOL as the native currency. */
export function solanaLocalnetNetwork(rpcUrl: string, caipNetworkId: `solana:${string}`): Network {
  return {
    id: caipNetworkId.slice('solana:'.length),
    caipNetworkId,
    chainNamespace: 'solana',
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
}

/** The origin of the page these tests stand for (the Sandbox Wallet authorises it too). */
export const TEST_PAGE_ORIGIN = 'http://127.0.0.1:5173'

/**
 * `fetch` as the core's SharedWorker makes it in a browser: with the page's `Origin` header, which
 * the SIWX verifier binds a sign-in to. Node's fetch sends none of its own.
 */
export const pageFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  headers.set('origin', TEST_PAGE_ORIGIN)
  return fetch(input, { ...init, headers })
}

/** A core with its own IndexedDB, configured, with `address` connected on chain 31337; its requests carry the page's origin. */
export async function connectedTestCore(config: CoreConfig, address: string, options?: CoreOptionsInput): Promise<Core> {
  const core = createCore({ storage: createStorage({ dbName: `core-${crypto.randomUUID()}`, warn: () => {} }), warn: () => {}, fetch: pageFetch })
  await core.configure(config, options)
  await core.setConnected({ caipAddress: `eip155:31337:${address}`, connectorId: 'sandbox', connectorName: 'Sandbox Wallet' })
  return core
}

export type TestWallet = { provider: SandboxProvider; asked: readonly ApprovalRequest[] }

/** The Sandbox Wallet on chain 31337, authorised for the page; `answers` approve (true) or reject each prompt after connecting. */
export async function sandboxWallet(sandbox: Sandbox, answers: boolean[], { addressIndex = 0 }: { addressIndex?: number } = {}): Promise<TestWallet> {
  const approve = scriptedApprove(true, ...answers)
  const provider = createSandboxProvider({
    approve,
    origin: TEST_PAGE_ORIGIN,
    storage: memoryStorage(),
    chains: [{ id: 31337, name: 'Portico Local', rpcUrl: sandbox.chains[0]!.rpcUrl }],
    defaultChainId: 31337,
    mnemonic: TEST_MNEMONIC,
    addressIndex,
  })
  await provider.request({ method: 'eth_requestAccounts' })
  return { provider, asked: approve.asked }
}

/**
 * What the page's write action does: each step through the wallet, each answer back to the core.
 * Answers the outcome and the steps as `index/total label`.
 */
export async function runWrite(
  core: Core,
  provider: SandboxProvider,
  intent: WriteIntent,
  onStep?: (step: Extract<WriteResult, { status: 'step' }>) => void,
  /** Answers the steps addressed to the dapp (a SIWX configuration's functions), as the page would. */
  dapp?: (request: Extract<WriteResult, { status: 'step' }>['request']) => Promise<unknown>,
): Promise<{ result: WriteResult; steps: string[] }> {
  const steps: string[] = []
  let result: WriteResult = await core.prepareWrite(intent)
  while (result.status === 'step') {
    steps.push(`${result.index}/${result.total} ${result.label}`)
    onStep?.(result)
    const step = result
    if (step.target === 'wallet' && !(await core.markWriteAsked(step.writeId))) throw new Error(`The core does not know write ${step.writeId}`)
    const ask = step.target === 'dapp' ? () => (dapp ? dapp(step.request) : Promise.reject(new Error('No dapp answerer'))) : () => provider.request(step.request)
    const answer: WalletAnswer = await ask().then(
      (value) => ({ ok: true as const, result: value }),
      (error: { code?: number; message: string; data?: unknown }) => ({ ok: false as const, error: { code: error.code, message: error.message, data: error.data } }),
    )
    result = await core.submitWriteResult(result.writeId, answer)
  }
  return { result, steps }
}
