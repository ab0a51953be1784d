/**
 * Sign in with the wallet (SIWX) through the one write path against a real sandbox: the verifier's
 * nonce, an EIP-4361 message signed by the Sandbox Wallet, the verifier's check, the session kept by
 * the core and ended everywhere on disconnect.
 */
import type { Sandbox } from '@portico/sandbox'
import { getAddress, hexToString, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig, SiwxSession } from '@portico/shared-types'
import type { WriteIntent, WriteResult } from '@portico/shared-types/write'
import type { SandboxProvider } from '../../../../sandbox/wallet/provider.ts'
import { createCore, type Core } from '../../../src/core.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { signedSession } from '../../../src/features/writes/siwx.ts'
import { connectedTestCore, pageFetch, runWrite as runSteps, sandboxConfig, sandboxWallet, startTestSandbox, TEST_PAGE_ORIGIN } from '../../sandbox.ts'

let sandbox: Sandbox
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(10000)
  config = sandboxConfig(sandbox, 'siwx-test')
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

async function setUp(answers: boolean[], addressIndex = 3) {
  const { provider } = await sandboxWallet(sandbox, answers, { addressIndex })
  const [address] = (await provider.request({ method: 'eth_accounts' })) as Address[]
  const core = await connectedTestCore(config, address!)
  return { core, provider, address: address!, caipAddress: `eip155:31337:${address!}` as const }
}

/** The write loop, keeping the text of each message the wallet was asked to sign. */
async function runWrite(core: Core, provider: SandboxProvider, intent: WriteIntent, signed: string[] = [], dapp?: Parameters<typeof runSteps>[4]): Promise<WriteResult> {
  const { result } = await runSteps(
    core,
    provider,
    intent,
    (step) => {
      if (step.target === 'wallet') signed.push(hexToString(step.request.params[0] as `0x${string}`))
    },
    dapp,
  )
  return result
}

const verifierSession = (address: string) => fetch(`${sandbox.dataApi.url}/v1/siwx/session?address=${address}&chainId=31337&projectId=siwx-test&st=t&sv=t`)
const signIn = (caipAddress: `eip155:${string}:${string}`): Extract<WriteIntent, { kind: 'siwx' }> => ({
  kind: 'siwx',
  caipAddress,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  statement: 'Sign in to the Portico demo',
  expiresInMs: 60_000,
})

describe('SIWX against the sandbox verifier', () => {
  it('signs an EIP-4361 message with the verifier nonce; the verifier checks it and the core keeps the session until disconnect', async () => {
    const { core, provider, address, caipAddress } = await setUp([true])
    const signed: string[] = []
    const result = await runWrite(core, provider, signIn(caipAddress), signed)
    expect(result).toMatchObject({ status: 'done' })
    const message = parseSiweMessage(signed[0]!)
    expect(message).toMatchObject({ address, chainId: 31337, domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/', version: '1', statement: 'Sign in to the Portico demo' })
    expect(message.nonce!.length).toBeGreaterThanOrEqual(8)
    expect(message.expirationTime!.getTime() - message.issuedAt!.getTime()).toBe(60_000)

    const [session] = (await core.getState()).siwxSessions
    expect(session).toMatchObject({ data: { accountAddress: address, chainId: 'eip155:31337', nonce: message.nonce }, message: signed[0] })
    expect(session!.cacao).toMatchObject({ h: { t: 'caip122' }, s: { t: 'eip191' } })
    expect(await (await verifierSession(address)).json()).toMatchObject({ session: { address, chainId: 31337, nonce: message.nonce } })

    await core.setDisconnected('eip155')
    expect((await core.getState()).siwxSessions).toEqual([])
    expect((await verifierSession(address)).status).toBe(404)
    core.dispose()
  })

  it('a nonce is accepted once: the same signed message again is refused', async () => {
    const { core, provider, caipAddress } = await setUp([true])
    const signed: string[] = []
    const result = await runWrite(core, provider, signIn(caipAddress), signed)
    const session = (result as { result: { signature: string } }).result
    const again = await pageFetch(`${sandbox.dataApi.url}/v1/siwx/verify?projectId=siwx-test&st=t&sv=t`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: signed[0], signature: session.signature, chainId: 31337 }),
    })
    expect(again.status).toBe(401)
    core.dispose()
  })

  it('a declined signature keeps no session; a verifier without nonces is an initialisation failure', async () => {
    const { core, provider, caipAddress } = await setUp([false], 4)
    expect(await runWrite(core, provider, signIn(caipAddress))).toMatchObject({ status: 'error', error: { code: 'USER_REJECTED' } })
    expect((await core.getState()).siwxSessions).toEqual([])
    await core.configure({ ...config, apiUrl: 'http://127.0.0.1:9/' })
    expect(await core.prepareWrite(signIn(caipAddress))).toMatchObject({ status: 'error', error: { code: 'SIWX_INIT_FAILED' } })
    core.dispose()
  })

  it("a dapp's own SIWX configuration: the core asks the page for createMessage, the wallet signs, the page's addSession checks it, the core keeps the session", async () => {
    const { core, provider, address, caipAddress } = await setUp([true, true, true], 7)
    const added: SiwxSession[] = []
    const asked: string[] = []
    /** The dapp's functions as the page runs them: a message with the verifier's nonce; addSession verifies at the sandbox. */
    const dapp = async ({ method, params }: { method: string; params: unknown[] }) => {
      asked.push(method)
      if (method === 'siwx_createMessage') {
        const input = params[0] as { accountAddress: string; chainId: string }
        const { nonce } = (await (await pageFetch(`${sandbox.dataApi.url}/v1/siwx/nonce?projectId=siwx-test&st=t&sv=t`)).json()) as { nonce: string }
        const issuedAt = new Date()
        const data = {
          accountAddress: input.accountAddress,
          chainId: input.chainId,
          domain: new URL(TEST_PAGE_ORIGIN).host,
          uri: `${TEST_PAGE_ORIGIN}/`,
          version: '1',
          nonce,
          issuedAt: issuedAt.toISOString(),
        }
        return { data, message: createSiweMessage({ address: getAddress(input.accountAddress), chainId: 31337, domain: data.domain, uri: data.uri, version: '1', nonce, issuedAt }) }
      }
      const session = params[0] as SiwxSession
      const verified = await pageFetch(`${sandbox.dataApi.url}/v1/siwx/verify?projectId=siwx-test&st=t&sv=t`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: session.message, signature: session.signature, chainId: 31337, cacao: session.cacao }),
      })
      if (!verified.ok) throw new Error('refused')
      added.push(session)
      return null
    }
    const signed: string[] = []
    const intent: WriteIntent = { ...signIn(caipAddress), via: 'dapp' }
    expect(await runWrite(core, provider, intent, signed, dapp)).toMatchObject({ status: 'done' })
    expect(asked).toEqual(['siwx_createMessage', 'siwx_addSession'])
    expect(parseSiweMessage(signed[0]!)).toMatchObject({ address, domain: '127.0.0.1:5173' })
    expect(added[0]).toMatchObject({ data: { accountAddress: address, chainId: 'eip155:31337' }, message: signed[0], cacao: { h: { t: 'caip122' }, s: { t: 'eip191' } } })
    expect((await core.getState()).siwxSessions).toEqual([added[0]])

    // createMessage answering something else than a message for this account: an initialisation failure, nothing signed.
    await core.removeSiwxSessions()
    const wrong = async (request: { method: string; params: unknown[] }) =>
      request.method === 'siwx_createMessage' ? { data: { accountAddress: '0x0000000000000000000000000000000000000001', chainId: 'eip155:31337' }, message: 'x' } : null
    expect(await runWrite(core, provider, intent, [], wrong)).toMatchObject({ status: 'error', error: { code: 'SIWX_INIT_FAILED' } })
    expect(await runWrite(core, provider, intent, [], async () => ({ nothing: true }))).toMatchObject({ status: 'error', error: { code: 'SIWX_INIT_FAILED' } })
    // addSession refusing: the sign-in failed, and the core keeps nothing.
    const refuse = async (request: { method: string; params: unknown[] }) => {
      if (request.method === 'siwx_addSession') throw new Error('The signature is not valid')
      return dapp(request)
    }
    expect(await runWrite(core, provider, intent, [], refuse)).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED', details: 'The signature is not valid' } })
    expect((await core.getState()).siwxSessions).toEqual([])
    core.dispose()
  })

  it("the verifier binds the sign-in to the page's origin: a core whose requests come from another origin is refused, and keeps nothing", async () => {
    const { provider, address, caipAddress } = await setUp([true], 8)
    const fromElsewhere: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('origin', 'https://evil.example')
      return fetch(input, { ...init, headers })
    }
    const core = createCore({ storage: createStorage({ dbName: `core-${crypto.randomUUID()}`, warn: () => {} }), warn: () => {}, fetch: fromElsewhere })
    await core.configure(config)
    await core.setConnected({ caipAddress, connectorId: 'sandbox', connectorName: 'Sandbox Wallet' })
    const result = await runWrite(core, provider, signIn(caipAddress))
    expect(result).toMatchObject({ status: 'error', error: { code: 'SIWX_VERIFY_FAILED' } })
    expect((result as { error: { details?: string } }).error.details).toBe('HTTP status code: 401')
    expect((await core.getState()).siwxSessions).toEqual([])
    expect((await verifierSession(address)).status).toBe(404)
    core.dispose()
  })

  it("a dapp's createMessage whose text says another chain, account or domain than its data is an initialisation failure; nothing is signed", async () => {
    const { core, provider, caipAddress } = await setUp([], 9)
    const lying = (patch: Partial<Parameters<typeof createSiweMessage>[0]>) => async (request: { method: string; params: unknown[] }) => {
      const input = request.params[0] as { accountAddress: string; chainId: string }
      const issuedAt = new Date()
      const data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: '127.0.0.1:5173',
        uri: `${TEST_PAGE_ORIGIN}/`,
        version: '1',
        nonce: 'abcdef0123456789',
        issuedAt: issuedAt.toISOString(),
      }
      return {
        data,
        message: createSiweMessage({ address: getAddress(input.accountAddress), chainId: 31337, domain: data.domain, uri: data.uri, version: '1', nonce: data.nonce, issuedAt, ...patch }),
      }
    }
    const intent: WriteIntent = { ...signIn(caipAddress), via: 'dapp' }
    for (const [what, patch] of [
      ['chain', { chainId: 31338 }],
      ['account', { address: '0x0000000000000000000000000000000000000001' as Address }],
      ['domain', { domain: 'evil.example' }],
      ['expiry', { expirationTime: new Date(Date.now() + 3_600_000) }],
    ] as const) {
      const signed: string[] = []
      const result = await runWrite(core, provider, intent, signed, lying(patch))
      expect(result, what).toMatchObject({ status: 'error', error: { code: 'SIWX_INIT_FAILED' } })
      expect(signed, what).toEqual([])
    }
    expect((await core.getState()).siwxSessions).toEqual([])
    core.dispose()
  })

  it('the core keeps no session whose CACAO differs from its message and signature, nor one with an unparseable expiry', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const core = await connectedTestCore(config, signer.address)
    const issuedAt = new Date()
    const expirationTime = new Date(issuedAt.getTime() + 3_600_000)
    const prepared = {
      data: {
        accountAddress: signer.address,
        chainId: 'eip155:31337' as const,
        domain: '127.0.0.1:5173',
        uri: `${TEST_PAGE_ORIGIN}/`,
        version: '1',
        nonce: 'abcdef0123456789',
        issuedAt: issuedAt.toISOString(),
        expirationTime: expirationTime.toISOString(),
      },
      message: createSiweMessage({ address: signer.address, chainId: 31337, domain: '127.0.0.1:5173', uri: `${TEST_PAGE_ORIGIN}/`, version: '1', nonce: 'abcdef0123456789', issuedAt, expirationTime }),
    }
    const session = signedSession(prepared, await signer.signMessage({ message: prepared.message }))
    const cacao = session.cacao as { p: Record<string, unknown>; s: Record<string, unknown> }
    const tampered: [string, SiwxSession][] = [
      ['cacao domain', { ...session, cacao: { ...cacao, p: { ...cacao.p, domain: 'evil.example' } } }],
      ['cacao expiry', { ...session, cacao: { ...cacao, p: { ...cacao.p, exp: '2999-01-01T00:00:00.000Z' } } }],
      ['cacao signature', { ...session, cacao: { ...cacao, s: { ...cacao.s, s: `0x${'22'.repeat(65)}` } } }],
      ['message of another chain', { ...session, message: prepared.message.replace('Chain ID: 31337', 'Chain ID: 1') }],
      ['unparseable expiry', { ...session, data: { ...session.data, expirationTime: 'never' } }],
    ]
    for (const [what, bad] of tampered) {
      await expect(core.addSiwxSession(bad), what).rejects.toMatchObject({ message: 'Signature declined' })
    }
    expect((await core.getState()).siwxSessions).toEqual([])
    await core.addSiwxSession(session)
    expect((await core.getState()).siwxSessions).toEqual([session])
    core.dispose()
  })
})
