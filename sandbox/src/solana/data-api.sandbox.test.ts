import { balanceResponseSchema } from '@portico/shared-types'
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync, createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token'
import { Connection, Keypair, PublicKey, sendAndConfirmTransaction, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { solanaService } from '../services/solana.ts'
import type { SolanaChainHandle } from './server.ts'
import { fetchError, fetchParsed, testSandboxOptions, withProject } from '../../test/helpers.ts'
import { SOLANA_LOCALNET_CAIP_ID } from './localnet.ts'

/** The data API's Solana balances (SPEC.md §7 balance path, §9 namespaces) against a whole sandbox. */
let sandbox: SandboxHandle
let solana: SolanaChainHandle

const balanceUrl = (address: string, chainId: string = SOLANA_LOCALNET_CAIP_ID, currency = 'usd') =>
  withProject(`${sandbox.dataApi.url}/v1/account/${address}/balance?currency=${currency}&chainId=${encodeURIComponent(chainId)}`)

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22700, { seedHistory: false, services: ['solana'] }))
  solana = sandbox.service(solanaService)
}, 120_000)

afterAll(async () => {
  await sandbox?.stop()
})

describe('Solana balances in the data API', () => {
  it('lists the Solana chain among the sandbox services', () => {
    const endpoints = sandbox.services.find((s) => s.id === 'solana')?.endpoints.map((e) => e.url)
    expect(endpoints).toEqual([solana.rpcUrl, solana.wsUrl])
  })

  it('answers SOL first, then the SPL tokens held, with prices, for a solana: CAIP network', async () => {
    const owner = solana.devAccounts[0]!.address
    const lamports = solana.ledger.balance(owner)
    const { balances } = await fetchParsed(balanceUrl(owner), balanceResponseSchema)
    const usdc = solana.tokens.find((t) => t.key === 'USDC')!
    const ptk = solana.tokens.find((t) => t.key === 'PTK')!
    expect(balances.map((b) => [b.symbol, b.address ?? null, b.quantity.numeric, b.quantity.decimals, b.price])).toEqual([
      ['SOL', null, (Number(lamports) / 1e9).toString(), '9', 150],
      ['USDC', `${SOLANA_LOCALNET_CAIP_ID}:${usdc.mint}`, '10000.25', '6', 1],
      ['PTK', `${SOLANA_LOCALNET_CAIP_ID}:${ptk.mint}`, '500', '9', 0.25],
    ])
    expect(balances.every((b) => b.chainId === SOLANA_LOCALNET_CAIP_ID)).toBe(true)
    expect(balances[0]).toMatchObject({ name: 'Solana', value: Number(((Number(lamports) / 1e9) * 150).toFixed(8)), priceChange24h: 4.2 })
    expect(balances[1]?.value).toBe(10000.25)
    const eur = await fetchParsed(balanceUrl(owner, SOLANA_LOCALNET_CAIP_ID, 'eur'), balanceResponseSchema)
    expect(eur.balances[1]?.price).toBe(0.9)
  })

  it('reads the chain on every call: a transfer shows at once; an account without tokens has SOL only', async () => {
    const from = Keypair.fromSeed(solana.devAccounts[1]!.privateKey)
    const receiver = Keypair.generate().publicKey
    const usdc = solana.tokens.find((t) => t.key === 'USDC')!
    const mint = new PublicKey(usdc.mint)
    const connection = new Connection(solana.rpcUrl, { commitment: 'confirmed', wsEndpoint: solana.wsUrl })
    const empty = await fetchParsed(balanceUrl(receiver.toBase58()), balanceResponseSchema)
    expect(empty.balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([['SOL', '0', 0]])

    const destination = getAssociatedTokenAddressSync(mint, receiver)
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(from.publicKey, destination, receiver, mint),
        createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, from.publicKey), mint, destination, from.publicKey, 7_500_000n, 6),
      ),
      [from],
    )
    const after = await fetchParsed(balanceUrl(receiver.toBase58()), balanceResponseSchema)
    expect(after.balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['SOL', '0', 0],
      ['USDC', '7.5', 7.5],
    ])
  })

  it("answers 502 when the Solana RPC fails, and the sandbox's shared fault rules leave the chain itself alone", async () => {
    const owner = solana.devAccounts[0]!.address
    solana.faults.add({ route: '/', kind: '500', count: 1 })
    const failed = await fetchError(balanceUrl(owner))
    expect(failed.status).toBe(502)
    expect(failed.error).toMatch(/^The Solana chain did not answer/)
    expect((await fetchParsed(balanceUrl(owner), balanceResponseSchema)).balances[0]?.symbol).toBe('SOL')

    // A rule on every route of the sandbox's services (as the Chaos switch's `/` is) does not reach the chain.
    sandbox.faults.set([{ route: '/', kind: '500' }])
    try {
      const connection = new Connection(solana.rpcUrl, 'confirmed')
      expect(await connection.getBalance(new PublicKey(owner))).toBe(Number(solana.ledger.balance(owner)))
    } finally {
      sandbox.faults.clear()
    }
  })

  it('refuses another Solana cluster, a bad address and an EVM chain for a Solana address', async () => {
    const owner = solana.devAccounts[0]!.address
    expect(await fetchError(balanceUrl(owner, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toEqual({ status: 400, error: 'Unsupported chain' })
    expect(await fetchError(balanceUrl('0OIl-not-base58'))).toEqual({ status: 400, error: 'Invalid address' })
    expect(await fetchError(balanceUrl(owner, 'eip155:31337'))).toEqual({ status: 400, error: 'Invalid address' })
  })
})
