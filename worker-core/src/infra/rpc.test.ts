import { describe, expect, it } from 'vitest'
import { coreOptionsSchema, type Network } from '@portico/shared-types'
import { createRpcRegistry, getRpcUrls } from './rpc.ts'
import { planRpcTransport } from './rpcPlan.ts'
import { fakeUpstream, RPC_CALL, testConfig } from '../../test/fixtures.ts'

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example/rpc'] } },
}
const local = testConfig.networks[0]!

describe('chain RPC routing (SPEC.md §7)', () => {
  it("sends a listed chain to the project's RPC path first, then its own URLs", () => {
    expect(getRpcUrls({ network: mainnet, projectId: 'p1', hostedRpcUrl: 'https://rpc.example' })).toEqual({
      source: 'hosted',
      urls: ['https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1', 'https://eth.example/rpc'],
    })
  })

  it('sends other chains to their default RPC, and rpcMap wins over both', () => {
    expect(getRpcUrls({ network: local, projectId: 'p1', hostedRpcUrl: 'https://rpc.example' })).toEqual({ source: 'default', urls: ['http://127.0.0.1:8545/'] })
    expect(getRpcUrls({ network: mainnet, projectId: 'p1', hostedRpcUrl: 'https://rpc.example', rpcMap: { 'eip155:1': 'https://mine.example' } })).toEqual({
      source: 'rpcMap',
      urls: ['https://mine.example'],
    })
  })

  it('uses a configured list of hosted chains', () => {
    expect(getRpcUrls({ network: local, projectId: 'p', hostedRpcUrl: 'http://127.0.0.1:8787', hostedRpcChains: ['eip155:31337'] }).urls[0]).toBe(
      'http://127.0.0.1:8787/v1/?chainId=eip155%3A31337&projectId=p',
    )
  })

  it("uses viem's fallback transport ranked with the SPEC.md §9 settings when several URLs exist", () => {
    expect(planRpcTransport(['https://a.example'])).toEqual({ kind: 'http', url: 'https://a.example' })
    expect(planRpcTransport(['https://a.example', 'https://b.example'])).toEqual({
      kind: 'fallback',
      urls: ['https://a.example', 'https://b.example'],
      rank: { interval: 4000, sampleCount: 10, timeout: 1000, weights: { stability: 0.7, latency: 0.3 } },
    })
    expect(() => planRpcTransport([])).toThrow('No RPC url provided for chainId')
  })

  it('makes one viem client per eip155 network, on first use, reading through the chosen URL', async () => {
    const upstream = fakeUpstream()
    const options = coreOptionsSchema.parse({ hostedRpcChains: ['eip155:31338'] })
    const registry = createRpcRegistry({ config: testConfig, options, fetchFn: upstream.fetch })
    expect(upstream.calls).toEqual([])
    const a = registry.client('eip155:31337')!
    expect(registry.client('eip155:31337')).toBe(a)
    expect(await a.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).toBe(2_000_000_000_000_000_000n)
    expect(upstream.urls.at(-1)?.toString()).toBe('http://127.0.0.1:8545/')
    expect(upstream.count(RPC_CALL)).toBe(1)
    // Two URLs: the fallback transport ranks both (it pings each) and reads through the better one.
    await registry.client('eip155:31338')!.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    const asked = new Set(upstream.urls.slice(1).map((u) => u.toString()))
    expect(asked).toEqual(new Set(['http://api.test/v1/?chainId=eip155%3A31338&projectId=test-project', 'http://127.0.0.1:8546/']))
    expect(registry.client('eip155:999')).toBeNull()
    expect(registry.source('eip155:31338')).toBe('hosted')
  })

  it("pings an eip155 network's first URL with one eth_chainId, counted like the client's calls, and no other namespace", async () => {
    const upstream = fakeUpstream()
    const counted: string[] = []
    const options = coreOptionsSchema.parse({ hostedRpcChains: ['eip155:31338'] })
    const registry = createRpcRegistry({ config: testConfig, options, fetchFn: upstream.fetch, onRequest: (url) => counted.push(url) })
    await registry.ping('eip155:31338')
    expect(upstream.urls.map((u) => u.toString())).toEqual(['http://api.test/v1/?chainId=eip155%3A31338&projectId=test-project'])
    expect(upstream.bodies).toEqual([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }])
    expect(counted).toEqual(['http://api.test/v1/?chainId=eip155%3A31338&projectId=test-project'])
    await registry.ping('eip155:999')
    expect(upstream.calls).toHaveLength(1)
  })
})
