import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
  type Address,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { walletConnectSolanaAnswerSchemas, walletConnectSolanaParamsSchemas } from '@portico/shared-types/solana'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestDescription } from '../../wallet/describe.ts'
import { WalletRpcError } from '../../wallet/errors.ts'
import { devSigner } from '../solana/dev-keys.ts'
import { SOLANA_LOCALNET_CAIP_ID, SOLANA_LOCALNET_NAME } from '../solana/localnet.ts'
import { startSolanaChain, type SolanaChainHandle } from '../solana/server.ts'
import { handleSolanaRequest, type SolanaRequestContext } from './solana.ts'

// Ports of this file: 17506 and 17507 (moved by PORTICO_E2E_PORT_OFFSET): the sandbox's Solana chain alone (17500 is a test sandbox's Solana RPC, base 22500 − 5000).
const OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
const RPC_PORT = 17506 + OFFSET

let chain: SolanaChainHandle
let signer: KeyPairSigner

beforeAll(async () => {
  chain = await startSolanaChain({ rpcPort: RPC_PORT, wsPort: RPC_PORT + 1, history: false })
  // The phone wallet's account 3: its Solana side is the sandbox's Solana dev account 3 (funded).
  signer = await devSigner(chain.devAccounts[3]!)
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

/** A context whose prompt answers `answer` and records what it showed. */
function context(answer: boolean): SolanaRequestContext & { shown: RequestDescription[] } {
  const shown: RequestDescription[] = []
  return {
    signer,
    chain: { caipNetworkId: SOLANA_LOCALNET_CAIP_ID, name: SOLANA_LOCALNET_NAME, rpcUrl: chain.rpcUrl },
    origin: 'http://127.0.0.1:5173',
    fetch: (input, init) => fetch(input, init),
    shown,
    async ask(description) {
      shown.push(description)
      return answer
    },
  }
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result: T }
  return body.result
}

/** An unsigned transfer of `lamports` from `from` to `to`, base64 as a dapp sends it over WalletConnect. */
async function transfer(from: Address, to: Address, lamports: bigint): Promise<string> {
  const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [{ commitment: 'confirmed' }])
  const payer = createNoopSigner(from)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: to, amount: lamports })], m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const rpcError = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof WalletRpcError ? { code: error.code, message: error.message } : error),
  )

describe("the Sandbox Phone Wallet's Solana methods (WalletConnect's Solana RPC) against the sandbox's Solana Localnet", () => {
  it('solana_signMessage: shows the text, signs the base58 message with the ed25519 key, answers the base58 signature', async () => {
    const ctx = context(true)
    const text = 'Hello from a dapp'
    const message = getBase58Decoder().decode(new TextEncoder().encode(text))
    const answer = walletConnectSolanaAnswerSchemas.solana_signMessage.parse(await handleSolanaRequest(ctx, 'solana_signMessage', { message, pubkey: signer.address }))
    expect(ctx.shown[0]!.title).toBe('Sign a message for http://127.0.0.1:5173?')
    expect(ctx.shown[0]!.rows).toContainEqual(expect.objectContaining({ label: 'Message', value: text }))
    const verified = await verifySignature(signer.keyPair.publicKey, signatureBytes(new Uint8Array(getBase58Encoder().encode(answer.signature))), new TextEncoder().encode(text))
    expect(verified).toBe(true)
  })

  it('solana_signMessage for another key is refused (4100); params that do not fit are refused (-32602) before any prompt', async () => {
    const ctx = context(true)
    const other = (await generateKeyPairSigner()).address
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_signMessage', { message: '3yZe7d', pubkey: other }))).toMatchObject({ code: 4100 })
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_signMessage', { message: 'not base58 0OIl', pubkey: signer.address }))).toMatchObject({ code: -32602 })
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_signTransaction', { transaction: 'AAAA' }))).toMatchObject({ code: -32602, message: 'Invalid params: not a Solana transaction' })
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_signAndSendTransaction', [{ transaction: 'AQID' }]))).toMatchObject({ code: -32602 })
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_getAccounts', {}))).toMatchObject({ code: 4200 })
    expect(ctx.shown).toEqual([])
  })

  it('solana_signTransaction: shows the transfer, answers the signature and the signed transaction, sends nothing', async () => {
    const ctx = context(true)
    const receiver = (await generateKeyPairSigner()).address
    const wire = await transfer(signer.address, receiver, 50_000_000n)
    const answer = walletConnectSolanaAnswerSchemas.solana_signTransaction.parse(await handleSolanaRequest(ctx, 'solana_signTransaction', { transaction: wire }))
    expect(ctx.shown[0]!.title).toBe('Sign a Solana transaction for http://127.0.0.1:5173?')
    expect(ctx.shown[0]!.rows).toEqual(
      expect.arrayContaining([
        { label: 'To', value: receiver, mono: true },
        { label: 'Value', value: '0.05 SOL' },
        { label: 'Network', value: SOLANA_LOCALNET_NAME },
      ]),
    )
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(answer.transaction!))
    const signature = signed.signatures[signer.address]!
    expect(getBase58Decoder().decode(signature)).toBe(answer.signature)
    expect(await verifySignature(signer.keyPair.publicKey, signature, signed.messageBytes)).toBe(true)
    expect(chain.balances(receiver).lamports).toBe(0n)
  })

  it('solana_signAllTransactions: one prompt for all, each transaction signed', async () => {
    const ctx = context(true)
    const receiver = (await generateKeyPairSigner()).address
    const transactions = [await transfer(signer.address, receiver, 1_000_000n), await transfer(signer.address, receiver, 2_000_000n)]
    const answer = walletConnectSolanaAnswerSchemas.solana_signAllTransactions.parse(await handleSolanaRequest(ctx, 'solana_signAllTransactions', { transactions }))
    expect(ctx.shown).toHaveLength(1)
    expect(ctx.shown[0]!.title).toBe('Sign 2 Solana transactions for http://127.0.0.1:5173?')
    expect(answer.transactions).toHaveLength(2)
    for (const wire of answer.transactions) {
      const signed = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
      expect(await verifySignature(signer.keyPair.publicKey, signed.signatures[signer.address]!, signed.messageBytes)).toBe(true)
    }
  })

  it('solana_signAndSendTransaction: approved, 0.1 SOL moves on the chain and the answer is its signature; refused (4001), nothing moves', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const refused = context(false)
    expect(await rpcError(handleSolanaRequest(refused, 'solana_signAndSendTransaction', { transaction: await transfer(signer.address, receiver, 100_000_000n) }))).toMatchObject({ code: 4001 })
    expect(refused.shown[0]!.title).toBe('Send a Solana transaction for http://127.0.0.1:5173?')
    expect(chain.balances(receiver).lamports).toBe(0n)

    const ctx = context(true)
    const params = walletConnectSolanaParamsSchemas.solana_signAndSendTransaction.parse({
      transaction: await transfer(signer.address, receiver, 100_000_000n),
      sendOptions: { skipPreflight: false, preflightCommitment: 'confirmed' },
    })
    const answer = walletConnectSolanaAnswerSchemas.solana_signAndSendTransaction.parse(await handleSolanaRequest(ctx, 'solana_signAndSendTransaction', params))
    await expect
      .poll(async () => (await rpc<{ value: ({ confirmationStatus: string } | null)[] }>('getSignatureStatuses', [[answer.signature]])).value[0]?.confirmationStatus)
      .toMatch(/confirmed|finalized/)
    expect(chain.balances(receiver).lamports).toBe(100_000_000n)
  })

  it("a transaction another key must sign is refused (4100), and the node's refusal of a send reaches the dapp with the node's text", async () => {
    const ctx = context(true)
    const stranger = await generateKeyPairSigner()
    expect(await rpcError(handleSolanaRequest(ctx, 'solana_signTransaction', { transaction: await transfer(stranger.address, signer.address, 1n) }))).toMatchObject({ code: 4100 })
    // More SOL than the account holds: the node's simulation refuses it.
    const tooMuch = chain.balances(signer.address).lamports + 1n
    const refused = await rpcError(handleSolanaRequest(ctx, 'solana_signAndSendTransaction', { transaction: await transfer(signer.address, stranger.address, tooMuch) }))
    expect(refused).toMatchObject({ code: -32603, message: expect.stringMatching(/^Transaction simulation failed/) })
    expect(chain.balances(stranger.address).lamports).toBe(0n)
  })
})

describe("WalletConnect's Solana schemas (shared-types)", () => {
  it('take the params and answers of the Solana RPC reference, and refuse the rest', () => {
    const signature = '5'.repeat(87)
    expect(walletConnectSolanaParamsSchemas.solana_signAndSendTransaction.safeParse({ transaction: 'AQID', sendOptions: { skipPreflight: true } }).success).toBe(true)
    expect(walletConnectSolanaParamsSchemas.solana_signAndSendTransaction.safeParse([{ transaction: 'AQID' }]).success).toBe(false)
    expect(walletConnectSolanaParamsSchemas.solana_signAndSendTransaction.safeParse({ transaction: 'not base64!' }).success).toBe(false)
    expect(walletConnectSolanaParamsSchemas.solana_signAllTransactions.safeParse({ transactions: [] }).success).toBe(false)
    expect(walletConnectSolanaParamsSchemas.solana_signMessage.safeParse({ message: '3yZe7d' }).success).toBe(false)
    expect(walletConnectSolanaAnswerSchemas.solana_signAndSendTransaction.safeParse({ signature }).success).toBe(true)
    expect(walletConnectSolanaAnswerSchemas.solana_signAndSendTransaction.safeParse({ signature: '0x1234' }).success).toBe(false)
    expect(walletConnectSolanaAnswerSchemas.solana_signAndSendTransaction.safeParse(signature).success).toBe(false)
    expect(walletConnectSolanaAnswerSchemas.solana_signTransaction.safeParse({ signature, transaction: 'AQID' }).success).toBe(true)
    expect(walletConnectSolanaAnswerSchemas.solana_signAllTransactions.safeParse({ transactions: ['AQID', 42] }).success).toBe(false)
  })
})
