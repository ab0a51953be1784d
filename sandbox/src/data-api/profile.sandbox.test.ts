import { coinTypeForChainId, identityResponseSchema, nameSuggestionsResponseSchema, profileAccountSchema, profileReverseResponseSchema } from '@portico/shared-types'
import { createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namesAbi } from '../contracts/abis.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { fetchError, fetchParsed, postJson, testSandboxOptions, withProject } from '../../test/helpers.ts'

let sandbox: SandboxHandle
const COIN_TYPE = coinTypeForChainId(31337)

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22530))
})
afterAll(() => sandbox?.stop())

const api = (path: string) => withProject(`${sandbox.dataApi.url}${path}`)

/** What a client sends: the JSON message signed with personal_sign by the account. */
async function registration(index: number, name: string, overrides: { timestamp?: number; coin_type?: number; signer?: number; message?: string } = {}) {
  const account = sandbox.devAccounts[index]!
  const message = overrides.message ?? JSON.stringify({ name, attributes: {}, timestamp: overrides.timestamp ?? Math.floor(Date.now() / 1000) })
  const signature = await privateKeyToAccount(sandbox.devAccounts[overrides.signer ?? index]!.privateKey).signMessage({ message })
  return postJson({ coin_type: overrides.coin_type ?? COIN_TYPE, address: account.address, message, signature })
}

describe('account names', () => {
  it('serves the seeded names forward, in reverse and in the identity', async () => {
    const alice = await fetchParsed(api('/v1/profile/account/alice.reown.id'), profileAccountSchema)
    expect(alice).toMatchObject({ name: 'alice.reown.id', addresses: { [String(COIN_TYPE)]: { address: sandbox.devAccounts[1]!.address } } })
    expect(alice.registered).toBeLessThan(Date.now() / 1000 - 86_400)
    const reverse = await fetchParsed(api(`/v1/profile/reverse/${sandbox.devAccounts[2]!.address}`), profileReverseResponseSchema)
    expect(reverse.map((p) => p.name)).toEqual(['bobby-builder.wcn.id'])
  })

  it("names dev account 0 (the Sandbox Wallet's) portico-dev with the configured suffix, in the identity and in reverse", async () => {
    const account0 = sandbox.devAccounts[0]!.address
    expect(sandbox.sandboxWalletName).toBe('portico-dev.reown.id')
    const identity = await fetchParsed(api(`/v1/identity/${account0}`), identityResponseSchema)
    expect(identity).toEqual({ name: 'portico-dev.reown.id', avatar: `${sandbox.dataApi.url}/avatar/${account0}.svg` })
    const reverse = await fetchParsed(api(`/v1/profile/reverse/${account0}`), profileReverseResponseSchema)
    expect(reverse.map((p) => p.name)).toEqual(['portico-dev.reown.id'])
    expect(reverse[0]?.addresses[String(COIN_TYPE)]?.address).toBe(account0)
    // Registered on chain, in the registry, the way POST /v1/profile/account registers.
    expect(await sandbox.names?.resolve('portico-dev.reown.id')).toMatchObject({ owner: account0, coinType: COIN_TYPE })
    // The avatar is an image the sandbox serves, cacheable.
    const avatar = await fetch(identity.avatar!)
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml')
    expect(avatar.headers.get('cache-control')).toContain('max-age=')
    expect(await avatar.text()).toContain('<svg')
  })

  it('answers a null name and avatar for an address without a name', async () => {
    const nameless = sandbox.devAccounts[6]!.address
    expect(await fetchParsed(api(`/v1/identity/${nameless}`), identityResponseSchema)).toEqual({ name: null, avatar: null })
    expect(await fetchParsed(api(`/v1/profile/reverse/${nameless}`), profileReverseResponseSchema)).toEqual([])
  })

  it('registration round-trips: signed request, stored on chain, read back everywhere', async () => {
    const account = sandbox.devAccounts[3]!
    const registered = await fetchParsed(api('/v1/profile/account'), profileAccountSchema, await registration(3, 'Carol-Test.reown.id'))
    expect(registered).toMatchObject({ name: 'carol-test.reown.id', addresses: { [String(COIN_TYPE)]: { address: account.address } } })
    expect(await fetchParsed(api('/v1/profile/account/carol-test.reown.id'), profileAccountSchema)).toEqual(registered)
    expect((await fetchParsed(api(`/v1/profile/reverse/${account.address}`), profileReverseResponseSchema)).map((p) => p.name)).toEqual(['carol-test.reown.id'])
    expect((await fetchParsed(api(`/v1/identity/${account.address}`), identityResponseSchema)).name).toBe('carol-test.reown.id')
    const { suggestions } = await fetchParsed(api('/v1/profile/suggestions/carol-test'), nameSuggestionsResponseSchema)
    expect(suggestions[0]).toEqual({ name: 'carol-test.reown.id', registered: true })
    expect(suggestions.slice(1).every((s) => !s.registered && s.name.endsWith('.reown.id'))).toBe(true)

    // The chain is the store: the registry contract answers, and so does the API after a restart.
    const chain = sandbox.chains[0]!
    const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const [owner] = await client.readContract({ address: sandbox.deployments[31337]!.names!, abi: namesAbi, functionName: 'resolve', args: ['carol-test.reown.id'] })
    expect(owner).toBe(account.address)
    await sandbox.dataApi.stop()
    await sandbox.dataApi.start()
    await new Promise((r) => setTimeout(r, 100)) // let the client notice its pooled sockets were closed
    expect((await fetchParsed(api('/v1/profile/account/carol-test.reown.id'), profileAccountSchema)).name).toBe('carol-test.reown.id')
  })

  it('accepts the legacy .wcn.id suffix, and gives a bare label the configured suffix', async () => {
    expect((await fetchParsed(api('/v1/profile/account'), profileAccountSchema, await registration(4, 'dave-legacy.wcn.id'))).name).toBe('dave-legacy.wcn.id')
    expect((await fetchParsed(api('/v1/profile/account'), profileAccountSchema, await registration(4, 'dave2'))).name).toBe('dave2.reown.id')
  })

  it('refuses what SPEC.md §5 and the signature rule out, with a message to show', async () => {
    const cases: Array<[Promise<RequestInit>, number, string]> = [
      [registration(5, 'erin-name.reown.id', { signer: 6 }), 401, 'Invalid signature'],
      [registration(5, 'abc.reown.id'), 400, 'Invalid name: use letters, digits and hyphens only, at least 4 characters'],
      [registration(5, 'erin_name.reown.id'), 400, 'Invalid name: use letters, digits and hyphens only, at least 4 characters'],
      [registration(5, 'erin-name.eth'), 400, 'Unsupported name suffix: use .reown.id or .wcn.id'],
      [registration(5, 'alice.reown.id'), 409, 'Name alice.reown.id is already registered'],
      [registration(5, 'erin-name.reown.id', { coin_type: 60 }), 400, 'Unsupported coin_type 60'],
      [registration(5, 'erin-name.reown.id', { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 400, 'Message expired: sign a new one'],
      [registration(5, 'x', { message: 'register erin-name please' }), 400, 'Invalid message: expected JSON with name and timestamp'],
    ]
    for (const [init, status, error] of cases) expect(await fetchError(api('/v1/profile/account'), await init)).toEqual({ status, error })
    expect(await fetchError(api('/v1/profile/account'), postJson({ coin_type: COIN_TYPE, address: sandbox.devAccounts[5]!.address, message: '{}' }))).toEqual({
      status: 400,
      error: 'Missing required field: signature',
    })
    expect(await fetchParsed(api(`/v1/profile/reverse/${sandbox.devAccounts[5]!.address}`), profileReverseResponseSchema)).toEqual([])
  })
})
