import { describe, expect, it, vi } from 'vitest'
import type { Eip1193Provider } from '@portico/shared-types'
import { createWalletClient, custom, stringToHex, UserRejectedRequestError, verifyMessage, verifyTypedData, type Address } from 'viem'
import { createSandboxProvider, type SandboxProviderOptions } from './provider.ts'
import { STORAGE_KEY } from './store.ts'
import { memoryStorage, scriptedApprove } from './test-helpers.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function setup(answers: boolean[] = [], overrides: Partial<SandboxProviderOptions> = {}) {
  const approve = scriptedApprove(...answers)
  const storage = memoryStorage()
  const provider = createSandboxProvider({ approve, origin: ORIGIN, storage, ...overrides })
  return { approve, storage, provider }
}

async function connected(answers: boolean[] = [], overrides: Partial<SandboxProviderOptions> = {}) {
  const s = setup([true, ...answers], overrides)
  await s.provider.request({ method: 'eth_requestAccounts' })
  return s
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  )

describe('accounts and authorisation', () => {
  it('has no accounts before the origin is authorised', async () => {
    const { provider, approve } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    expect(approve.asked).toEqual([])
  })

  it('asks "connect" once, answers the address and emits connect then accountsChanged', async () => {
    const { provider, approve } = setup([true])
    const seen: string[] = []
    provider.on('connect', (info) => seen.push(`connect ${info.chainId}`))
    provider.on('accountsChanged', (accounts) => seen.push(`accounts ${accounts.join()}`))
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(approve.asked).toEqual([{ kind: 'connect', origin: ORIGIN, address: ACCOUNT_0 }])
    expect(seen).toEqual(['connect 0x7a69', `accounts ${ACCOUNT_0}`])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    expect(approve.asked).toHaveLength(1)
  })

  it('remembers the authorisation in storage for the next page load', async () => {
    const { storage } = await connected()
    expect(JSON.parse(storage.map.get(STORAGE_KEY) ?? '{}')).toMatchObject({ authorised: { [ORIGIN]: {} } })
    const again = createSandboxProvider({ approve: scriptedApprove(), origin: ORIGIN, storage })
    expect(await again.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    const otherSite = createSandboxProvider({ approve: scriptedApprove(), origin: 'http://localhost:4000', storage })
    expect(await otherSite.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('throws 4001 when the person rejects, and stays unauthorised', async () => {
    const { provider } = setup([false])
    const error = await rejection(provider.request({ method: 'eth_requestAccounts' }))
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('shows one prompt for concurrent eth_requestAccounts', async () => {
    const { provider, approve } = setup([true])
    const both = await Promise.all([provider.request({ method: 'eth_requestAccounts' }), provider.request({ method: 'eth_requestAccounts' })])
    expect(both).toEqual([[ACCOUNT_0], [ACCOUNT_0]])
    expect(approve.asked).toHaveLength(1)
  })

  it('uses the configured address index', async () => {
    const { provider } = await connected([], { addressIndex: 1 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_1])
  })

  it('grants and revokes eth_accounts through the permission methods', async () => {
    const { provider } = setup([true])
    const events: unknown[] = []
    provider.on('accountsChanged', (a) => events.push(a))
    const granted = await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
    expect(granted).toEqual([{ parentCapability: 'eth_accounts', invoker: ORIGIN, caveats: [{ type: 'restrictReturnedAccounts', value: [ACCOUNT_0] }] }])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual(granted)
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(events).toEqual([[ACCOUNT_0], []])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await rejection(provider.request({ method: 'wallet_requestPermissions', params: [{ eth_coffee: {} }] }))).toMatchObject({ code: -32602 })
  })

  it('sync() emits what another tab changed', async () => {
    const { provider, storage } = await connected()
    const other = createSandboxProvider({ approve: scriptedApprove(), origin: ORIGIN, storage })
    await other.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await other.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    const events: unknown[] = []
    provider.on('accountsChanged', (a) => events.push(a))
    provider.on('chainChanged', (c) => events.push(c))
    provider.sync()
    expect(events).toEqual(['0x7a6a', []])
  })
})

describe('chains', () => {
  it('answers the default chain 31337 in hex and as net_version', async () => {
    const { provider } = setup()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'net_version' })).toBe('31337')
  })

  it('switches to a known chain, emits chainChanged and remembers it', async () => {
    const { provider, storage } = setup()
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(changed).toHaveBeenCalledWith('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(changed).toHaveBeenCalledTimes(1)
    const reloaded = createSandboxProvider({ approve: scriptedApprove(), origin: ORIGIN, storage })
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('answers 4902 for an unknown chain', async () => {
    const { provider } = setup()
    const error = await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))
    expect(error).toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('adds a chain after a prompt, switches to it, and can switch back', async () => {
    const { provider, approve } = setup([true])
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    const params = [{ chainId: '0x539', chainName: 'Local 1337', rpcUrls: ['http://127.0.0.1:9545'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
    expect(await provider.request({ method: 'wallet_addEthereumChain', params })).toBeNull()
    expect(approve.asked[0]).toMatchObject({ kind: 'wallet_addEthereumChain', chain: { id: 1337, name: 'Local 1337', rpcUrl: 'http://127.0.0.1:9545' } })
    expect(changed).toHaveBeenLastCalledWith('0x539')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] })
    expect(await provider.request({ method: 'net_version' })).toBe('1337')
  })

  it('throws 4001 when adding a chain is rejected', async () => {
    const { provider } = setup([false])
    const params = [{ chainId: '0x539', chainName: 'Local 1337', rpcUrls: ['http://127.0.0.1:9545'] }]
    expect(await rejection(provider.request({ method: 'wallet_addEthereumChain', params }))).toMatchObject({ code: 4001 })
    expect(await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }))).toMatchObject({ code: 4902 })
  })

  it('takes its chains from options', async () => {
    const { provider } = setup([], { chains: [{ id: 10, name: 'Ten', rpcUrl: 'http://127.0.0.1:1' }], defaultChainId: 10 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(() => createSandboxProvider({ approve: scriptedApprove(), origin: ORIGIN, chains: [], defaultChainId: 1 })).toThrow(/default chain/)
  })
})

describe('signing', () => {
  it('refuses to sign with 4100 before authorisation', async () => {
    const { provider, approve } = setup()
    const error = await rejection(provider.request({ method: 'personal_sign', params: [stringToHex('hi'), ACCOUNT_0] }))
    expect(error).toMatchObject({ code: 4100 })
    expect(approve.asked).toEqual([])
  })

  it('personal_sign shows the message and signs it verifiably', async () => {
    const { provider, approve } = await connected([true, true])
    const message = 'Sign in to Portico\nNonce: 42'
    const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), ACCOUNT_0] })
    expect(approve.asked[1]).toEqual({ kind: 'personal_sign', origin: ORIGIN, address: ACCOUNT_0, message })
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature: signature as `0x${string}` })).toBe(true)
    const plain = await provider.request({ method: 'personal_sign', params: ['plain text', ACCOUNT_0.toLowerCase()] })
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'plain text', signature: plain as `0x${string}` })).toBe(true)
  })

  it('personal_sign throws 4001 on reject and 4100 for another address', async () => {
    const { provider } = await connected([false])
    expect(await rejection(provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT_0] }))).toMatchObject({ code: 4001 })
    expect(await rejection(provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT_1] }))).toMatchObject({ code: 4100 })
    expect(await rejection(provider.request({ method: 'personal_sign', params: [] }))).toMatchObject({ code: -32602 })
  })

  it('eth_signTypedData_v4 signs verifiable typed data given as JSON', async () => {
    const { provider, approve } = await connected([true])
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'contents', type: 'string' },
          { name: 'to', type: 'address' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      message: { contents: 'Hello', to: ACCOUNT_1 },
    } as const
    const signature = await provider.request({ method: 'eth_signTypedData_v4', params: [ACCOUNT_0, JSON.stringify(typedData)] })
    expect(approve.asked[1]).toMatchObject({ kind: 'eth_signTypedData_v4', primaryType: 'Mail', domainName: 'Portico' })
    const { EIP712Domain: _domain, ...types } = typedData.types
    const valid = await verifyTypedData({ address: ACCOUNT_0, domain: typedData.domain, types, primaryType: 'Mail', message: typedData.message, signature: signature as `0x${string}` })
    expect(valid).toBe(true)
  })

  it('answers 4200 for signing methods it does not support and for other namespaces', async () => {
    const { provider } = await connected()
    for (const method of ['eth_sign', 'eth_signTypedData_v3', 'anvil_mine', 'wallet_grantPermissions']) {
      expect(await rejection(provider.request({ method, params: [] }))).toMatchObject({ code: 4200 })
    }
  })
})

describe('forwarding to the chain', () => {
  const rpc = (answer: (body: { method: string; id: number }) => unknown) =>
    vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { method: string; id: number }
      return new Response(JSON.stringify(answer(body)), { headers: { 'content-type': 'application/json' } })
    })

  it('forwards read calls to the active chain and parses the answer', async () => {
    const fetch = rpc((body) => ({ jsonrpc: '2.0', id: body.id, result: body.method === 'eth_blockNumber' ? '0x10' : null }))
    const { provider } = setup([], { fetch })
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(await provider.request({ method: 'eth_getTransactionByHash', params: ['0x00'] })).toBeNull()
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await provider.request({ method: 'eth_blockNumber' })
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(['http://127.0.0.1:8545', 'http://127.0.0.1:8545', 'http://127.0.0.1:8546'])
  })

  it('keeps the node error code and data, maps method-not-found to 4200', async () => {
    const fetch = rpc((body) =>
      body.method === 'eth_call'
        ? { jsonrpc: '2.0', id: body.id, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } }
        : { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } },
    )
    const { provider } = setup([], { fetch })
    expect(await rejection(provider.request({ method: 'eth_call', params: [{}] }))).toMatchObject({ code: 3, message: 'execution reverted', data: '0x08c379a0' })
    expect(await rejection(provider.request({ method: 'eth_fooBar' }))).toMatchObject({ code: 4200 })
  })

  it('turns an unreachable node or a malformed answer into -32603', async () => {
    const down = setup([], { fetch: vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) })
    expect(await rejection(down.provider.request({ method: 'eth_blockNumber' }))).toMatchObject({ code: -32603, message: expect.stringContaining('127.0.0.1:8545') })
    const odd = setup([], { fetch: rpc(() => ({ hello: 'world' })) })
    expect(await rejection(odd.provider.request({ method: 'eth_blockNumber' }))).toMatchObject({ code: -32603 })
  })

  it('rejects a malformed request', async () => {
    const { provider } = setup()
    expect(await rejection(provider.request(null as unknown as { method: string }))).toMatchObject({ code: -32600 })
  })
})

describe('as seen by a dapp through viem', () => {
  it('works as a viem custom transport, with 4001 mapped to viem UserRejectedRequestError', async () => {
    const { provider } = setup([true, true, false])
    const eip1193: Eip1193Provider = provider
    const client = createWalletClient({ transport: custom(eip1193) })
    expect(await client.requestAddresses()).toEqual([ACCOUNT_0])
    expect(await client.getChainId()).toBe(31337)
    const signature = await client.signMessage({ account: ACCOUNT_0, message: 'hello' })
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'hello', signature })).toBe(true)
    const error = await rejection(client.signMessage({ account: ACCOUNT_0, message: 'again' }))
    expect((error as Error & { walk(fn: (e: unknown) => boolean): unknown }).walk((e) => e instanceof UserRejectedRequestError)).toBeInstanceOf(UserRejectedRequestError)
  })
})
