import { balanceResponseSchema } from '@portico/shared-types'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, EstimateGasExecutionError, ExecutionRevertedError, formatUnits, http, parseEther, type BaseError } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchPastClosedConnections, REFUSED } from '../test/refused.ts'
import { readChainId } from './chain/wait-for-rpc.ts'
import { startSandbox, type SandboxHandle } from './index.ts'

// Other ports than the defaults, so a sandbox started by hand (npm run sandbox) does not clash.
const OPTIONS = { chainPorts: { a: 18545, b: 18546 }, dataApiPort: 18787 }
const PROJECT = 'projectId=test-project&st=appkit&sv=html-test'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let sandbox: SandboxHandle

function balanceUrl(address: string, query: string): string {
  return `${sandbox.dataApi.url}/v1/account/${address}/balance?${query}`
}

async function getBalances(address: string, chainId = 'eip155:31337') {
  const res = await fetch(balanceUrl(address, `currency=usd&chainId=${chainId}&${PROJECT}`))
  expect(res.status).toBe(200)
  return balanceResponseSchema.parse(await res.json()).balances
}

beforeAll(async () => {
  sandbox = await startSandbox(OPTIONS)
})
afterAll(async () => {
  await sandbox?.stop()
})

describe('startSandbox', () => {
  it('runs both chains on the requested ports and deploys tokens at deterministic addresses', async () => {
    expect(sandbox.chains.map((c) => [c.chainId, c.rpcUrl])).toEqual([
      [31337, 'http://127.0.0.1:18545'],
      [31338, 'http://127.0.0.1:18546'],
    ])
    for (const chain of sandbox.chains) expect(await readChainId(chain.rpcUrl)).toBe(chain.chainId)
    expect(sandbox.contracts[31337]?.USDC?.address).toBe('0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35')
    expect(sandbox.contracts[31337]?.PTK?.address).toBe('0xA15BB66138824a1c7167f5E85b957d04Dd34E468')
    expect(sandbox.contracts[31338]?.PTS?.address).toBe('0xb19b36b1456E65E3A6D514D3F715f204BD59f431')
    expect(sandbox.deployments[31337]).toMatchObject({
      amm: '0xe1DA8919f262Ee86f9BE05059C9280142CF23f48',
      names: '0x0C8E79F3534B00D9a3D4a856B665Bf4eBC22f2ba',
      collections: { PIONEER: { address: '0x8ce361602B935680E8DeC218b820ff5056BeB7af', spam: false }, CLAIM: { address: '0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629', spam: true } },
    })
    expect(sandbox.deployments[31338]?.names).toBeUndefined()
    expect(sandbox.devAccounts[0]?.address).toBe(ACCOUNT_0)
    expect(sandbox.dataApi.url).toBe('http://127.0.0.1:18787')
    expect(sandbox.catalogue.url).toBe('http://127.0.0.1:18788')
    expect(sandbox.services.map((s) => [s.id, s.name, s.endpoints.map((e) => e.url)])).toEqual([
      ['chains', 'EVM chains', ['http://127.0.0.1:18545', 'http://127.0.0.1:18546']],
      // The Solana chain's ports follow the data API's: + 112 and its websocket one above.
      ['solana', 'Solana chain', ['http://127.0.0.1:18899', 'ws://127.0.0.1:18900']],
      ['bundlers', 'ERC-4337 bundlers', ['http://127.0.0.1:18793', 'http://127.0.0.1:18794']],
      ['catalogue', 'wallet catalogue, analytics', ['http://127.0.0.1:18788']],
      ['relay', 'WalletConnect relay', ['ws://127.0.0.1:18789']],
      ['phoneWallet', 'Sandbox Phone Wallet', ['http://127.0.0.1:18791']],
      ['signIn', 'Sign-in stand-ins (OpenID providers, mailbox, Farcaster)', ['http://127.0.0.1:18792']],
      ['frame', 'Embedded-wallet frame', ['http://127.0.0.1:18790']],
      ['dataApi', 'blockchain-data API', ['http://127.0.0.1:18787']],
    ])
    expect(await Promise.all(sandbox.services.map((s) => s.health()))).toEqual(sandbox.services.map(() => true))
    const health = (await (await fetch(`${sandbox.dataApi.url}/health`)).json()) as { services: Array<{ id: string; endpoints: Array<{ url: string }> }> }
    expect(health.services.map((s) => [s.id, s.endpoints.map((e) => e.url)])).toEqual(sandbox.services.map((s) => [s.id, s.endpoints.map((e) => e.url)]))
    console.log(`startSandbox ready in ${(sandbox.readyInMs / 1000).toFixed(1)} s`) // reported, not asserted
  })

  it('seeds months of history with block times in the past, and later blocks follow the clock', async () => {
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    expect(sandbox.seeded[31337]).toMatchObject({ timeTravel: true })
    expect(sandbox.seeded[31337]!.transactions).toBeGreaterThan(60)
    const first = await client.getBlock({ blockNumber: 1n })
    const latest = await client.getBlock({ blockTag: 'latest' })
    const days = (Date.now() / 1000 - Number(first.timestamp)) / 86_400
    expect(days).toBeGreaterThan(240)
    expect(Math.abs(Date.now() / 1000 - Number(latest.timestamp))).toBeLessThan(120)
  })
})

describe('GET /v1/account/{address}/balance', () => {
  it('answers the native balance first, then the ERC-20s with CAIP-10 addresses (the 0-decimals one too)', async () => {
    const balances = await getBalances(ACCOUNT_0)
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'PTK', 'PTS', 'FRZ'])
    const [native, usdc] = balances
    expect(native?.address).toBeUndefined()
    expect(native?.price).toBe(3000)
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const usdcAddress = sandbox.contracts[31337]!.USDC!.address
    const onChain = formatUnits(await client.readContract({ address: usdcAddress, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] }), 6)
    expect(usdc).toMatchObject({
      chainId: 'eip155:31337',
      address: `eip155:31337:${usdcAddress}`,
      price: 1,
      value: Number(onChain),
      quantity: { decimals: '6', numeric: onChain },
      iconUrl: 'http://127.0.0.1:18787/icons/USDC.svg',
    })
    expect(balances[3]?.quantity.decimals).toBe('0')
  })

  it('lists the Frozen Token of account 0 with a price, whose transfer the node refuses with execution reverted', async () => {
    const frozen = sandbox.contracts[31337]?.FRZ
    expect(frozen).toMatchObject({ symbol: 'FRZ', name: 'Frozen Token', decimals: 18, address: '0xeD1DB453C3156Ff3155a97AD217b3087D5Dc5f6E' })
    expect(sandbox.contracts[31338]?.FRZ).toBeUndefined()
    const balances = await getBalances(ACCOUNT_0)
    expect(balances.find((b) => b.symbol === 'FRZ')).toMatchObject({
      name: 'Frozen Token',
      address: `eip155:31337:${frozen!.address}`,
      price: 0.5,
      value: 375,
      quantity: { decimals: '18', numeric: '750' },
    })
    expect((await getBalances(sandbox.devAccounts[1]!.address)).map((b) => b.symbol)).not.toContain('FRZ')

    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const transfer = client.estimateContractGas({ account: ACCOUNT_0, address: frozen!.address, abi: erc20Abi, functionName: 'transfer', args: [sandbox.devAccounts[1]!.address, 1n] })
    await expect(transfer).rejects.toThrow(/execution reverted: FrozenToken: transfers are frozen/)
    const call = client.estimateGas({ account: ACCOUNT_0, to: frozen!.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_0, 1n] }) })
    await expect(call).rejects.toBeInstanceOf(EstimateGasExecutionError)
    await expect(call.catch((e: BaseError) => e.walk((c) => c instanceof ExecutionRevertedError))).resolves.toBeInstanceOf(ExecutionRevertedError)
  })

  it('reads the native quantity from the chain on every call (equals eth_getBalance)', async () => {
    const chain = sandbox.chains[0]!
    const sender = sandbox.devAccounts[5]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const wallet = createWalletClient({ account: privateKeyToAccount(sender.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const before = await getBalances(sender.address)
    expect(before[0]?.quantity.numeric).toBe('10000')

    const hash = await wallet.sendTransaction({ to: sandbox.devAccounts[6]!.address, value: parseEther('1.5') })
    await client.waitForTransactionReceipt({ hash })
    const onChain = formatUnits(await client.getBalance({ address: sender.address }), 18)
    const after = await getBalances(sender.address)
    expect(onChain).not.toBe('10000')
    expect(after[0]?.quantity.numeric).toBe(onChain)
    expect(after[0]?.value).toBeCloseTo(Number(onChain) * 3000, 4)

    const explorer = await fetch(`${chain.explorerUrl}/tx/${hash}`)
    expect(explorer.status).toBe(200)
    expect(await explorer.text()).toContain('success')
  })

  it('serves the second chain with its own native currency', async () => {
    const balances = await getBalances(sandbox.devAccounts[5]!.address, 'eip155:31338')
    expect(balances).toEqual([expect.objectContaining({ symbol: 'BEE', chainId: 'eip155:31338', price: 2, quantity: { decimals: '18', numeric: '10000' } })])
    const funded = await getBalances(sandbox.devAccounts[3]!.address, 'eip155:31338')
    expect(funded.map((b) => b.symbol)).toEqual(['BEE', 'USDC', 'PTK', 'PTS'])
  })

  it('answers 400 naming the missing project field', async () => {
    const res = await fetch(balanceUrl(ACCOUNT_0, 'chainId=eip155:31337&st=appkit&sv=1'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Missing required query parameter: projectId' })
  })

  it('answers 400 for an unknown chain and for a bad address', async () => {
    const chain = await fetch(balanceUrl(ACCOUNT_0, `chainId=eip155:1&${PROJECT}`))
    expect(chain.status).toBe(400)
    expect(await chain.json()).toEqual({ error: 'Unsupported chain' })
    const address = await fetch(balanceUrl('0x1234', `chainId=eip155:31337&${PROJECT}`))
    expect(address.status).toBe(400)
    expect(await address.json()).toEqual({ error: 'Invalid address' })
  })

  it('allows any origin (CORS) and serves the icons it links to', async () => {
    const res = await fetch(balanceUrl(ACCOUNT_0, `chainId=eip155:31337&${PROJECT}`), { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const [native] = balanceResponseSchema.parse(await res.json()).balances
    expect(native!.iconUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    const icon = await fetch(native!.iconUrl!)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
    expect(await icon.text()).toContain('<svg')
  })
})

describe('request log and availability', () => {
  it('records every request, readable over HTTP and in-process, and clears', async () => {
    sandbox.dataApi.clearRequests()
    await fetch(balanceUrl(ACCOUNT_0, `chainId=eip155:31337&forceUpdate=true&${PROJECT}`))
    const [entry] = sandbox.dataApi.requests()
    expect(entry).toMatchObject({ method: 'GET', path: `/v1/account/${ACCOUNT_0}/balance`, status: 200 })
    expect(entry?.query).toMatchObject({ chainId: 'eip155:31337', forceUpdate: 'true', projectId: 'test-project' })
    expect(typeof entry?.time).toBe('number')
    const overHttp: unknown = await (await fetch(`${sandbox.dataApi.url}/__admin/requests`)).json()
    expect(overHttp).toEqual(sandbox.dataApi.requests())
    await fetch(`${sandbox.dataApi.url}/__admin/requests`, { method: 'DELETE' })
    expect(sandbox.dataApi.requests()).toEqual([])
  })

  it('injects the faults set on the handle into the data API, and clears them', async () => {
    sandbox.faults.set([{ route: '/v1/account/:address/balance', kind: '429', retryAfterSeconds: 3 }])
    try {
      const limited = await fetch(balanceUrl(ACCOUNT_0, `chainId=eip155:31337&${PROJECT}`))
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('3')
      expect((await fetch(`${sandbox.dataApi.url}/v1/supported-chains?${PROJECT}`)).status).toBe(200)
      expect(sandbox.faults.list()).toMatchObject([{ injected: 1 }])
    } finally {
      sandbox.faults.clear()
    }
    expect((await fetch(balanceUrl(ACCOUNT_0, `chainId=eip155:31337&${PROJECT}`))).status).toBe(200)
  })

  it('stop() makes the port refuse connections and start() brings the API back', async () => {
    await sandbox.dataApi.stop()
    try {
      await expect(fetchPastClosedConnections(`${sandbox.dataApi.url}/health`)).rejects.toThrow(REFUSED)
      expect(await readChainId(sandbox.chains[0]!.rpcUrl)).toBe(31337)
    } finally {
      await sandbox.dataApi.start()
    }
    expect((await fetch(`${sandbox.dataApi.url}/health`)).status).toBe(200)
  })

  it('stop() ends the chains and the API', async () => {
    await sandbox.stop()
    expect(await readChainId(sandbox.chains[0]!.rpcUrl)).toBeUndefined()
    expect(await readChainId(sandbox.chains[1]!.rpcUrl)).toBeUndefined()
    await expect(fetchPastClosedConnections(`${sandbox.dataApi.url}/health`)).rejects.toThrow(REFUSED)
    await expect(fetchPastClosedConnections(`${sandbox.catalogue.url}/health`)).rejects.toThrow(REFUSED)
  })
})
