/**
 * The Sandbox Wallet's Solana side against the sandbox's real Solana Localnet (LiteSVM): its key is
 * the sandbox's Solana dev account 0 (derived in the browser's way, WebCrypto), it asks the person
 * for everything, and a transfer it signs and sends moves the lamports on the chain.
 */
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { StandardConnect, StandardDisconnect, StandardEvents } from '@wallet-standard/features'
import { SolanaSignAndSendTransaction, SolanaSignIn, SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features'
import { verifySignIn } from '@solana/wallet-standard-util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaDevAccount } from '../src/solana/dev-keys.ts'
import { startSolanaChain, type SolanaChainHandle } from '../src/solana/server.ts'
import { describeRequest } from './describe.ts'
import { TEST_MNEMONIC } from './provider.ts'
import { solanaDevSigner } from './solana-keys.ts'
import { SandboxSolanaWallet } from './solana.ts'
import type { ApprovalRequest } from './types.ts'

let chain: SolanaChainHandle
beforeAll(async () => {
  chain = await startSolanaChain({ rpcPort: 17491, wsPort: 17492, history: false })
}, 120_000)
afterAll(async () => {
  await chain?.stop()
})

const memory = () => {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
}

async function makeWallet(answers: boolean[] = []) {
  const asked: ApprovalRequest[] = []
  const storage = memory()
  const signer = await solanaDevSigner(TEST_MNEMONIC, 0)
  const options = { signer, origin: 'http://127.0.0.1:5173', rpcUrl: chain.rpcUrl, storage, storageKey: 'wallet.solana' }
  const wallet = new SandboxSolanaWallet({ ...options, approve: async (request) => (asked.push(request), answers.shift() ?? true) })
  return { wallet, asked, signer, storage, options }
}

describe('Sandbox Wallet, Solana side', () => {
  it('derives the sandbox’s Solana dev accounts in the browser’s way', async () => {
    for (const index of [0, 3]) expect((await solanaDevSigner(TEST_MNEMONIC, index)).address).toBe(solanaDevAccount(index).address)
  })

  it('connects after the person approves, is remembered for the page, reports changes and disconnects', async () => {
    const { wallet, asked, storage, options } = await makeWallet([false, true])
    const connect = wallet.features[StandardConnect].connect
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    expect(await connect({ silent: true })).toEqual({ accounts: [] })
    const changes: unknown[] = []
    wallet.features[StandardEvents].on('change', ({ accounts }) => changes.push(accounts?.map((a) => a.address)))
    const { accounts } = await connect()
    expect(accounts.map((a) => [a.address, a.chains])).toEqual([[solanaDevAccount(0).address, ['solana:localnet']]])
    expect(asked.map((r) => r.kind)).toEqual(['solana_connect', 'solana_connect'])
    expect(describeRequest(asked[1]!).rows).toContainEqual({ label: 'Solana account', value: solanaDevAccount(0).address, mono: true })

    // A reload of the page: connected without a prompt.
    const reloaded = new SandboxSolanaWallet({ ...options, storage, approve: async () => false })
    expect(reloaded.accounts.map((a) => a.address)).toEqual([solanaDevAccount(0).address])

    await wallet.features[StandardDisconnect].disconnect()
    expect(changes).toEqual([[solanaDevAccount(0).address], []])
    reloaded.sync()
    expect(reloaded.accounts).toEqual([])
  })

  it('signs a message with the dev key, after the person approves', async () => {
    const { wallet, asked, signer } = await makeWallet()
    const [account] = (await wallet.features[StandardConnect].connect()).accounts
    const message = new TextEncoder().encode('Sign in to Portico')
    const [output] = await wallet.features[SolanaSignMessage].signMessage({ account: account!, message })
    expect(await verifySignature(signer.keyPair.publicKey, output!.signature as never, message)).toBe(true)
    expect(asked.at(-1)).toMatchObject({ kind: 'solana_signMessage', message: 'Sign in to Portico' })
  })

  it('signs in with Solana (the standard message, verified with the published util), which connects the page too', async () => {
    const { wallet, asked } = await makeWallet()
    const input = {
      domain: '127.0.0.1:5173',
      statement: 'Sign in to the Portico demo',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      chainId: 'solana:localnet',
      nonce: 'a1b2c3d4e5',
      issuedAt: new Date().toISOString(),
    }
    const [output] = await wallet.features[SolanaSignIn].signIn(input)
    expect(verifySignIn(input, output!)).toBe(true)
    expect(output!.account.address).toBe(solanaDevAccount(0).address)
    expect(wallet.accounts.map((a) => a.address)).toEqual([solanaDevAccount(0).address])
    expect(describeRequest(asked.at(-1)!).title).toBe('Sign in to http://127.0.0.1:5173 with Solana?')
    await expect(wallet.features[SolanaSignIn].signIn({ ...input, address: solanaDevAccount(1).address })).rejects.toMatchObject({ code: -32602 })
  })

  it('signs, and signs and sends a transfer the chain executes; a refusal sends nothing', async () => {
    const { wallet, asked, signer } = await makeWallet([true, true, false, true])
    const [account] = (await wallet.features[StandardConnect].connect()).accounts
    const rpc = createSolanaRpc(chain.rpcUrl)
    const receiver = solanaDevAccount(5).address
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const transfer = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(signer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash.blockhash as Blockhash, lastValidBlockHeight: blockhash.lastValidBlockHeight }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: signer, destination: address(receiver), amount: 100_000_000n }), m),
    )
    const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(transfer)))
    const [signed] = await wallet.features[SolanaSignTransaction].signTransaction({ account: account!, transaction })
    expect(signed!.signedTransaction.length).toBe(transaction.length)
    expect(asked.at(-1)).toMatchObject({ kind: 'solana_signTransaction', transfers: [{ to: receiver, lamports: 100_000_000n }], instructions: 1 })
    expect(describeRequest(asked.at(-1)!).rows).toContainEqual({ label: 'Value', value: '0.1 SOL' })

    const before = chain.balances(receiver).lamports
    await expect(wallet.features[SolanaSignAndSendTransaction].signAndSendTransaction({ account: account!, chain: 'solana:localnet', transaction })).rejects.toMatchObject({ code: 4001 })
    expect(chain.balances(receiver).lamports).toBe(before)

    const [sent] = await wallet.features[SolanaSignAndSendTransaction].signAndSendTransaction({ account: account!, chain: 'solana:localnet', transaction })
    const signature = getBase58Decoder().decode(sent!.signature)
    expect(asked.at(-1)?.kind).toBe('solana_signAndSendTransaction')
    expect(chain.balances(receiver).lamports).toBe(before + 100_000_000n)
    const { value: statuses } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses[0]?.err).toBeNull()
  })
})
