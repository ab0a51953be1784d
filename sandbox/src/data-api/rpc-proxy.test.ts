import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { startAnvil, type AnvilNode } from '../chain/anvil.ts'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { CHAOS_FAULTS } from '../faults/chaos.ts'
import { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer, type HttpServerHandle } from '../http/server.ts'
import { rpcProxyRoutes } from './rpc-proxy.ts'

const ANVIL_PORT = 22670
const PROXY_PORT = 22671
const PROXY = `http://127.0.0.1:${PROXY_PORT}/rpc/31337`
const SENDER = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 3 })
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'

const faults = new FaultStore()
let anvil: AnvilNode
let server: HttpServerHandle

beforeAll(async () => {
  anvil = await startAnvil({ port: ANVIL_PORT, chainId: 31337 })
  const app = createBaseApp({ name: 'rpc proxy test', log: new RequestLog(), faults })
  app.route(
    '/',
    rpcProxyRoutes((id) => (id === 31337 ? anvil.rpcUrl : undefined)),
  )
  server = createHttpServer(app, PROXY_PORT, 'rpc proxy test')
  await server.start()
}, 30_000)
afterAll(async () => {
  await server?.stop()
  await anvil?.stop()
})
afterEach(() => void faults.clear())

const post = (body: string, url = PROXY) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
const call = (method: string, params: unknown[] = [], id: number | string = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params })
const direct = createPublicClient({ transport: http(`http://127.0.0.1:${ANVIL_PORT}`) })

describe('the chain RPC proxy (/rpc/{chainId})', () => {
  it("answers what the chain's node answers, single calls and batches, for viem", async () => {
    const client = createPublicClient({ transport: http(PROXY, { retryCount: 0 }) })
    expect(await client.getChainId()).toBe(31337)
    expect(await client.getBalance({ address: SENDER.address })).toBe(await direct.getBalance({ address: SENDER.address }))
    const batch = await post(`[${call('eth_chainId', [], 'a')},${call('eth_blockNumber', [], 2)}]`)
    const answers = (await batch.json()) as { id: unknown; result: unknown }[]
    expect(answers.map((a) => [a.id, typeof a.result])).toEqual([
      ['a', 'string'],
      [2, 'string'],
    ])
  })

  it("sends a signed transaction; never one signed with the node's own accounts, nor a node-admin call", async () => {
    const wallet = createWalletClient({
      account: SENDER,
      transport: http(PROXY, { retryCount: 0 }),
      chain: { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [PROXY] } } },
    })
    const hash = await wallet.sendTransaction({ to: RECEIVER, value: 1n })
    expect((await direct.waitForTransactionReceipt({ hash })).status).toBe('success')

    const refused = (method: string, params: unknown[] = []) => post(call(method, params)).then((r) => r.json())
    const unlocked = [{ from: SENDER.address, to: RECEIVER, value: '0x1' }]
    expect(await refused('eth_sendTransaction', unlocked)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method eth_sendTransaction does not exist/is not available' } })
    expect(((await refused('anvil_setBalance', [RECEIVER, '0x1'])) as { error: { code: number } }).error.code).toBe(-32601)
    expect(((await refused('evm_mine')) as { error: { code: number } }).error.code).toBe(-32601)
    // In a batch, the refused call is answered with its error and the others are served.
    const mixed = (await (await post(`[${call('eth_chainId', [], 1)},${call('eth_accounts', [], 2)}]`)).json()) as { id: number; result?: string; error?: { code: number } }[]
    expect(mixed).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'the method eth_accounts does not exist/is not available' } },
    ])
  })

  it('refuses what is not JSON-RPC, and a chain it does not have', async () => {
    expect(await (await post('{')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    expect(await (await post('{"id":1,"method":7}')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } })
    const unknown = await post(call('eth_chainId'), `http://127.0.0.1:${PROXY_PORT}/rpc/1`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'No such chain in this sandbox' })
  })

  it('fails as a node does under the fault rules: 500, 429 with Retry-After, a JSON-RPC error, garbage, a hang', async () => {
    faults.set([{ route: '/rpc', kind: ['500', '429', 'rpc-error', 'garbage', 'hang'], retryAfterSeconds: 2, hangMs: 100 }])
    const client = createPublicClient({ transport: http(PROXY, { retryCount: 0 }) })
    const answers = []
    for (let i = 0; i < 5; i++) {
      const r = await post(call('eth_blockNumber', [], 9))
      answers.push([r.status, r.headers.get('retry-after'), r.headers.get('x-portico-fault'), await r.text()])
    }
    expect(answers).toEqual([
      [500, null, '500', '{"error":"Internal error (injected fault)"}'],
      [429, '2', '429', '{"error":"Too many requests (injected fault)"}'],
      [200, null, 'rpc-error', '{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"Internal error (injected fault)"}}'],
      [200, null, 'garbage', expect.stringMatching(/^\uFFFD/)],
      [504, null, 'hang', '{"error":"Gateway timeout (injected fault)"}'],
    ])
    faults.set([{ route: '/rpc/31337', kind: 'rpc-error' }])
    await expect(client.getBlockNumber()).rejects.toThrow('Internal error (injected fault)')
    faults.set([{ route: '/rpc/31338', kind: '500' }])
    expect(await client.getChainId()).toBe(31337)
  })

  it("cuts a transaction's answer after the node took it (truncated): it is on the chain, once", async () => {
    const nonce = await direct.getTransactionCount({ address: SENDER.address })
    const wallet = createWalletClient({
      account: SENDER,
      transport: http(PROXY, { retryCount: 0 }),
      chain: { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [PROXY] } } },
    })
    const request = await wallet.prepareTransactionRequest({ to: RECEIVER, value: parseEther('0.001') })
    const raw = await wallet.signTransaction(request)
    faults.set([{ route: '/rpc', kind: 'truncated' }])
    const answer = await post(call('eth_sendRawTransaction', [raw]))
    expect(answer.status).toBe(200)
    const text = await answer.text()
    expect(text.length).toBeGreaterThan(10)
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    faults.clear()
    await expect.poll(() => direct.getTransactionCount({ address: SENDER.address })).toBe(nonce + 1)
  })

  it('pads an answer past 5 MiB (oversized), still the answer', async () => {
    faults.set([{ route: '/rpc', kind: 'oversized' }])
    const text = await (await post(call('eth_chainId'))).text()
    expect(text.length).toBeGreaterThan(5 * 1024 * 1024)
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })

  it("chaos's rules put the RPC first, at 30%", () => {
    expect(CHAOS_FAULTS[0]).toMatchObject({ route: '/rpc', rate: 0.3 })
    expect(new FaultStore(CHAOS_FAULTS).list()).toHaveLength(CHAOS_FAULTS.length)
  })
})
