/**
 * Registering an account name through the one write path against a real sandbox: the core checks
 * the name, the Sandbox Wallet signs, the data API verifies the signature before it stores the name,
 * and the core's identity and name caches know it at once.
 */
import type { Sandbox } from '@portico/sandbox'
import { hexToString, isHex, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerNameMessageSchema, type CoreConfig } from '@portico/shared-types'
import type { WriteIntent, WriteResult } from '@portico/shared-types/write'
import type { SandboxProvider } from '../../../../sandbox/wallet/provider.ts'
import type { Core } from '../../../src/core.ts'
import { connectedTestCore, runWrite as runSteps, sandboxConfig, sandboxWallet, startTestSandbox } from '../../sandbox.ts'

/** Account 7 of the test mnemonic: funded, no name. */
const ACCOUNT_INDEX = 7

let sandbox: Sandbox
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(11000)
  config = sandboxConfig(sandbox, 'names-test')
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

async function setUp(answers: boolean[]) {
  const { provider } = await sandboxWallet(sandbox, answers, { addressIndex: ACCOUNT_INDEX })
  const [address] = (await provider.request({ method: 'eth_accounts' })) as Address[]
  const core = await connectedTestCore(config, address!)
  return { core, provider, signed: [] as string[], address: address!, caipAddress: `eip155:31337:${address!}` as const }
}

/** The write loop, keeping the text of each message the wallet was asked to sign. */
async function runWrite(core: Core, provider: SandboxProvider, intent: WriteIntent, signed: string[] = []): Promise<WriteResult> {
  const { result } = await runSteps(core, provider, intent, (step) => {
    const [data] = step.request.params as [string]
    signed.push(isHex(data) ? hexToString(data) : data)
  })
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
