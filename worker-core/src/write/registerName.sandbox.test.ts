/**
 * Registering an account name through the one write path against a real sandbox: the core checks
 * the name, the Sandbox Wallet signs, the data API verifies the signature before it stores the name,
 * and the core's identity and name caches know it at once.
 */
import 'fake-indexeddb/auto'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import { hexToString, isHex, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerNameMessageSchema, type CoreConfig } from '@portico/shared-types'
import type { WriteIntent, WriteResult } from '@portico/shared-types/write'
import { createSandboxProvider, TEST_MNEMONIC } from '../../../sandbox/wallet/provider.ts'
import { memoryStorage, scriptedApprove } from '../../../sandbox/wallet/test-helpers.ts'
import { createCore, type Core } from '../core.ts'
import { createStorage } from '../storage.ts'

const PORTS = { chainA: 47545, chainB: 47546, dataApi: 47787, catalogue: 47788 }
/** Account 7 of the test mnemonic: funded, no name. */
const ACCOUNT_INDEX = 7

let sandbox: Sandbox
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startSandbox({ chainPorts: { a: PORTS.chainA, b: PORTS.chainB }, dataApiPort: PORTS.dataApi, cataloguePort: PORTS.catalogue })
  config = {
    projectId: 'names-test',
    apiUrl: sandbox.dataApi.url,
    networks: sandbox.chains.map((c) => ({
      id: c.chainId,
      caipNetworkId: `eip155:${c.chainId}` as const,
      chainNamespace: 'eip155' as const,
      name: c.name,
      nativeCurrency: c.nativeCurrency,
      rpcUrls: { default: { http: [c.rpcUrl] } },
    })),
  }
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

function wallet(answers: boolean[]) {
  const signed: string[] = []
  const provider = createSandboxProvider({
    approve: scriptedApprove(true, ...answers),
    origin: 'http://127.0.0.1:5173',
    storage: memoryStorage(),
    chains: [{ id: 31337, name: 'Portico Local', rpcUrl: sandbox.chains[0]!.rpcUrl }],
    defaultChainId: 31337,
    mnemonic: TEST_MNEMONIC,
    addressIndex: ACCOUNT_INDEX,
  })
  return { provider, signed }
}

async function setUp(answers: boolean[]) {
  const { provider, signed } = wallet(answers)
  const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as Address[]
  const core = createCore({ storage: createStorage({ dbName: `names-${crypto.randomUUID()}`, warn: () => {} }), warn: () => {} })
  await core.configure(config)
  await core.setConnected({ caipAddress: `eip155:31337:${address!}`, connectorId: 'sandbox', connectorName: 'Sandbox Wallet' })
  return { core, provider, signed, address: address!, caipAddress: `eip155:31337:${address!}` as const }
}

async function runWrite(core: Core, provider: ReturnType<typeof wallet>['provider'], intent: WriteIntent, signed: string[] = []): Promise<WriteResult> {
  let result = await core.prepareWrite(intent)
  while (result.status === 'step') {
    const [data] = result.request.params as [string]
    signed.push(isHex(data) ? hexToString(data) : data)
    const answer = await provider.request(result.request).then(
      (value) => ({ ok: true as const, result: value }),
      (error: { code?: number; message: string }) => ({ ok: false as const, error: { code: error.code, message: error.message } }),
    )
    result = await core.submitWriteResult(result.writeId, answer)
  }
  return result
}

describe('registering an account name against the sandbox', () => {
  it('signs, the API verifies and stores it, and the identity, the name and the reverse look-up answer it at once', async () => {
    const { core, provider, signed, address, caipAddress } = await setUp([true])
    await core.refreshIdentity()
    expect((await core.getState()).identity.name).toBeNull()
    const label = `fresh-${Date.now().toString(36)}`
    expect(await core.getAccountName({ name: `${label}.reown.id` })).toBeNull()

    const result = await runWrite(core, provider, { kind: 'registerName', caipAddress, name: label }, signed)
    expect(result).toMatchObject({ status: 'done', result: `${label}.reown.id` })
    const message = registerNameMessageSchema.parse(JSON.parse(signed[0]!))
    expect(message).toMatchObject({ name: `${label}.reown.id`, address })

    expect((await core.getState()).identity).toMatchObject({ status: 'success', name: `${label}.reown.id` })
    expect(await core.getAccountName({ name: `${label}.reown.id` })).toMatchObject({ name: `${label}.reown.id` })
    expect((await core.getNames({ address })).map((n) => n.name)).toContain(`${label}.reown.id`)
    const reverse = (await (await fetch(`${sandbox.dataApi.url}/v1/profile/reverse/${address}?projectId=names-test&st=test&sv=test`)).json()) as Array<{ name: string }>
    if (!Array.isArray(reverse)) throw new Error(JSON.stringify(reverse))
    expect(reverse.map((n) => n.name)).toContain(`${label}.reown.id`)
    await core.refreshIdentity({ force: true })
    expect((await core.getState()).identity.name).toBe(`${label}.reown.id`)
    core.dispose()
  })

  it('refuses a bad name and a taken name before the wallet is asked', async () => {
    const { core, caipAddress } = await setUp([])
    expect(await core.prepareWrite({ kind: 'registerName', caipAddress, name: 'ab' })).toMatchObject({ status: 'error', error: { code: 'NAME_INVALID', field: 'name' } })
    expect(await core.prepareWrite({ kind: 'registerName', caipAddress, name: 'bad_name!' })).toMatchObject({ status: 'error', error: { code: 'NAME_INVALID', field: 'name' } })
    expect(await core.prepareWrite({ kind: 'registerName', caipAddress, name: ' ' })).toMatchObject({ status: 'error', error: { code: 'NAME_REQUIRED' } })
    expect(await core.prepareWrite({ kind: 'registerName', caipAddress, name: 'alice' })).toMatchObject({
      status: 'error',
      error: { code: 'NAME_TAKEN', field: 'name', values: { name: 'alice.reown.id' } },
    })
    core.dispose()
  })

  it('a declined signature registers nothing', async () => {
    const { core, provider, caipAddress } = await setUp([false])
    const label = `declined-${Date.now().toString(36)}`
    expect(await runWrite(core, provider, { kind: 'registerName', caipAddress, name: label })).toMatchObject({ status: 'error', error: { code: 'USER_REJECTED' } })
    expect(await core.getAccountName({ name: `${label}.reown.id`, force: true })).toBeNull()
    core.dispose()
  })

  it('suggests names near a typed one, each with whether it is taken', async () => {
    const { core } = await setUp([])
    const suggestions = await core.getNameSuggestions({ name: 'alice' })
    expect(suggestions[0]).toEqual({ name: 'alice.reown.id', registered: true })
    expect(suggestions.some((s) => !s.registered)).toBe(true)
    core.dispose()
  })
})
