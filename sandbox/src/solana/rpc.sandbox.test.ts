import { createHash } from 'node:crypto'
import { AccountLayout, createAssociatedTokenAccountInstruction, createTransferCheckedInstruction, getAccount, getAssociatedTokenAddressSync, getMint, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Commitment,
  type SignatureResult,
} from '@solana/web3.js'
import { getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { SOLANA_GENESIS_HASH, SOLANA_GENESIS_SEED, SOLANA_LOCALNET_CAIP_ID } from './localnet.ts'
import { startSolanaChain, type SolanaChainHandle } from './server.ts'

/** This file's chain: the RPC on 17800 and its websocket on 17801 (moved by PORTICO_E2E_PORT_OFFSET). */
const PORT = 17800 + (Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0)
const COMMITMENT: Commitment = 'confirmed'

let chain: SolanaChainHandle
let connection: Connection

const keypair = (index: number) => Keypair.fromSeed(chain.devAccounts[index]!.privateKey)
const usdc = () => chain.tokens.find((t) => t.key === 'USDC')!
const ptk = () => chain.tokens.find((t) => t.key === 'PTK')!

/** Resolves with the first signatureNotification web3.js hands over for `signature` (signatureSubscribe). */
function notified(signature: string): Promise<SignatureResult> {
  return new Promise((resolve) => {
    connection.onSignature(signature, (result) => resolve(result), COMMITMENT)
  })
}

/** Sends `tx` signed by `signers` and waits for its signatureSubscribe notification. */
async function sendAndNotify(tx: Transaction, signers: Keypair[]): Promise<{ signature: string; result: SignatureResult }> {
  const { blockhash } = await connection.getLatestBlockhash(COMMITMENT)
  tx.recentBlockhash = blockhash
  tx.feePayer = signers[0]!.publicKey
  tx.sign(...signers)
  const signature = await connection.sendRawTransaction(tx.serialize())
  return { signature, result: await notified(signature) }
}

const errorAnswerSchema = z
  .object({ jsonrpc: z.literal('2.0'), id: z.union([z.number(), z.string(), z.null()]), error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).strict() })
  .strict()

async function post(body: string): Promise<unknown> {
  const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  expect(res.status).toBe(200)
  return res.json()
}

beforeAll(async () => {
  chain = await startSolanaChain({ rpcPort: PORT, wsPort: PORT + 1 })
  connection = new Connection(chain.rpcUrl, { commitment: COMMITMENT, wsEndpoint: chain.wsUrl })
}, 60_000)

afterAll(async () => {
  await chain?.stop()
})

describe('the local Solana chain', () => {
  it('names itself: a fixed genesis hash (its CAIP-2 id), the version, slots that follow the clock', async () => {
    const genesis = await connection.getGenesisHash()
    expect(genesis).toBe(SOLANA_GENESIS_HASH)
    expect(genesis).toBe(getBase58Decoder().decode(createHash('sha256').update(SOLANA_GENESIS_SEED).digest()))
    expect(SOLANA_LOCALNET_CAIP_ID).toBe(`solana:${genesis.slice(0, 32)}`)
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const first = await connection.getSlot()
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(first)
    await expect.poll(() => connection.getSlot(), { timeout: 5_000 }).toBeGreaterThan(first)
  })

  it('hands out blockhashes valid for 150 blocks and rejects unknown ones', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(lastValidBlockHeight - (await connection.getBlockHeight())).toBeLessThanOrEqual(150)
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true)
    expect((await connection.isBlockhashValid(Keypair.generate().publicKey.toBase58())).value).toBe(false)
  })

  it('funds the dev accounts and seeds the tokens: SOL, the USDC-like mint (6 decimals) and PTK', async () => {
    // Account 5 only received its genesis funding.
    expect(await connection.getBalance(keypair(5).publicKey)).toBe(1_000 * LAMPORTS_PER_SOL)
    const mint = await getMint(connection, new PublicKey(usdc().mint))
    expect(mint.decimals).toBe(6)
    expect(mint.supply).toBe(14_250_750_000n) // 10000.25 + 2500.5 + 1000 + 500 + 250
    expect(mint.mintAuthority?.toBase58()).toBe(chain.devAccounts[9]!.address)
    expect((await getMint(connection, new PublicKey(ptk().mint))).decimals).toBe(9)

    // Account 0 after the seeded history: USDC 10000.25 - 25 + 12.5 - 100 + 50, PTK 500 + 10 - 5.
    const owner = keypair(0).publicKey
    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ID })
    const amounts = Object.fromEntries(parsed.value.map((a) => [a.account.data.parsed.info.mint, a.account.data.parsed.info.tokenAmount.uiAmountString]))
    expect(amounts).toEqual({ [usdc().mint]: '9937.75', [ptk().mint]: '505' })

    const raw = await connection.getTokenAccountsByOwner(owner, { mint: new PublicKey(usdc().mint) })
    expect(raw.value).toHaveLength(1)
    const decoded = AccountLayout.decode(raw.value[0]!.account.data)
    expect(decoded.amount).toBe(9_937_750_000n)
    expect(decoded.owner.toBase58()).toBe(owner.toBase58())
    const ata = getAssociatedTokenAddressSync(new PublicKey(usdc().mint), owner)
    expect(raw.value[0]!.pubkey.toBase58()).toBe(ata.toBase58())
    expect((await connection.getTokenAccountBalance(ata)).value).toMatchObject({ amount: '9937750000', decimals: 6, uiAmountString: '9937.75' })

    const [system, token, missing] = await connection.getMultipleAccountsInfo([owner, ata, Keypair.generate().publicKey])
    expect(system?.owner.toBase58()).toBe(SystemProgram.programId.toBase58())
    expect(token?.owner.toBase58()).toBe(TOKEN_PROGRAM_ID.toBase58())
    expect(token?.data.length).toBe(165)
    expect(missing).toBeNull()
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280)
  })

  it('keeps the seeded history: account 0 signatures newest first, each readable with getTransaction', async () => {
    const owner = keypair(0).publicKey
    const all = await connection.getSignaturesForAddress(owner)
    expect(all.length).toBeGreaterThanOrEqual(10)
    const times = all.map((s) => s.blockTime ?? 0)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    // A month back, dated by the chain's clock.
    expect(Date.now() / 1000 - times[times.length - 1]!).toBeGreaterThan(25 * 86_400)
    const page = await connection.getSignaturesForAddress(owner, { limit: 2, before: all[0]!.signature })
    expect(page.map((s) => s.signature)).toEqual(all.slice(1, 3).map((s) => s.signature))
    const tx = await connection.getTransaction(all[0]!.signature, { maxSupportedTransactionVersion: 0 })
    expect(tx?.meta?.err).toBeNull()
    expect(tx?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toContain(owner.toBase58())
  })

  it('airdrops SOL from the faucet, confirmed through signatureSubscribe', async () => {
    const fresh = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(fresh, 2 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    const confirmed = await connection.confirmTransaction({ signature, ...latest })
    expect(confirmed.value.err).toBeNull()
    expect(await connection.getBalance(fresh)).toBe(2 * LAMPORTS_PER_SOL)
    expect((await connection.getSignaturesForAddress(fresh)).map((s) => s.signature)).toEqual([signature])
    await expect(connection.requestAirdrop(fresh, 1_000_001 * LAMPORTS_PER_SOL)).rejects.toThrow(/airdrop/)
  })

  it('sends SOL: confirmed by signatureSubscribe and getSignatureStatuses, read back with getTransaction', async () => {
    const from = keypair(1)
    const to = Keypair.generate().publicKey
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 0.25 * LAMPORTS_PER_SOL }))
    const { blockhash } = await connection.getLatestBlockhash()
    tx.recentBlockhash = blockhash
    tx.feePayer = from.publicKey
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value
    expect(fee).toBe(5000)
    const before = await connection.getBalance(from.publicKey)

    const { signature, result } = await sendAndNotify(tx, [from])
    expect(result.err).toBeNull()
    const statuses = await connection.getSignatureStatuses([signature, getBase58Decoder().decode(new Uint8Array(64).fill(7))])
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(statuses.value[1]).toBeNull()
    expect(await connection.getBalance(to)).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(await connection.getBalance(from.publicKey)).toBe(before - 0.25 * LAMPORTS_PER_SOL - 5000)

    const read = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(read?.version).toBe('legacy')
    expect(read?.slot).toBe(statuses.value[0]?.slot)
    expect(read?.meta).toMatchObject({ err: null, fee: 5000 })
    const keys = read!.transaction.message.staticAccountKeys.map((k) => k.toBase58())
    const toIndex = keys.indexOf(to.toBase58())
    expect(read!.meta!.preBalances[toIndex]).toBe(0)
    expect(read!.meta!.postBalances[toIndex]).toBe(0.25 * LAMPORTS_PER_SOL)
    expect(read!.meta!.postBalances[0]).toBe(before - 0.25 * LAMPORTS_PER_SOL - 5000)
    expect((await connection.getSignaturesForAddress(from.publicKey, { limit: 1 }))[0]?.signature).toBe(signature)
    expect((await connection.getSignaturesForAddress(to)).map((s) => s.signature)).toEqual([signature])
  })

  it('sends an SPL token: the receiver account created, token balances before and after in the transaction', async () => {
    const from = keypair(2)
    const receiver = Keypair.generate().publicKey
    const mint = new PublicKey(usdc().mint)
    const source = getAssociatedTokenAddressSync(mint, from.publicKey)
    const destination = getAssociatedTokenAddressSync(mint, receiver)
    const sourceBefore = (await getAccount(connection, source)).amount
    const tx = new Transaction().add(
      createAssociatedTokenAccountInstruction(from.publicKey, destination, receiver, mint),
      createTransferCheckedInstruction(source, mint, destination, from.publicKey, 12_340_000n, 6),
    )
    const { signature, result } = await sendAndNotify(tx, [from])
    expect(result.err).toBeNull()
    expect((await connection.getTokenAccountBalance(destination)).value.uiAmountString).toBe('12.34')
    expect((await getAccount(connection, source)).amount).toBe(sourceBefore - 12_340_000n)

    const read = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    const keys = read!.transaction.message.staticAccountKeys.map((k) => k.toBase58())
    const destIndex = keys.indexOf(destination.toBase58())
    expect(read?.meta?.preTokenBalances?.find((b) => b.accountIndex === destIndex)).toBeUndefined()
    expect(read?.meta?.postTokenBalances?.find((b) => b.accountIndex === destIndex)).toMatchObject({
      mint: mint.toBase58(),
      owner: receiver.toBase58(),
      uiTokenAmount: { amount: '12340000', decimals: 6 },
    })
    expect(read?.meta?.logMessages?.at(-1)).toBe(`Program ${TOKEN_PROGRAM_ID.toBase58()} success`)
    const parsed = await connection.getParsedTokenAccountsByOwner(receiver, { mint })
    expect(parsed.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('12.34')
  })

  it('answers simulateTransaction with the failure, and sendTransaction refuses it in preflight', async () => {
    const from = keypair(3)
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 * LAMPORTS_PER_SOL }))
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    tx.feePayer = from.publicKey
    tx.sign(from)
    const simulated = await connection.simulateTransaction(tx)
    expect(simulated.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(simulated.value.logs?.some((l) => l.includes('insufficient lamports'))).toBe(true)

    const error = await connection.sendRawTransaction(tx.serialize()).then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toContain('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect((await connection.getSignaturesForAddress(from.publicKey, { limit: 1 }))[0]?.signature).not.toBe(tx.signature && getBase58Decoder().decode(tx.signature))

    // A blockhash the chain never gave: simulated and refused as a validator does (a VersionedTransaction
    // is simulated as it is; web3.js puts a fresh blockhash into a legacy Transaction).
    const stale = new VersionedTransaction(
      new TransactionMessage({
        payerKey: from.publicKey,
        recentBlockhash: Keypair.generate().publicKey.toBase58(),
        instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL / 100 })],
      }).compileToLegacyMessage(),
    )
    stale.sign([from])
    expect((await connection.simulateTransaction(stale, { sigVerify: true })).value.err).toBe('BlockhashNotFound')
    await expect(connection.sendRawTransaction(stale.serialize())).rejects.toThrow('Transaction simulation failed: Blockhash not found')
    // replaceRecentBlockhash runs it on the latest one instead.
    expect((await connection.simulateTransaction(stale, { replaceRecentBlockhash: true })).value.err).toBeNull()

    // A broken signature is refused before anything runs.
    const forged = Buffer.from(tx.serialize({ verifySignatures: false }))
    forged[1] = (forged[1]! + 1) % 256
    await expect(connection.sendRawTransaction(forged)).rejects.toThrow('Transaction signature verification failure')
  })

  it('lands a failing transaction sent without preflight: the fee charged, the error kept', async () => {
    const from = keypair(4)
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 * LAMPORTS_PER_SOL }))
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    tx.feePayer = from.publicKey
    tx.sign(from)
    const before = await connection.getBalance(from.publicKey)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const result = await notified(signature)
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(from.publicKey)).toBe(before - 5000)
    const read = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(read?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect((await connection.getSignatureStatuses([signature])).value[0]?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
  })

  it('tells a signatureSubscribe of a transaction that already ran at once, over its own websocket', async () => {
    const [first] = await connection.getSignaturesForAddress(keypair(0).publicKey, { limit: 1 })
    const socket = new WebSocket(chain.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const messages: unknown[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [first!.signature, { commitment: 'confirmed' }] }))
    await expect.poll(() => messages.length).toBe(2)
    const [answer, notification] = messages as [{ result: number }, { method: string; params: { subscription: number; result: { value: { err: unknown } } } }]
    expect(notification.method).toBe('signatureNotification')
    expect(notification.params.subscription).toBe(answer.result)
    expect(notification.params.result.value.err).toBeNull()
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: [keypair(0).publicKey.toBase58()] }))
    await expect.poll(() => messages.length).toBe(3)
    expect(errorAnswerSchema.parse(messages[2]).error).toEqual({ code: -32601, message: 'Method not found' })
    socket.close()
  })

  it('answers bad requests with Solana RPC errors', async () => {
    expect(errorAnswerSchema.parse(await post('{not json')).error).toEqual({ code: -32700, message: 'Parse error' })
    expect(errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'getSlot' }))).error).toEqual({ code: -32600, message: 'Invalid request' })
    expect(errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getNothing', params: [] }))).error).toEqual({ code: -32601, message: 'Method not found' })
    const badAddress = errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-an-address'] })))
    expect(badAddress).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid param: Invalid' } })
    const wrongType = errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'getMinimumBalanceForRentExemption', params: ['many'] })))
    expect(wrongType.error.code).toBe(-32602)
    expect(wrongType.error.message).toMatch(/^Invalid params: /)
    const notToken = errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'getTokenAccountBalance', params: [keypair(0).publicKey.toBase58()] })))
    expect(notToken.error).toEqual({ code: -32602, message: 'Invalid param: not a Token account' })
    const future = errorAnswerSchema.parse(await post(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'getSlot', params: [{ minContextSlot: 10 ** 12 }] })))
    expect(future.error.code).toBe(-32016)
    await expect(connection.getBalance(new PublicKey(keypair(0).publicKey), { minContextSlot: 10 ** 12 })).rejects.toThrow('Minimum context slot has not been reached')

    // A batch answers each call in order, errors among results.
    const batch = z.array(z.object({ id: z.number() }).passthrough()).parse(
      await post(
        JSON.stringify([
          { jsonrpc: '2.0', id: 7, method: 'getSlot' },
          { jsonrpc: '2.0', id: 8, method: 'getNothing' },
        ]),
      ),
    )
    expect(batch.map((a) => a.id)).toEqual([7, 8])
    expect(batch[0]).toHaveProperty('result')
    expect(errorAnswerSchema.parse(batch[1]).error.code).toBe(-32601)
  })
})
