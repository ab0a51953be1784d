import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  getU32Encoder,
  getU64Encoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_SOLANA_FUNDING, startSandbox, type SandboxHandle } from '../../sandbox/src/index.ts'
import { solanaService } from '../../sandbox/src/services/solana.ts'
import { devSigner, solanaDevAccount } from '../../sandbox/src/solana/dev-keys.ts'
import { sendInstructions } from '../../sandbox/src/solana/seed.ts'
import type { SolanaChainHandle } from '../../sandbox/src/solana/server.ts'
import { testSandboxOptions } from '../../sandbox/test/helpers.ts'
import type { CallContext } from '../src/accounts.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from '../src/api.ts'
import { describeSolana, freezeSolanaRequest, SOLANA_APPROVAL_TEXT, solanaSimulationView } from '../src/page/describe-solana.ts'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from '@portico/simulation/solana'
import { readLookupTables } from '../src/solana-chain.ts'
import { simulateSolanaForAccount } from '../src/solana-simulate.ts'
import type { FrameSolanaNetwork } from '../src/solana-rpc.ts'

// Ports of this file: base 17440 (its Solana RPC at base - 5000); an RPC without simulateTransaction on base + 9.
const DAPP = 'http://127.0.0.1:5173'
const CONTEXT: CallContext = { projectId: 'portico-demo', origin: DAPP, client: '127.0.0.1' }
const NO_SIMULATION_PORT = 17449

let sandbox: SandboxHandle
let solana: SolanaChainHandle
let network: FrameSolanaNetwork
let noSimulation: Server

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(17440, { seedHistory: false, services: ['frame'], env: { ...process.env, PORTICO_SANDBOX_DATA_DIR: undefined } }))
  solana = sandbox.service(solanaService)
  network = { caipNetworkId: solana.caipNetworkId, name: 'Solana Localnet', rpcUrl: solana.rpcUrl, tokens: Object.fromEntries(solana.tokens.map((t) => [t.mint, t.symbol])) }
  // An RPC that reads accounts (the stand-in's answers) but has no simulateTransaction, as some hosted ones.
  noSimulation = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const call = z.object({ id: z.unknown(), method: z.string() }).parse(JSON.parse(body))
      if (call.method === 'simulateTransaction')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }))
      void fetch(solana.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(await answer.text()),
      )
    })
  })
  await new Promise<void>((resolve) => noSimulation.listen(NO_SIMULATION_PORT, '127.0.0.1', resolve))
}, 180_000)
afterAll(async () => {
  await new Promise((r) => noSimulation?.close(r))
  await sandbox?.stop()
})

/** Calls the frame service's JSON API as its frame page does: the status and the parsed answer. */
async function call<N extends FrameApiName>(name: N, body: z.input<FrameApi[N]['request']>, token: string): Promise<{ status: number; body: z.output<FrameApi[N]['response']> | { error: string } }> {
  const base = sandbox.frame.url
  const res = await fetch(`${base}${FRAME_API[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-portico-project': CONTEXT.projectId, 'x-portico-embedder': DAPP, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json()
  return { status: res.status, body: res.ok ? (FRAME_API[name].response.parse(json) as z.output<FrameApi[N]['response']>) : z.object({ error: z.string() }).parse(json) }
}

/** A new user with a Solana account the sandbox's faucet funded: its session token and address. */
async function fundedUser(): Promise<{ token: string; owner: Address }> {
  const token = await sandbox.frame.accounts.socialSession('github', `solana-sim-${randomUUID()}`, 'solana-sim', CONTEXT)
  const user = await call('user', {}, token)
  const owner = address((user.body as { solanaAddress: string }).solanaAddress)
  await expect.poll(() => solana.balances(owner).lamports, { timeout: 20_000 }).toBe(FRAME_SOLANA_FUNDING)
  return { token, owner }
}

/** An unsigned v0 transaction of `instructions` paid by `payer` on the latest blockhash (base64), its accounts from `tables` where they hold them. */
function transactionOf(payer: Address, instructions: Instruction[], tables: Record<Address, Address[]> = {}): string {
  const { blockhash, lastValidBlockHeight } = solana.ledger.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(compressTransactionMessageUsingAddressLookupTables(message, tables)))
}

/** A lookup table made by the address lookup table program (CreateLookupTable on a recent slot, then ExtendLookupTable), holding `addresses` once usable. */
async function createLookupTable(authority: KeyPairSigner, addresses: Address[]): Promise<Address> {
  const program = address(ADDRESS_LOOKUP_TABLE_PROGRAM)
  const system = address('11111111111111111111111111111111')
  const recentSlot = BigInt(solana.ledger.slot - 1)
  const [table, bump] = await getProgramDerivedAddress({ programAddress: program, seeds: [getAddressEncoder().encode(authority.address), getU64Encoder().encode(recentSlot)] })
  const accounts = [
    { address: table, role: AccountRole.WRITABLE },
    { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority },
    { address: system, role: AccountRole.READONLY },
  ]
  const create = { programAddress: program, accounts, data: new Uint8Array([...getU32Encoder().encode(0), ...getU64Encoder().encode(recentSlot), bump]) }
  const extend = {
    programAddress: program,
    accounts,
    data: new Uint8Array([...getU32Encoder().encode(2), ...getU64Encoder().encode(BigInt(addresses.length)), ...addresses.flatMap((a) => [...getAddressEncoder().encode(a)])]),
  }
  await sendInstructions(solana.ledger, authority, [create as Instruction])
  const extended = await sendInstructions(solana.ledger, authority, [extend as Instruction])
  // Entries added in a slot are lent from the next one on.
  await expect.poll(() => solana.ledger.slot, { timeout: 5_000 }).toBeGreaterThan(extended.slot)
  return table
}

describe('a Solana approval’s address lookup tables and simulation against the sandbox’s Localnet (LiteSVM)', () => {
  it('reads a table the lookup table program made, and shows a v0 transaction moving USDC through it as the transfer it is; its simulation gives −12 USDC', async () => {
    const holder = await devSigner(solanaDevAccount(0))
    const usdc = solana.tokens.find((t) => t.key === 'USDC')!
    const bob = address(solana.devAccounts[1]!.address)
    const [source] = await findAssociatedTokenPda({ owner: holder.address, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: bob, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const table = await createLookupTable(holder, [source, usdc.mint, destination])
    const wire = transactionOf(
      holder.address,
      [getTransferCheckedInstruction({ source, mint: usdc.mint, destination, authority: createNoopSigner(holder.address), amount: 12_000_000n, decimals: 6 })],
      { [table]: [source, usdc.mint, destination] },
    )
    const request = freezeSolanaRequest('solana_signAndSendTransaction', [{ transaction: wire }], solana.caipNetworkId)
    const context = { account: holder.address, networkName: 'Solana Localnet' }

    // Unread, the approval cannot show the transfer, and says so.
    expect(describeSolana(request, context).warnings).toEqual([SOLANA_APPROVAL_TEXT.lookupTables])
    // Read from the network (the service's route, for a signed-in user), the transfer is shown.
    const { token } = await fundedUser()
    const read = await call('solanaLookupTables', { network: solana.caipNetworkId, addresses: [table] }, token)
    expect(read).toEqual({ status: 200, body: { tables: { [table]: [source, usdc.mint, destination] } } })
    const shown = describeSolana(request, { ...context, lookupTables: new Map(Object.entries((read.body as { tables: Record<string, string[]> }).tables)) })
    expect(shown.summary).toBe(`Send 12 of token ${usdc.mint} to token account ${destination}`)
    expect(shown.warnings).toEqual([])

    const simulation = await simulateSolanaForAccount(network, holder.address, wire)
    expect(simulation).toEqual({ status: 'simulated', changes: [{ kind: 'spl', mint: usdc.mint, symbol: 'USDC', decimals: 6, diff: -12_000_000n }] })
    expect(solanaSimulationView({ status: 'simulated', changes: [{ kind: 'spl', mint: usdc.mint, symbol: 'USDC', decimals: 6, diff: '-12000000' }] })).toEqual({
      state: 'done',
      lines: [{ text: '−12 USDC', kind: 'out' }],
    })
    // The receiver's side, simulated for Bob: +12 USDC.
    expect(await simulateSolanaForAccount(network, bob, wire)).toEqual({ status: 'simulated', changes: [{ kind: 'spl', mint: usdc.mint, symbol: 'USDC', decimals: 6, diff: 12_000_000n }] })
  })

  it('keeps the warning for a table that cannot be read: an account that is no lookup table is left out', async () => {
    const notATable = solana.devAccounts[4]!.address
    expect(await readLookupTables(network, [notATable], AbortSignal.timeout(5_000))).toEqual({})
    const { token } = await fundedUser()
    expect(await call('solanaLookupTables', { network: solana.caipNetworkId, addresses: [notATable] }, token)).toEqual({ status: 200, body: { tables: {} } })
  })

  it('simulates a SOL send from the user’s own account: −0.5 SOL (the network fee shown apart); refuses another account and another network', async () => {
    const { token, owner } = await fundedUser()
    const bob = address(solana.devAccounts[2]!.address)
    const wire = transactionOf(owner, [getTransferSolInstruction({ source: createNoopSigner(owner), destination: bob, amount: 500_000_000n })])
    const answer = await call('solanaSimulate', { network: solana.caipNetworkId, from: owner, transaction: wire }, token)
    expect(answer).toEqual({ status: 200, body: { status: 'simulated', changes: [{ kind: 'sol', symbol: 'SOL', decimals: 9, diff: '-500000000' }] } })
    expect(solanaSimulationView(answer.body as never)).toEqual({ state: 'done', lines: [{ text: '−0.5 SOL', kind: 'out' }] })
    // Nothing was sent: the balance is as funded.
    expect(solana.balances(owner).lamports).toBe(FRAME_SOLANA_FUNDING)
    expect(await call('solanaSimulate', { network: solana.caipNetworkId, from: bob, transaction: wire }, token)).toEqual({ status: 400, body: { error: `Unknown account ${bob}` } })
    expect(await call('solanaSimulate', { network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', from: owner, transaction: wire }, token)).toEqual({ status: 400, body: { error: 'Unsupported chain' } })
    expect((await call('solanaSimulate', { network: solana.caipNetworkId, from: owner, transaction: wire }, 'not-a-session')).status).toBe(401)
  })

  it('says a failing transaction will fail, with the error in words: more SOL than the account holds, more USDC than it holds', async () => {
    const { token, owner } = await fundedUser()
    const bob = address(solana.devAccounts[2]!.address)
    const tooMuch = transactionOf(owner, [getTransferSolInstruction({ source: createNoopSigner(owner), destination: bob, amount: FRAME_SOLANA_FUNDING * 2n })])
    const answer = await call('solanaSimulate', { network: solana.caipNetworkId, from: owner, transaction: tooMuch }, token)
    expect(answer.body).toMatchObject({
      status: 'reverts',
      reason: expect.stringMatching(/^instruction 1 \(System\) fails: not enough SOL in the account \(Transfer: insufficient lamports \d+, need \d+\)$/),
    })
    expect(solanaSimulationView(answer.body as never)).toMatchObject({ state: 'reverts' })

    const holder = address(solana.devAccounts[3]!.address)
    const usdc = solana.tokens.find((t) => t.key === 'USDC')!
    const [source] = await findAssociatedTokenPda({ owner: holder, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: bob, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const tokens = transactionOf(holder, [getTransferCheckedInstruction({ source, mint: usdc.mint, destination, authority: createNoopSigner(holder), amount: 10n ** 12n, decimals: 6 })])
    expect(await simulateSolanaForAccount(network, holder, tokens)).toEqual({
      status: 'reverts',
      reason: 'instruction 1 (SPL Token) fails: not enough tokens in the account (Error: insufficient funds)',
    })
  })

  it('could not simulate: an RPC without simulateTransaction, or none that answers', async () => {
    const owner = address(solana.devAccounts[0]!.address)
    const wire = transactionOf(owner, [getTransferSolInstruction({ source: createNoopSigner(owner), destination: address(solana.devAccounts[1]!.address), amount: 1n })])
    expect(await simulateSolanaForAccount({ ...network, rpcUrl: `http://127.0.0.1:${NO_SIMULATION_PORT}/` }, owner, wire)).toEqual({
      status: 'unavailable',
      reason: "Solana Localnet's RPC cannot simulate transactions",
    })
    expect(await simulateSolanaForAccount({ ...network, rpcUrl: 'http://127.0.0.1:9/' }, owner, wire)).toEqual({ status: 'unavailable', reason: 'Solana Localnet does not answer' })
    // An RPC that never answers: given up after the time allowed (8 s in the service; 300 ms here).
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(NO_SIMULATION_PORT - 1, '127.0.0.1', resolve))
    try {
      expect(await simulateSolanaForAccount({ ...network, rpcUrl: `http://127.0.0.1:${NO_SIMULATION_PORT - 1}/` }, owner, wire, 300)).toEqual({
        status: 'unavailable',
        reason: 'Solana Localnet did not answer in time',
      })
    } finally {
      silent.closeAllConnections()
      await new Promise((r) => silent.close(r))
    }
  })
})
