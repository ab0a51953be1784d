/**
 * Solana sends built by the core, signed with a dev key as a wallet would, and executed by the
 * sandbox's Solana Localnet (LiteSVM runs the System and SPL Token programs): balances move by
 * exactly the amount, the fee and the rent the core announced.
 */
import { solanaService, SOLANA_LOCALNET_CAIP_ID, type Sandbox, type SolanaChainHandle, type SolanaDevAccount } from '@portico/sandbox'
import { createKeyPairFromPrivateKeyBytes, generateKeyPairSigner, getBase58Decoder, getBase64Encoder, getBase64EncodedWireTransaction, getTransactionDecoder, signTransaction } from '@solana/kit'
import type { CaipAddress, CoreConfig } from '@portico/shared-types'
import { solanaSignatureStatusesAnswerSchema } from '@portico/shared-types/solana'
import { coreOptionsSchema } from '@portico/shared-types/core-options'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore } from '../../../src/core.ts'
import { createRpcRegistry, type SolanaRpcClient } from '../../../src/infra/rpc.ts'
import { createStorage } from '../../../src/infra/storage.ts'
import { solanaLocalnetNetwork, startTestSandbox } from '../../sandbox.ts'
import { WriteFailure } from '../../../src/features/writes/classifyError.ts'
import { prepareSolanaSend, TOKEN_ACCOUNT_SIZE } from '../../../src/features/writes/solanaSend.ts'

let sandbox: Sandbox
let solana: SolanaChainHandle
let rpc: SolanaRpcClient
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(17100, ['solana'])
  solana = sandbox.service(solanaService)
  const localnet = solanaLocalnetNetwork(solana.rpcUrl, SOLANA_LOCALNET_CAIP_ID)
  config = { projectId: 'solana-send-test', apiUrl: sandbox.dataApi.url, networks: [localnet] }
  rpc = createRpcRegistry({ config, options: coreOptionsSchema.parse({}) }).solana(SOLANA_LOCALNET_CAIP_ID)!
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

const caip = (address: string): CaipAddress => `${SOLANA_LOCALNET_CAIP_ID}:${address}`
const SOL = { symbol: 'SOL', decimals: 9 }

/** What a wallet does with `solana_signAndSendTransaction`: signs the bytes it was given and sends them. */
async function signAndSend(account: SolanaDevAccount, transaction: string, { wait = true } = {}): Promise<string> {
  const keys = await createKeyPairFromPrivateKeyBytes(account.privateKey)
  const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
  const signed = await signTransaction([keys], decoded)
  const signature = (await rpc.request('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])) as string
  if (!wait) return signature
  for (let i = 0; i < 100; i++) {
    const { value } = solanaSignatureStatusesAnswerSchema.parse(await rpc.request('getSignatureStatuses', [[signature]]))
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') {
      expect(value[0].err).toBeNull()
      return signature
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${signature} not confirmed`)
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof WriteFailure ? error.error : error),
  )

describe('Solana sends', () => {
  it('0.25 SOL to a fresh address: the receiver gets it, the sender pays it and the announced fee', async () => {
    const sender = solana.devAccounts[0]!
    const receiver = (await generateKeyPairSigner()).address
    const before = solana.balances(sender.address).lamports
    const prepared = await prepareSolanaSend(rpc, { kind: 'send', caipAddress: caip(sender.address), token: { ...SOL }, amount: '0.25', receiver })
    expect(prepared).toMatchObject({ value: 250_000_000n, rent: 0n, createsTokenAccount: false, amount: '0.25', symbol: 'SOL' })
    expect(prepared.fee).toBeGreaterThan(0n)
    await signAndSend(sender, prepared.transaction)
    expect(solana.balances(receiver).lamports).toBe(250_000_000n)
    expect(solana.balances(sender.address).lamports).toBe(before - 250_000_000n - prepared.fee)
  })

  it('25 USDC to an address without a token account: the transfer creates it, its rent is announced and paid', async () => {
    const sender = solana.devAccounts[1]!
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const receiver = (await generateKeyPairSigner()).address
    const lamports = solana.balances(sender.address).lamports
    const held = solana.balances(sender.address).tokens.find((t) => t.token.symbol === 'USDC')!.amount
    const token = { address: usdc.mint, symbol: 'USDC', decimals: usdc.decimals }
    const prepared = await prepareSolanaSend(rpc, { kind: 'send', caipAddress: caip(sender.address), token, amount: '25', receiver })
    const rent = BigInt((await rpc.request('getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE])) as number)
    expect(prepared).toMatchObject({ value: 25_000_000n, rent, createsTokenAccount: true })
    await signAndSend(sender, prepared.transaction)
    expect(solana.balances(receiver).tokens.find((t) => t.token.symbol === 'USDC')?.amount).toBe(25_000_000n)
    expect(solana.balances(sender.address).tokens.find((t) => t.token.symbol === 'USDC')?.amount).toBe(held - 25_000_000n)
    expect(solana.balances(sender.address).lamports).toBe(lamports - prepared.fee - rent)

    // A second send to the same receiver finds its account: no rent, no creation.
    const again = await prepareSolanaSend(rpc, { kind: 'send', caipAddress: caip(sender.address), token, amount: '1.5', receiver })
    expect(again).toMatchObject({ rent: 0n, createsTokenAccount: false, value: 1_500_000n })
  })

  it('refuses what SPEC.md §5 refuses, before any wallet is asked', async () => {
    const sender = caip(solana.devAccounts[2]!.address)
    const send = (amount: string, receiver: string, token: { address?: string; symbol: string; decimals: number } | null = { ...SOL }) =>
      failure(prepareSolanaSend(rpc, { kind: 'send', caipAddress: sender, token, amount, receiver }))
    const someone = solana.devAccounts[3]!.address
    expect(await send('1', '')).toMatchObject({ code: 'SOLANA_SEND_INCOMPLETE', field: 'receiver' })
    expect(await prepareSolanaSend(rpc, { kind: 'send', caipAddress: sender, token: { ...SOL }, amount: '', receiver: '' }).catch((e: unknown) => (e as Error).message)).toBe(
      'Please enter a valid amount and receiver address',
    )
    expect(await send('1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toMatchObject({ code: 'RECEIVER_INVALID' })
    expect(await send('1', 'O0Il'.repeat(10))).toMatchObject({ code: 'RECEIVER_INVALID' })
    expect(await send('1', getBase58Decoder().decode(new Uint8Array(31).fill(7)))).toMatchObject({ code: 'RECEIVER_INVALID' })
    expect(await send('', someone)).toMatchObject({ code: 'SOLANA_SEND_INCOMPLETE', field: 'amount' })
    expect(await send('0.0000000001', someone)).toMatchObject({ code: 'AMOUNT_TOO_MANY_DECIMALS' })
    expect(await send('1000000', someone)).toMatchObject({ code: 'AMOUNT_EXCEEDS_BALANCE', field: 'amount' })
    expect(await send('1', someone, null)).toMatchObject({ code: 'TOKEN_REQUIRED' })
    // All of it: nothing left for the fee.
    const lamports = solana.balances(solana.devAccounts[2]!.address).lamports
    expect(await send((Number(lamports) / 1e9).toFixed(9), someone)).toMatchObject({ code: 'INSUFFICIENT_GAS' })
  })

  it('an account holding USDC but no SOL cannot pay the fee of a token send', async () => {
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const token = { address: usdc.mint, symbol: 'USDC', decimals: 6 }
    const holder = (await generateKeyPairSigner()).address
    await signAndSend(solana.devAccounts[4]!, (await prepareSolanaSend(rpc, { kind: 'send', caipAddress: caip(solana.devAccounts[4]!.address), token, amount: '3', receiver: holder })).transaction)
    expect(solana.balances(holder)).toMatchObject({ lamports: 0n, tokens: [{ amount: 3_000_000n }] })
    const result = await failure(prepareSolanaSend(rpc, { kind: 'send', caipAddress: caip(holder), token, amount: '1', receiver: solana.devAccounts[0]!.address }))
    expect(result).toMatchObject({ code: 'INSUFFICIENT_GAS', values: { symbol: 'SOL' } })
  })
})

describe("a Solana send through the core's write path", () => {
  it('the wallet is asked solana_signAndSendTransaction once; the signature is pending in every tab until confirmed, then the balance is read again', async () => {
    const sender = solana.devAccounts[3]!
    const receiver = (await generateKeyPairSigner()).address
    const core = createCore({ storage: createStorage({ dbName: `solana-write-${Math.random()}`, warn: () => {} }), warn: () => {} })
    await core.configure(config)
    const caipAddress = caip(sender.address)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    await core.refreshBalances()
    const before = (await core.getState()).nativeBalance.value

    const step = await core.prepareWrite({ kind: 'send', caipAddress, token: { ...SOL }, amount: '0.5', receiver })
    expect(step).toMatchObject({ status: 'step', namespace: 'solana', caipNetworkId: SOLANA_LOCALNET_CAIP_ID, label: 'send', target: 'wallet', request: { method: 'solana_signAndSendTransaction' } })
    if (step.status !== 'step') throw new Error('no step')
    expect(await core.markWriteAsked(step.writeId)).toBe(true)
    const { transaction } = step.request.params[0] as { transaction: string }
    const signature = await signAndSend(sender, transaction, { wait: false })
    const done = await core.submitWriteResult(step.writeId, { ok: true, result: { signature } })
    expect(done).toEqual({ status: 'done', writeId: step.writeId, hash: signature })
    expect((await core.getState()).pendingTransactions).toEqual([expect.objectContaining({ hash: signature, caipNetworkId: SOLANA_LOCALNET_CAIP_ID, amount: '0.5', symbol: 'SOL', to: receiver })])

    // Confirmed: the row goes and the native balance is read again (0.5 SOL and the fee less).
    for (let i = 0; i < 100 && (await core.getState()).pendingTransactions.length > 0; i++) await new Promise((r) => setTimeout(r, 100))
    expect((await core.getState()).pendingTransactions).toEqual([])
    for (let i = 0; i < 50 && (await core.getState()).nativeBalance.value === before; i++) await new Promise((r) => setTimeout(r, 100))
    expect((await core.getState()).nativeBalance.value).toBe(solana.balances(sender.address).lamports.toString())
    expect(solana.balances(receiver).lamports).toBe(500_000_000n)
    core.dispose()
  })

  it("a send's review simulates the transaction the core built (simulateTransaction on the Localnet): −0.5 SOL, −25 USDC named by the account's balances; nothing sent, no write", async () => {
    const sender = solana.devAccounts[4]!
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const receiver = (await generateKeyPairSigner()).address
    const core = createCore({ storage: createStorage({ dbName: `solana-review-${Math.random()}`, warn: () => {} }), warn: () => {} })
    await core.configure(config)
    const caipAddress = caip(sender.address)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    await core.refreshBalances()
    const before = solana.balances(sender.address).lamports

    const sol = await core.validateWrite({ kind: 'send', caipAddress, token: { ...SOL }, amount: '0.5', receiver })
    if (sol.status !== 'valid' || !sol.transaction) throw new Error(`no transaction to simulate: ${JSON.stringify(sol)}`)
    expect(sol.calls).toEqual([])
    expect(await core.simulateCalls({ caipAddress, calls: [], transaction: sol.transaction })).toMatchObject({
      status: 'simulated',
      approvals: [],
      changes: [{ kind: 'native', symbol: 'SOL', decimals: 9, diff: -500_000_000n }],
    })

    const token = await core.validateWrite({ kind: 'send', caipAddress, token: { address: usdc.mint, symbol: 'USDC', decimals: usdc.decimals }, amount: '25', receiver })
    if (token.status !== 'valid' || !token.transaction) throw new Error(`no transaction to simulate: ${JSON.stringify(token)}`)
    const simulated = await core.simulateCalls({ caipAddress, calls: [], transaction: token.transaction })
    if (simulated.status !== 'simulated') throw new Error(`not simulated: ${JSON.stringify(simulated)}`)
    // The receiver's token account is created by the send: its rent leaves the sender in SOL too.
    expect(simulated.changes).toContainEqual(expect.objectContaining({ kind: 'spl', token: usdc.mint, symbol: 'USDC', decimals: usdc.decimals, diff: -25n * 10n ** BigInt(usdc.decimals) }))
    expect(solana.balances(sender.address).lamports).toBe(before)
    expect((await core.getState()).pendingTransactions).toEqual([])
    core.dispose()
  })

  it('a wallet that answers no signature stops the write; other flows on Solana are not offered', async () => {
    const sender = solana.devAccounts[0]!
    const core = createCore({ storage: createStorage({ dbName: `solana-write-${Math.random()}`, warn: () => {} }), warn: () => {} })
    await core.configure(config)
    const caipAddress = caip(sender.address)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    const step = await core.prepareWrite({ kind: 'send', caipAddress, token: { ...SOL }, amount: '0.1', receiver: solana.devAccounts[1]!.address })
    if (step.status !== 'step') throw new Error('no step')
    expect(await core.submitWriteResult(step.writeId, { ok: true, result: '0xdeadbeef' })).toMatchObject({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } })
    // The wallet or the network did not take it: SPEC.md §8's Solana message; a refusal in the wallet stays one.
    const failing = await core.prepareWrite({ kind: 'send', caipAddress, token: { ...SOL }, amount: '0.1', receiver: solana.devAccounts[1]!.address })
    if (failing.status !== 'step') throw new Error('no step')
    expect(await core.submitWriteResult(failing.writeId, { ok: false, error: { code: -32002, message: 'Transaction simulation failed: Blockhash not found' } })).toMatchObject({
      status: 'error',
      error: { code: 'SOLANA_SEND_FAILED', details: 'Transaction simulation failed: Blockhash not found' },
    })
    const declined = await core.prepareWrite({ kind: 'send', caipAddress, token: { ...SOL }, amount: '0.1', receiver: solana.devAccounts[1]!.address })
    if (declined.status !== 'step') throw new Error('no step')
    expect(await core.submitWriteResult(declined.writeId, { ok: false, error: { code: 4001, message: 'User rejected the request.' } })).toMatchObject({
      status: 'error',
      error: { code: 'USER_REJECTED' },
    })
    expect(await core.prepareWrite({ kind: 'registerName', caipAddress, name: 'alice' })).toMatchObject({ status: 'error', error: { code: 'UNSUPPORTED_NAMESPACE' } })
    core.dispose()
  })
})

describe("the Send view's figures on Solana", () => {
  it('the fee from getFeeForMessage, Max leaving it for SOL, the whole balance for an SPL token', async () => {
    const owner = solana.devAccounts[4]!
    const core = createCore({ storage: createStorage({ dbName: `solana-estimate-${Math.random()}`, warn: () => {} }), warn: () => {} })
    await core.configure(config)
    const caipAddress = caip(owner.address)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    const { lamports, tokens } = solana.balances(owner.address)
    const sol = await core.getSendEstimate({ caipAddress, token: { ...SOL } })
    // One signature: LiteSVM charges 5,000 lamports for it, as the clusters do.
    expect(sol).toMatchObject({ caipNetworkId: SOLANA_LOCALNET_CAIP_ID, fee: '0.000005', gasPrice: '5000', gas: '1', nativeSymbol: 'SOL', nativeBalance: formatUnits(lamports, 9) })
    expect(sol.max).toBe(formatUnits(lamports - 5000n, 9))
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const held = tokens.find((t) => t.token.symbol === 'USDC')!.amount
    const token = await core.getSendEstimate({ caipAddress, token: { address: usdc.mint, symbol: 'USDC', decimals: 6 } })
    expect(token.max).toBe(formatUnits(held, 6))
    expect(token.rent).toBeUndefined()
    core.dispose()
  })

  it("an SPL token's receiver without a token account: the rent of the one the send creates; none for a receiver that has one", async () => {
    const owner = solana.devAccounts[4]!
    const core = createCore({ storage: createStorage({ dbName: `solana-rent-${Math.random()}`, warn: () => {} }), warn: () => {} })
    await core.configure(config)
    const caipAddress = caip(owner.address)
    await core.setConnected({ caipAddress, connectorId: 'test', connectorName: 'Test' })
    const usdc = solana.tokens.find((t) => t.symbol === 'USDC')!
    const token = { address: usdc.mint, symbol: 'USDC', decimals: 6 }
    const rent = (await rpc.request('getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE])) as number
    const fresh = (await generateKeyPairSigner()).address
    const created = await core.getSendEstimate({ caipAddress, token, receiver: fresh })
    expect(created.rent).toBe(formatUnits(BigInt(rent), 9))
    // Priced like the fee, at SOL's price in the account's portfolio.
    expect(created.rentUsd! / Number(created.rent)).toBeCloseTo(created.feeUsd! / Number(created.fee), 6)
    // Dev account 0 holds USDC (its token account exists): nothing to create.
    expect((await core.getSendEstimate({ caipAddress, token, receiver: solana.devAccounts[0]!.address })).rent).toBeUndefined()
    // A receiver still being typed is no address yet; SOL creates no token account.
    expect((await core.getSendEstimate({ caipAddress, token, receiver: fresh.slice(0, 20) })).rent).toBeUndefined()
    expect((await core.getSendEstimate({ caipAddress, token: { ...SOL }, receiver: fresh })).rent).toBeUndefined()
    core.dispose()
  })
})
