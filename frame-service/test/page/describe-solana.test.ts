import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { solanaDevAccounts } from '../../../sandbox/src/solana/dev-keys.ts'
import { ApprovalRefused } from '../../src/page/describe.ts'
import { describeSolana, freezeSolanaRequest } from '../../src/page/describe-solana.ts'

const [user, bob, , , , , , , , mintAuthority] = solanaDevAccounts()
const USER = address(user!.address)
const BOB = address(bob!.address)
const MINT = address(mintAuthority!.address)
const NETWORK = 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4'
const context = { account: USER, networkName: 'Solana Localnet' }
const BLOCKHASH = { blockhash: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4sEoATNex9cKu' as Blockhash, lastValidBlockHeight: 100n }

/** A v0 transaction paid and signed by `payer`, unsigned, as the core hands it to a wallet (base64). */
function transaction(instructions: Instruction[], payer = USER): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

describe('the frame’s approval of Solana requests', () => {
  it('shows a SOL transfer as its amount and receiver', () => {
    const tx = transaction([getTransferSolInstruction({ source: createNoopSigner(USER), destination: BOB, amount: 100_000_000n })])
    const request = freezeSolanaRequest('solana_signAndSendTransaction', [{ transaction: tx }], NETWORK)
    expect(Object.isFrozen(request.params[0])).toBe(true)
    const d = describeSolana(request, context)
    expect(d.title).toBe('Send a Solana transaction')
    expect(d.summary).toBe(`Send 0.1 SOL to ${BOB}`)
    expect(d.rows).toEqual([
      { label: 'Network', value: 'Solana Localnet', testId: 'network' },
      { label: 'Account', value: USER, testId: 'account' },
      { label: 'To', value: BOB, testId: 'to' },
      { label: 'Amount', value: '0.1 SOL', testId: 'value' },
      { label: 'Signers', value: USER, testId: 'signers' },
    ])
    expect(d.warnings).toEqual([])
  })

  it('shows an SPL transfer with its mint, amount and the owner of the token account it creates', async () => {
    const [source] = await findAssociatedTokenPda({ owner: USER, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: BOB, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const payer = createNoopSigner(USER)
    const tx = transaction([
      getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: BOB, mint: MINT }),
      getTransferCheckedInstruction({ source, mint: MINT, destination, authority: payer, amount: 2_500_000n, decimals: 6 }),
    ])
    const d = describeSolana(freezeSolanaRequest('solana_signTransaction', [{ transaction: tx }], NETWORK), context)
    expect(d.title).toBe('Sign a Solana transaction')
    expect(d.summary).toBe(`Send 2.5 of token ${MINT} to ${BOB}`)
    expect(d.rows.find((r) => r.testId === 'to')?.value).toBe(`${BOB} (token account ${destination})`)
    expect(d.warnings).toEqual([])
  })

  it('names programs it cannot read, and another fee payer', () => {
    const unknownProgram = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')
    const memo: Instruction = { programAddress: unknownProgram, data: new TextEncoder().encode('hi') }
    const tx = transaction([memo, getTransferSolInstruction({ source: createNoopSigner(USER), destination: BOB, amount: 1n })], BOB)
    const d = describeSolana(freezeSolanaRequest('solana_signTransaction', [{ transaction: tx }], NETWORK), context)
    expect(d.warnings).toEqual([`Another account pays the network fee: ${BOB}`, `This transaction also calls programs the wallet cannot read (${unknownProgram}). Approve only if you trust the app.`])
  })

  it('refuses a transaction the user’s key does not sign, bytes that are no transaction, and another account’s message', () => {
    const tx = transaction([getTransferSolInstruction({ source: createNoopSigner(BOB), destination: BOB, amount: 1n })], BOB)
    expect(() => describeSolana(freezeSolanaRequest('solana_signAndSendTransaction', [{ transaction: tx }], NETWORK), context)).toThrow(
      new ApprovalRefused(`The transaction does not ask for the signature of your account ${USER}`),
    )
    expect(() => freezeSolanaRequest('solana_signTransaction', [{ transaction: 'AAAA' }], NETWORK)).toThrow('Invalid params for solana_signTransaction: not a Solana transaction')
    expect(() => freezeSolanaRequest('solana_signTransaction', [{}], NETWORK)).toThrow(ApprovalRefused)
    const message = getBase58Decoder().decode(new TextEncoder().encode('gm'))
    expect(() => describeSolana(freezeSolanaRequest('solana_signMessage', [{ message, pubkey: BOB }], NETWORK), context)).toThrow(`Unknown account ${BOB}`)
    expect(() => freezeSolanaRequest('solana_signAllTransactions', [], NETWORK)).toThrow('Unsupported method solana_signAllTransactions')
  })

  it('shows a message as its text, and bytes that are not text as hex under a warning', () => {
    const text = getBase58Decoder().decode(new TextEncoder().encode('Sign in to the Portico demo'))
    const shown = describeSolana(freezeSolanaRequest('solana_signMessage', [{ message: text, pubkey: USER }], NETWORK), context)
    expect(shown.message).toEqual({ kind: 'text', text: 'Sign in to the Portico demo' })
    expect(shown.warnings).toEqual([])
    const bytes = getBase58Decoder().decode(new Uint8Array([0, 1, 2, 255]))
    const hex = describeSolana(freezeSolanaRequest('solana_signMessage', [{ message: bytes }], NETWORK), context)
    expect(hex.message).toEqual({ kind: 'hex', text: '0x000102ff' })
    expect(hex.warnings).toHaveLength(1)
  })
})
