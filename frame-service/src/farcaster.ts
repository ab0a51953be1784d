import { randomBytes, randomUUID } from 'node:crypto'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { Hono } from 'hono'
import { createPublicClient, createTestClient, createWalletClient, encodeFunctionData, http, parseAbi, parseEther, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { generateSiweNonce } from 'viem/siwe'
import { z } from 'zod'
import { CONTRACTS_DIR, compileContracts } from '../../sandbox/src/contracts/compile.ts'
import { DEV_MNEMONIC } from '../../sandbox/src/dev-accounts.ts'
import { FARCASTER_ID_REGISTRY_ADDRESS, FARCASTER_RELAY_PATH, FARCASTER_WALLET_ACCOUNTS, FARCASTER_WALLET_PATH } from './farcaster-accounts.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import type { FrameChain } from './rpc.ts'

/** How long a channel stays open (the wallet must approve within it). */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000
const registryAbi = parseAbi(['function idOf(address) view returns (uint256)', 'function register() returns (uint256)'])

const createChannelSchema = z.object({
  siweUri: z.string().url(),
  domain: z.string().min(1),
  nonce: z.string().regex(/^[A-Za-z0-9]{8,}$/).optional(),
  notBefore: z.string().optional(),
  expirationTime: z.string().optional(),
  requestId: z.string().optional(),
  redirectUrl: z.string().optional(),
  acceptAuthAddress: z.boolean().optional(),
})
const authenticateSchema = z.object({
  message: z.string().min(1),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().int().positive(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional(),
})
type Channel = {
  request: z.infer<typeof createChannelSchema>
  nonce: string
  url: string
  expiresAt: number
  completed: z.infer<typeof authenticateSchema> | undefined
}

export type FarcasterAccount = { username: string; displayName: string; addressIndex: number; custody: `0x${string}`; fid: number }

export type FarcasterLogin = {
  /** The relay (`/farcaster/relay/v1/channel`, `/status`, `/authenticate`), mounted by the service. */
  relay: Hono
  /** The key the sandbox's Farcaster wallet signs its relay calls with (`X-Farcaster-Auth-Relay-Key`). */
  relayKey: string
  /** Places the ID registry on the chain and registers the wallet's accounts (once); their fids. */
  accounts(): Promise<FarcasterAccount[]>
  /** GET_FARCASTER_URI: opens a channel on the relay with auth-client; the wallet link and the channel token. */
  start(): Promise<{ url: string; channelToken: string }>
  /** CONNECT_FARCASTER: waits up to `waitMs` for the wallet; verifies the signed message on the chain. */
  finish(channelToken: string, waitMs: number): Promise<{ fid: number; username: string } | undefined>
}

/**
 * Sign In With Farcaster for the frame: a relay speaking the API that `@farcaster/auth-client`
 * uses (create a channel, read its status, the wallet's authenticate), the frame service as the app
 * (auth-client's app client: createChannel, status, verifySignInMessage), and Farcaster's ID
 * registry on a sandbox chain (placed with anvil_setCode at the address the client reads), so the
 * custody check is a real chain read.
 */
export function createFarcasterLogin(options: {
  frameUrl: string
  chain: FrameChain | undefined
  cacheDir?: string | undefined
  /** Resolves once the chain's own set-up (deploy, seed) is over; the registry waits for it. */
  chainReady?: Promise<unknown> | undefined
}): FarcasterLogin {
  const channels = new Map<string, Channel>()
  const relayKey = randomBytes(24).toString('base64url')
  const domain = new URL(options.frameUrl).host
  const appClient = options.chain ? createAppClient({ relay: `${options.frameUrl}${FARCASTER_RELAY_PATH}`, ethereum: viemConnector({ rpcUrl: options.chain.rpcUrl }) }) : undefined
  let registered: Promise<FarcasterAccount[]> | undefined

  async function register(chain: FrameChain): Promise<FarcasterAccount[]> {
    await options.chainReady
    const transport = http(chain.rpcUrl)
    const publicClient = createPublicClient({ chain: chain.viemChain, transport })
    const testClient = createTestClient({ chain: chain.viemChain, mode: 'anvil', transport })
    const code = await publicClient.getCode({ address: FARCASTER_ID_REGISTRY_ADDRESS })
    if (!code || code === '0x') {
      const { artifacts } = await compileContracts({ ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}), contractsDir: `${CONTRACTS_DIR}/farcaster` })
      const artifact = artifacts['FarcasterIdRegistry']
      if (!artifact) throw new Error('FarcasterIdRegistry did not compile')
      // The creation code run as a call answers the runtime code, which anvil then places at the address.
      const { data: runtime } = await publicClient.call({ data: `0x${artifact.bytecode.replace(/^0x/, '')}` as Hex })
      if (!runtime) throw new Error('FarcasterIdRegistry has no runtime code')
      await testClient.setCode({ address: FARCASTER_ID_REGISTRY_ADDRESS, bytecode: runtime })
    }
    const out: FarcasterAccount[] = []
    for (const a of FARCASTER_WALLET_ACCOUNTS) {
      const custody = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: a.addressIndex }).address
      let fid = await publicClient.readContract({ address: FARCASTER_ID_REGISTRY_ADDRESS, abi: registryAbi, functionName: 'idOf', args: [custody] })
      if (fid === 0n) {
        // The custody address registers itself (impersonated, so no dev account's nonce is touched).
        await testClient.setBalance({ address: custody, value: parseEther('1') })
        await testClient.impersonateAccount({ address: custody })
        const wallet = createWalletClient({ account: custody, chain: chain.viemChain, transport })
        const hash = await wallet.sendTransaction({ to: FARCASTER_ID_REGISTRY_ADDRESS, data: encodeFunctionData({ abi: registryAbi, functionName: 'register' }) })
        await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })
        await testClient.stopImpersonatingAccount({ address: custody })
        fid = await publicClient.readContract({ address: FARCASTER_ID_REGISTRY_ADDRESS, abi: registryAbi, functionName: 'idOf', args: [custody] })
      }
      out.push({ username: a.username, displayName: a.displayName, addressIndex: a.addressIndex, custody, fid: Number(fid) })
    }
    return out
  }

  function accounts(): Promise<FarcasterAccount[]> {
    if (!options.chain) return Promise.reject(new FrameError(FRAME_MESSAGES.farcasterUnavailable))
    if (!registered) {
      registered = register(options.chain)
      registered.catch(() => (registered = undefined))
    }
    return registered
  }

  const channelOf = (authorization: string | undefined): [string, Channel] | undefined => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined
    const channel = token === undefined ? undefined : channels.get(token)
    return token !== undefined && channel && channel.expiresAt > Date.now() ? [token, channel] : undefined
  }
  const statusBody = (channel: Channel) => ({
    state: channel.completed ? 'completed' : 'pending',
    nonce: channel.nonce,
    url: channel.url,
    ...(channel.completed ?? {}),
    ...(channel.completed ? { authMethod: channel.completed.authMethod ?? 'custody' } : {}),
    signatureParams: { siweUri: channel.request.siweUri, domain: channel.request.domain, nonce: channel.nonce, notBefore: channel.request.notBefore, expirationTime: channel.request.expirationTime, requestId: channel.request.requestId, redirectUrl: channel.request.redirectUrl },
    metadata: { ip: '127.0.0.1', userAgent: '' },
    acceptAuthAddress: channel.request.acceptAuthAddress ?? true,
  })

  const relay = new Hono()
  relay.post('/v1/channel', async (c) => {
    const body = createChannelSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ error: `Invalid channel request: ${body.error.issues[0]?.message ?? 'invalid'}` }, 400)
    const now = Date.now()
    for (const [k, ch] of channels) if (ch.expiresAt < now) channels.delete(k)
    const channelToken = randomUUID()
    const nonce = body.data.nonce ?? generateSiweNonce()
    const query = new URLSearchParams({ channelToken, nonce, siweUri: body.data.siweUri, domain: body.data.domain })
    for (const key of ['notBefore', 'expirationTime', 'requestId'] as const) if (body.data[key]) query.set(key, body.data[key])
    const url = `${options.frameUrl}${FARCASTER_WALLET_PATH}?${query}`
    channels.set(channelToken, { request: body.data, nonce, url, expiresAt: now + FARCASTER_CHANNEL_TTL_MS, completed: undefined })
    return c.json({ channelToken, url, nonce }, 201)
  })
  relay.get('/v1/channel/status', (c) => {
    const found = channelOf(c.req.header('authorization'))
    if (!found) return c.json({ error: 'Unknown or expired channel' }, 401)
    return c.json(statusBody(found[1]), found[1].completed ? 200 : 202)
  })
  relay.post('/v1/channel/authenticate', async (c) => {
    if (c.req.header('x-farcaster-auth-relay-key') !== relayKey) return c.json({ error: 'Unknown relay key' }, 401)
    const found = channelOf(c.req.header('authorization'))
    if (!found) return c.json({ error: 'Unknown or expired channel' }, 401)
    const body = authenticateSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ error: `Invalid authentication: ${body.error.issues[0]?.message ?? 'invalid'}` }, 400)
    if (found[1].completed) return c.json({ error: 'Channel already completed' }, 409)
    found[1].completed = body.data
    return c.json(statusBody(found[1]), 201)
  })

  return {
    relay,
    relayKey,
    accounts,
    async start() {
      await accounts()
      if (!appClient) throw new FrameError(FRAME_MESSAGES.farcasterUnavailable)
      const created = await appClient.createChannel({ siweUri: `${options.frameUrl}/frame`, domain, acceptAuthAddress: false })
      if (created.isError || created.response.status !== 201) throw new FrameError(FRAME_MESSAGES.farcasterUnavailable, 502)
      return { url: created.data.url, channelToken: created.data.channelToken }
    },
    async finish(channelToken, waitMs) {
      if (!appClient) throw new FrameError(FRAME_MESSAGES.farcasterUnavailable)
      const channel = channels.get(channelToken)
      if (!channel) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
      const until = Date.now() + waitMs
      for (;;) {
        const status = await appClient.status({ channelToken })
        if (status.isError || (status.response.status !== 200 && status.response.status !== 202)) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
        const data = status.data
        if (data.state === 'completed' && data.message && data.signature) {
          const verified = await appClient.verifySignInMessage({ nonce: channel.nonce, domain, message: data.message, signature: data.signature, acceptAuthAddress: false })
          channels.delete(channelToken)
          if (verified.isError || !verified.success) throw new FrameError(FRAME_MESSAGES.socialFailed.replace('{provider}', 'Farcaster'))
          return { fid: verified.fid, username: data.username ?? `fid:${verified.fid}` }
        }
        if (Date.now() >= until) return undefined
        await new Promise((r) => setTimeout(r, 250))
      }
    },
  }
}
