import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { createPublicClient, createTestClient, createWalletClient, encodeFunctionData, http, parseAbi, parseEther, type Hex } from 'viem'
import { SANDBOX_RPC_TIMEOUT_MS } from '../chain/rpc-timeout.ts'
import { mnemonicToAccount } from 'viem/accounts'
import { generateSiweNonce } from 'viem/siwe'
import { z } from 'zod'
import { FARCASTER_CHANNEL_TTL_MS, FRAME_MESSAGES, FrameError, type FrameChain } from '@portico/frame-service'
import { CONTRACTS_DIR, compileContracts } from '../contracts/compile.ts'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { FARCASTER_ID_REGISTRY_ADDRESS, FARCASTER_RELAY_PATH, FARCASTER_WALLET_ACCOUNTS, FARCASTER_WALLET_PATH } from './farcaster-accounts.ts'

/** The most channels the relay keeps open at once; past it a new channel is refused (429) until some expire. */
export const MAX_OPEN_CHANNELS = 1_000
const registryAbi = parseAbi(['function idOf(address) view returns (uint256)', 'function register() returns (uint256)'])

const createChannelSchema = z.object({
  siweUri: z.string().url(),
  domain: z.string().min(1),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,}$/)
    .optional(),
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

export type FarcasterRelay = {
  /** The relay (`/farcaster/relay/v1/channel`, `/status`, `/authenticate`), mounted by the sign-in stand-ins. */
  relay: Hono
  /** The key the sandbox's Farcaster wallet signs its relay calls with (`X-Farcaster-Auth-Relay-Key`). */
  relayKey: string
  /** Places the ID registry on the chain and registers the wallet's accounts (once); their fids. */
  accounts(): Promise<FarcasterAccount[]>
  /** Open channels now. */
  openChannels(): number
}

/**
 * The sandbox's Sign In With Farcaster peers: a relay speaking the API that `@farcaster/auth-client`
 * uses (create a channel, read its status, the wallet's authenticate; at most MAX_OPEN_CHANNELS open),
 * the wallet's page and accounts, and Farcaster's ID registry on a sandbox chain (placed with
 * anvil_setCode at the address the client reads), so the frame service's custody check is a real
 * chain read.
 */
export function createFarcasterRelay(options: {
  /** The stand-ins' origin (the wallet's page is there). */
  baseUrl: string
  chain: FrameChain | undefined
  cacheDir?: string | undefined
  /** Resolves once the chain's own set-up (deploy, seed) is over; the registry waits for it. */
  chainReady?: Promise<unknown> | undefined
}): FarcasterRelay {
  const channels = new Map<string, Channel>()
  const relayKey = randomBytes(24).toString('base64url')
  let registered: Promise<FarcasterAccount[]> | undefined

  async function register(chain: FrameChain): Promise<FarcasterAccount[]> {
    await options.chainReady
    const transport = http(chain.rpcUrl, { timeout: SANDBOX_RPC_TIMEOUT_MS })
    const publicClient = createPublicClient({ chain: chain.viemChain, transport })
    const testClient = createTestClient({ chain: chain.viemChain, mode: 'anvil', transport })
    const code = await publicClient.getCode({ address: FARCASTER_ID_REGISTRY_ADDRESS })
    if (!code || code === '0x') {
      const { artifacts } = await compileContracts({ ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}), contractsDir: `${CONTRACTS_DIR}/farcaster` })
      const artifact = artifacts['FarcasterIdRegistry']
      if (!artifact) throw new FrameError('FarcasterIdRegistry did not compile')
      // The creation code run as a call answers the runtime code, which anvil then places at the address.
      const { data: runtime } = await publicClient.call({ data: `0x${artifact.bytecode.replace(/^0x/, '')}` as Hex })
      if (!runtime) throw new FrameError('FarcasterIdRegistry has no runtime code')
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
    signatureParams: {
      siweUri: channel.request.siweUri,
      domain: channel.request.domain,
      nonce: channel.nonce,
      notBefore: channel.request.notBefore,
      expirationTime: channel.request.expirationTime,
      requestId: channel.request.requestId,
      redirectUrl: channel.request.redirectUrl,
    },
    metadata: { ip: '127.0.0.1', userAgent: '' },
    acceptAuthAddress: channel.request.acceptAuthAddress ?? true,
  })

  const relay = new Hono()
  relay.post('/v1/channel', async (c) => {
    const body = createChannelSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return c.json({ error: `Invalid channel request: ${body.error.issues[0]?.message ?? 'invalid'}` }, 400)
    const now = Date.now()
    for (const [k, ch] of channels) if (ch.expiresAt < now) channels.delete(k)
    if (channels.size >= MAX_OPEN_CHANNELS) return c.json({ error: 'Too many open channels: try again in a few minutes' }, 429, { 'retry-after': '60' })
    const channelToken = randomUUID()
    const nonce = body.data.nonce ?? generateSiweNonce()
    const query = new URLSearchParams({ channelToken, nonce, siweUri: body.data.siweUri, domain: body.data.domain })
    for (const key of ['notBefore', 'expirationTime', 'requestId'] as const) if (body.data[key]) query.set(key, body.data[key])
    const url = `${options.baseUrl}${FARCASTER_WALLET_PATH}?${query}`
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
    openChannels: () => channels.size,
  }
}
