import { createPublicKey, randomUUID, verify } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_SOLANA_FUNDING, startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { solanaService } from '../../sandbox/src/services/solana.ts'
import type { SolanaChainHandle } from '../../sandbox/src/solana/server.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import type { CallContext } from '../src/accounts.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from '../src/api.ts'

// Ports of this file: base 17400 (its Solana RPC at base - 5000).
const DAPP = 'http://127.0.0.1:5173'
const CONTEXT: CallContext = { projectId: 'portico-demo', origin: DAPP, client: '127.0.0.1' }

let sandbox: SandboxHandle
let solana: SolanaChainHandle

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(17400, { seedHistory: false, services: ['frame'], env: { ...process.env, PORTICO_SANDBOX_DATA_DIR: undefined } }))
  solana = sandbox.service(solanaService)
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

type Answer<N extends FrameApiName> = { status: number; body: z.output<FrameApi[N]['response']> | { error: string } }

/** Calls the frame service's JSON API as its frame page does. */
async function call<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token: string): Promise<Answer<N>> {
  const base = sandbox.frame.url
  const res = await fetch(`${base}${FRAME_API[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-portico-project': CONTEXT.projectId, 'x-portico-embedder': DAPP, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json()
  return { status: res.status, body: (res.ok ? FRAME_API[name].response.parse(json) : z.object({ error: z.string() }).parse(json)) as Answer<N>['body'] }
}
async function ok<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token: string): Promise<z.output<FrameApi[N]['response']>> {
  const answer = await call(name, body, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as z.output<FrameApi[N]['response']>
}
async function refused<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token: string): Promise<string> {
  const answer = await call(name, body, token)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  return (answer.body as { error: string }).error
}

/** A new user (a social sign-in, straight through the accounts) and its session token. */
const newUser = () => sandbox.frame.accounts.socialSession('github', `solana-${randomUUID()}`, 'solana-tester', CONTEXT)

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return z.object({ result: z.unknown() }).parse(await res.json()).result
}

/** An unsigned SOL transfer paid by `payer`, as the core hands it to a wallet (base64). */
async function transfer(payer: Address, to: Address, lamports: bigint): Promise<string> {
  const { value } = z.object({ value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number() }) }).parse(await rpc('getLatestBlockhash', [{ commitment: 'confirmed' }]))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(payer), destination: to, amount: lamports })], m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
/** Checks an ed25519 signature against a Solana address (node:crypto). */
const verifies = (owner: string, bytes: Uint8Array, signature: Uint8Array) =>
  verify(null, bytes, createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, new Uint8Array(getBase58Encoder().encode(owner))]), format: 'der', type: 'spki' }), signature)

describe('the frame service’s Solana accounts', () => {
  it('makes an ed25519 key with each user, keeps it sealed next to the EVM key, and answers its address', async () => {
    const token = await newUser()
    const user = await ok('user', {}, token)
    expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const [row] = await sandbox.frame.store.db.query<{ id: string; solana_address: string; encrypted_solana_key: string }>(
      'SELECT id, solana_address, encrypted_solana_key FROM users WHERE solana_address = $1',
      [user.solanaAddress],
    )
    expect(row?.encrypted_solana_key).toMatch(/^v1\.[0-9a-f]{8}\./)
    // The same address on every call; another user has another key.
    expect((await ok('user', {}, token)).solanaAddress).toBe(user.solanaAddress)
    expect((await ok('user', {}, await newUser())).solanaAddress).not.toBe(user.solanaAddress)
  })

  it('signs a message and a transaction with that key; refuses another account, a transaction it does not sign, and a network it does not serve', async () => {
    const token = await newUser()
    const owner = (await ok('user', {}, token)).solanaAddress!
    const network = solana.caipNetworkId
    const message = new TextEncoder().encode('Sign in to the Portico demo')
    const signed = z
      .object({ signature: z.string() })
      .parse((await ok('solana', { method: 'solana_signMessage', params: [{ message: getBase58Decoder().decode(message), pubkey: owner }], network }, token)).result)
    expect(verifies(owner, message, new Uint8Array(getBase58Encoder().encode(signed.signature)))).toBe(true)

    const bob = solana.devAccounts[5]!.address
    const tx = await transfer(address(owner), address(bob), 1_000n)
    const answer = z.object({ signature: z.string(), transaction: z.string() }).parse((await ok('solana', { method: 'solana_signTransaction', params: [{ transaction: tx }], network }, token)).result)
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(answer.transaction))
    const signature = decoded.signatures[address(owner)]!
    expect(getBase58Decoder().decode(signature)).toBe(answer.signature)
    expect(verifies(owner, new Uint8Array(decoded.messageBytes), new Uint8Array(signature))).toBe(true)

    expect(await refused('solana', { method: 'solana_signMessage', params: [{ message: '3yZe7d', pubkey: bob }], network }, token)).toBe(`Unknown account ${bob}`)
    const others = await transfer(address(bob), address(owner), 1_000n)
    expect(await refused('solana', { method: 'solana_signTransaction', params: [{ transaction: others }], network }, token)).toBe(
      `Invalid params for solana_signTransaction: the transaction does not ask for the signature of ${owner}`,
    )
    expect(await refused('solana', { method: 'solana_signTransaction', params: [{ transaction: 'AAAA' }], network }, token)).toBe('Invalid params for solana_signTransaction: not a Solana transaction')
    expect(await refused('solana', { method: 'solana_signMessage', params: [{ message: '3yZe7d' }], network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, token)).toBe('Unsupported chain')
    expect(await refused('solana', { method: 'solana_signAllTransactions', params: [], network }, token)).toBe('Unsupported method solana_signAllTransactions')
    expect((await call('solana', { method: 'solana_signMessage', params: [{ message: '3yZe7d' }], network }, 'not-a-session')).status).toBe(401)
  })

  it('a new user’s Solana account is funded by the sandbox’s faucet; it signs and sends a transfer on the Localnet: the receiver gets exactly 0.1 SOL', async () => {
    const token = await newUser()
    const owner = (await ok('user', {}, token)).solanaAddress!
    await expect.poll(() => solana.balances(owner).lamports, { timeout: 20_000 }).toBe(FRAME_SOLANA_FUNDING)
    const bob = solana.devAccounts[6]!.address
    const before = solana.balances(bob).lamports
    const tx = await transfer(address(owner), address(bob), 100_000_000n)
    const { signature } = z
      .object({ signature: z.string() })
      .parse((await ok('solana', { method: 'solana_signAndSendTransaction', params: [{ transaction: tx }], network: solana.caipNetworkId }, token)).result)
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect.poll(() => solana.balances(bob).lamports, { timeout: 20_000 }).toBe(before + 100_000_000n)
    expect(sandbox.frame.rpcMethods().map((r) => r.method)).toContain('solana_signAndSendTransaction')
  })

  it('refuses tampered keys: a Solana key moved to another user, or the EVM key put in its place, does not open', async () => {
    const [aliceToken, bobToken] = [await newUser(), await newUser()]
    const [alice, bob] = [(await ok('user', {}, aliceToken)).solanaAddress!, (await ok('user', {}, bobToken)).solanaAddress!]
    const db = sandbox.frame.store.db
    const row = async (solanaAddress: string) =>
      (await db.query<{ id: string; encrypted_key: string; encrypted_solana_key: string }>('SELECT id, encrypted_key, encrypted_solana_key FROM users WHERE solana_address = $1', [solanaAddress]))[0]!
    const [a, b] = [await row(alice), await row(bob)]
    // AES-256-GCM's tag does not check (node:crypto's decipher.final()): the key is not opened.
    const unauthenticated = /^Unsupported state or unable to authenticate data$/
    try {
      // Alice's sealed Solana key in Bob's row (his address kept): sealed for Alice's id, it does not open for Bob.
      await db.query('UPDATE users SET encrypted_solana_key = $2 WHERE id = $1', [b.id, a.encrypted_solana_key])
      await expect(sandbox.frame.accounts.userOf(bobToken, CONTEXT)).rejects.toThrow(unauthenticated)
      expect((await call('user', {}, bobToken)).status).toBe(500)
      // Bob's own EVM key in his Solana column: sealed with another context, it does not open either.
      await db.query('UPDATE users SET encrypted_solana_key = $2 WHERE id = $1', [b.id, b.encrypted_key])
      await expect(sandbox.frame.accounts.userOf(bobToken, CONTEXT)).rejects.toThrow(unauthenticated)
    } finally {
      // His own sealed key back in its place.
      await db.query('UPDATE users SET encrypted_solana_key = $2 WHERE id = $1', [b.id, b.encrypted_solana_key])
    }
    // It opens again.
    expect((await ok('user', {}, bobToken)).solanaAddress).toBe(bob)
  })

  it('gives a user made before Solana keys one on first use, and keeps it', async () => {
    const token = await newUser()
    const first = (await ok('user', {}, token)).solanaAddress!
    const db = sandbox.frame.store.db
    await db.query('UPDATE users SET solana_address = NULL, encrypted_solana_key = NULL WHERE solana_address = $1', [first])
    const made = (await ok('user', {}, token)).solanaAddress!
    expect(made).not.toBe(first)
    expect((await ok('user', {}, token)).solanaAddress).toBe(made)
    expect(await db.query('SELECT 1 FROM users WHERE solana_address = $1 AND encrypted_solana_key IS NOT NULL', [made])).toHaveLength(1)
  })
})
