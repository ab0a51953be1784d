import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getAdvanceNonceAccountInstruction, getAssignInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { solanaDevAccounts } from '../../../sandbox/src/solana/dev-keys.ts'
import { ApprovalRefused } from '../../src/page/describe.ts'
import { describeSolana, freezeSolanaRequest, SOLANA_APPROVAL_TEXT, SOLANA_FEE_WARNING_LAMPORTS, solanaLookupTablesOf, solanaSimulationView } from '../../src/page/describe-solana.ts'
import type { SolanaLookupTables } from '@portico/simulation/solana/keys'

const [user, bob, , , , , , , , mintAuthority] = solanaDevAccounts()
const USER = address(user!.address)
const BOB = address(bob!.address)
const MINT = address(mintAuthority!.address)
const NETWORK = 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4'
const context = { account: USER, networkName: 'Solana Localnet' }
const BLOCKHASH = { blockhash: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4sEoATNex9cKu' as Blockhash, lastValidBlockHeight: 100n }

/** A v0 transaction paid and signed by `payer`, unsigned, as the core hands it to a wallet (base64); its other accounts from `tables` where they hold them. */
function transaction(instructions: Instruction[], payer = USER, tables: Record<Address, Address[]> = {}): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(compressTransactionMessageUsingAddressLookupTables(message, tables)))
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
      { label: 'Network fee', value: '0.000005 SOL', testId: 'fee' },
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

  const describeTx = (instructions: Instruction[], payer = USER) =>
    describeSolana(freezeSolanaRequest('solana_signAndSendTransaction', [{ transaction: transaction(instructions, payer) }], NETWORK), context)
  const fee = (d: ReturnType<typeof describeSolana>) => d.rows.find((r) => r.testId === 'fee')?.value

  it('shows the network fee: the base fee per signature and the priority fee its ComputeBudget instructions set, with a warning above 0.01 SOL', () => {
    const send = getTransferSolInstruction({ source: createNoopSigner(USER), destination: BOB, amount: 1_000_000n })
    // One instruction besides the budget's may use 200,000 units; at 2 micro-lamports a unit that is 0.4 lamport, rounded up.
    expect(fee(describeTx([getSetComputeUnitPriceInstruction({ microLamports: 2n }), send]))).toBe('0.000005001 SOL (0.000005 SOL and 0.000000001 SOL priority)')
    // …and paying 2 SOL in priority fee: 1,000,000 units at 2,000,000,000 micro-lamports.
    const costly = describeTx([getSetComputeUnitLimitInstruction({ units: 1_000_000 }), getSetComputeUnitPriceInstruction({ microLamports: 2_000_000_000n }), send])
    expect(costly.summary).toBe(`Send 0.001 SOL to ${BOB}`)
    expect(fee(costly)).toBe('2.000005 SOL (0.000005 SOL and 2 SOL priority)')
    expect(costly.warnings).toEqual(['This transaction pays a network fee of 2.000005 SOL, above 0.01 SOL.'])
    expect(SOLANA_FEE_WARNING_LAMPORTS).toBe(10_000_000n)
    // Paid by another account: shown as theirs, no warning for the visitor.
    const theirs = describeTx([getSetComputeUnitLimitInstruction({ units: 1_000_000 }), getSetComputeUnitPriceInstruction({ microLamports: 2_000_000_000n }), send], BOB)
    expect(fee(theirs)).toBe(`2.00001 SOL (0.00001 SOL and 2 SOL priority) (paid by ${BOB})`)
    expect(theirs.warnings).not.toContain('This transaction pays a network fee of 2.00001 SOL, above 0.01 SOL.')
  })

  it('names what hands over control, each in words, apart from the warnings: SetAuthority, CloseAccount, Approve, Assign and AdvanceNonceAccount', async () => {
    const owner = createNoopSigner(USER)
    const [account] = await findAssociatedTokenPda({ owner: USER, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const nonce = address(solanaDevAccounts()[3]!.address)
    const program = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')
    const d = describeTx([
      getAdvanceNonceAccountInstruction({ nonceAccount: nonce, nonceAuthority: owner }),
      getSetAuthorityInstruction({ owned: account, owner, authorityType: AuthorityType.AccountOwner, newAuthority: BOB }),
      getSetAuthorityInstruction({ owned: account, owner, authorityType: AuthorityType.CloseAccount, newAuthority: BOB }),
      getSetAuthorityInstruction({ owned: MINT, owner, authorityType: AuthorityType.MintTokens, newAuthority: null }),
      getApproveInstruction({ source: account, delegate: BOB, owner, amount: 18_446_744_073_709_551_615n }),
      getCloseAccountInstruction({ account, destination: BOB, owner }),
      getAssignInstruction({ account: owner, programAddress: program }),
    ])
    expect(d.dangers).toEqual([
      `Uses the durable nonce ${nonce}: this transaction stays valid until that nonce changes, not only for the next minutes.`,
      `Gives control of token account ${account} to ${BOB}: they can then move or close it.`,
      `Lets ${BOB} close token account ${account} and take its SOL.`,
      `Removes the mint authority of ${MINT} for good: nobody will hold it.`,
      `Lets ${BOB} spend 18446744073709551615 units from token account ${account}, now and later, without asking you.`,
      `Closes token account ${account}: its tokens must be gone, and its SOL goes to ${BOB}.`,
      `Gives account ${USER} to the program ${program}: that program then controls its SOL and data.`,
    ])
    // None of them reads as "programs the wallet cannot read", and the transaction is not said to move nothing.
    expect(d.warnings).toEqual([])
    expect(d.summary).toBeUndefined()
  })

  describe('a v0 transaction whose accounts come from address lookup tables', () => {
    const [, , carol, dave, table1, table2] = solanaDevAccounts().map((a) => address(a.address))
    const TABLE_1 = table1!
    const TABLE_2 = table2!
    /** A token transfer whose source, mint and destination sit in two tables. */
    async function tokenTransfer() {
      const [source] = await findAssociatedTokenPda({ owner: USER, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const [destination] = await findAssociatedTokenPda({ owner: BOB, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const tables = { [TABLE_1]: [carol!, destination, MINT], [TABLE_2]: [source, dave!] }
      const tx = transaction([getTransferCheckedInstruction({ source, mint: MINT, destination, authority: createNoopSigner(USER), amount: 12_000_000n, decimals: 6 })], USER, tables)
      return { tx, source, destination, tables: new Map(Object.entries(tables)) as SolanaLookupTables }
    }
    const describeWith = (tx: string, lookupTables?: SolanaLookupTables) => describeSolana(freezeSolanaRequest('solana_signTransaction', [{ transaction: tx }], NETWORK), { ...context, lookupTables })

    it('names the tables it reads; unread, their accounts are not shown and the approval warns, never says it moves nothing', async () => {
      const { tx } = await tokenTransfer()
      expect(solanaLookupTablesOf(tx)).toEqual([TABLE_1, TABLE_2])
      expect(solanaLookupTablesOf(transaction([getTransferSolInstruction({ source: createNoopSigner(USER), destination: BOB, amount: 1n })]))).toEqual([])
      const d = describeWith(tx)
      expect(d.warnings).toEqual([SOLANA_APPROVAL_TEXT.lookupTables])
      expect(d.summary).toBeUndefined()
      expect(d.rows.find((r) => r.testId === 'lookup-tables')?.value).toBe(`${TABLE_1}, ${TABLE_2}`)
    })

    it('with the tables as the network holds them, shows the transfer it is: writable entries first, table by table, then read-only ones', async () => {
      const { tx, destination, tables } = await tokenTransfer()
      const d = describeWith(tx, tables)
      expect(d.summary).toBe(`Send 12 of token ${MINT} to token account ${destination}`)
      expect(d.rows.find((r) => r.testId === 'value')?.value).toBe(`12 of token ${MINT}`)
      expect(d.warnings).toEqual([])
    })

    it('keeps the warning for a table it could not read, or whose entry the transaction names past its end', async () => {
      const { tx, tables } = await tokenTransfer()
      expect(describeWith(tx, new Map([[TABLE_1, tables.get(TABLE_1)!]])).warnings).toEqual([SOLANA_APPROVAL_TEXT.lookupTables])
      // A table shorter than the transaction's index: that entry could be anyone's later.
      const short = describeWith(tx, new Map([...tables].map(([k, v]) => [k, v.slice(0, 1)])))
      expect(short.warnings).toEqual([SOLANA_APPROVAL_TEXT.lookupTables])
      expect(short.summary).toBeUndefined()
    })
  })

  it('says what the simulation found in words: SOL and tokens signed, a token without a known symbol by its mint, a failure and why it could not simulate', () => {
    expect(
      solanaSimulationView({
        status: 'simulated',
        changes: [
          { kind: 'sol', symbol: 'SOL', decimals: 9, diff: '-500000000' },
          { kind: 'spl', mint: MINT, symbol: 'USDC', decimals: 6, diff: '12000000' },
          { kind: 'spl', mint: BOB, decimals: 9, diff: '-1' },
          { kind: 'spl', mint: USER, diff: '7' },
        ],
      }),
    ).toEqual({
      state: 'done',
      lines: [
        { text: '−0.5 SOL', kind: 'out' },
        { text: '+12 USDC', kind: 'in' },
        { text: `−0.000000001 of token ${BOB}`, kind: 'out' },
        { text: `+7 units of token ${USER}`, kind: 'in' },
      ],
    })
    expect(solanaSimulationView({ status: 'simulated', changes: [{ kind: 'spl', mint: MINT, symbol: 'U\u202eSDC', decimals: 0, diff: '1' }] })).toEqual({
      state: 'done',
      lines: [{ text: '+1 U⟨U+202E⟩SDC', kind: 'in' }],
    })
    expect(solanaSimulationView({ status: 'reverts', reason: 'instruction 1 (System) fails: not enough SOL in the account' })).toEqual({
      state: 'reverts',
      reason: 'instruction 1 (System) fails: not enough SOL in the account',
    })
    expect(solanaSimulationView({ status: 'unavailable', reason: 'Solana Localnet did not answer in time' })).toEqual({ state: 'unavailable', reason: 'Solana Localnet did not answer in time' })
  })
})
