/**
 * Solana balances against the sandbox's Solana Localnet (LiteSVM behind its JSON-RPC server): SOL
 * through the core's RPC transport, SOL and SPL tokens with prices through the data API, both cached
 * in IndexedDB and shown with their age when the network is gone.
 */
import { solanaService, SOLANA_LOCALNET_CAIP_ID, type Sandbox, type SolanaChainHandle } from '@portico/sandbox'
import type { CaipAddress, CoreConfig } from '@portico/shared-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { sandboxConfig, solanaLocalnetNetwork, startTestSandbox } from '../../sandbox.ts'

let sandbox: Sandbox
let solana: SolanaChainHandle
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(17000, ['solana'])
  solana = sandbox.service(solanaService)
  const localnet = solanaLocalnetNetwork(solana.rpcUrl, SOLANA_LOCALNET_CAIP_ID)
  const evm = sandboxConfig(sandbox, 'solana-balances-test')
  config = { ...evm, networks: [...evm.networks, localnet] }
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const newCore = (dbName = `solana-${Math.random()}`, fetchFn?: typeof fetch): Core =>
  createCore({ storage: createStorage({ dbName, warn: () => {} }), warn: () => {}, ...(fetchFn ? { fetch: fetchFn } : {}) })

describe('Solana balances in the core', () => {
  it("reads a dev account's SOL from the chain and its SOL and SPL tokens with prices from the data API", async () => {
    const owner = solana.devAccounts[0]!.address
    const held = solana.balances(owner)
    expect(held.tokens.length).toBeGreaterThan(0)
    // The core's requests to the Solana RPC, by JSON-RPC method (a batch counts each call).
    const calls: string[] = []
    const counting: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url.startsWith(solana.rpcUrl)) {
        const body = JSON.parse(String(init?.body)) as { method: string }[] | { method: string }
        calls.push(...(Array.isArray(body) ? body : [body]).map((c) => c.method))
      }
      return fetch(input, init)
    }
    const core = newCore(undefined, counting)
    await core.configure(config)
    const caipAddress: CaipAddress = `${SOLANA_LOCALNET_CAIP_ID}:${owner}`
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    await Promise.all([core.refreshBalances(), core.refreshBalances(), core.refresh()])
    const { nativeBalance, balances } = await core.getState()
    expect(nativeBalance).toMatchObject({ status: 'success', caipAddress, symbol: 'SOL', decimals: 9, value: held.lamports.toString() })
    expect(balances.status).toBe('success')
    const symbols = (balances.data ?? []).map((b) => b.symbol)
    expect(symbols[0]).toBe('SOL')
    for (const { token } of held.tokens) expect(symbols).toContain(token.symbol)
    expect((balances.data ?? []).every((b) => b.chainId === SOLANA_LOCALNET_CAIP_ID)).toBe(true)
    expect((balances.data ?? []).find((b) => b.symbol === 'SOL')?.price).toBeGreaterThan(0)
    expect(calls).toEqual(['getBalance'])
    // Forced again by two callers at once: one more getBalance reaches the chain.
    await Promise.all([core.refreshBalances({ force: true }), core.refreshBalances({ force: true }), core.refresh()])
    expect(calls).toEqual(['getBalance', 'getBalance'])
  })

  it('a core started offline shows the last SOL and SPL balances with their age', async () => {
    const owner = solana.devAccounts[1]!.address
    const caipAddress: CaipAddress = `${SOLANA_LOCALNET_CAIP_ID}:${owner}`
    const dbName = `solana-offline-${Math.random()}`
    const startedAt = Date.now()
    const online = newCore(dbName)
    await online.configure(config)
    await online.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    await online.refreshBalances()
    const seen = await online.getState()
    expect(seen.nativeBalance.status).toBe('success')
    online.dispose()

    const offline = newCore(dbName, () => Promise.reject(new TypeError('Failed to fetch')))
    await offline.configure(config)
    await offline.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    const restored = await offline.getState()
    // What the last visit read, with when it was read (the view shows its age).
    expect(restored.nativeBalance).toMatchObject({ caipAddress, value: solana.balances(owner).lamports.toString(), symbol: 'SOL' })
    expect(restored.nativeBalance.updatedAt).toBeGreaterThanOrEqual(startedAt)
    expect(restored.nativeBalance.updatedAt).toBeLessThanOrEqual(seen.nativeBalance.updatedAt!)
    expect((restored.balances.data ?? []).map((b) => b.symbol)).toEqual((seen.balances.data ?? []).map((b) => b.symbol))
    expect(restored.balances.updatedAt).toBeGreaterThanOrEqual(startedAt)
    offline.dispose()
  })

  it("a hostile RPC answer is a typed error in the balance's state, not a crash", async () => {
    const owner = solana.devAccounts[2]!.address
    const caipAddress: CaipAddress = `${SOLANA_LOCALNET_CAIP_ID}:${owner}`
    const hostile: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url.startsWith(solana.rpcUrl)) {
        // A well-formed JSON-RPC answer (batched as asked) whose balance is negative.
        const calls = JSON.parse(String(init?.body)) as { id: number }[] | { id: number }
        const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { context: { slot: 1 }, value: -5 } })
        const body = Array.isArray(calls) ? calls.map((c) => answer(c.id)) : answer(calls.id)
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
      }
      return fetch(input, init)
    }
    const core = newCore(undefined, hostile)
    await core.configure(config)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    await core.refreshBalances({ force: true })
    const { nativeBalance } = await core.getState()
    expect(nativeBalance.status).toBe('error')
    expect(nativeBalance.error?.name).toBe('SchemaValidationError')
  })
})
