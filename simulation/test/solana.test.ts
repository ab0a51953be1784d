import { address, getAddressEncoder, getArrayEncoder, getOptionEncoder, getStructEncoder, getU16Encoder, getU32Encoder, getU64Encoder, getU8Encoder, none, some, type Address } from '@solana/kit'
import { AccountState, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { activeAddresses, decodeLookupTable, solanaBalanceChanges, solanaErrorReason, type RpcAccount } from '../src/solana/index.ts'

const ME = address('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')
const BOB = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const PTK = address('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB')
const TABLE_AUTHORITY = address('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T')
const U64_MAX = 2n ** 64n - 1n

/** A lookup table's account data as the address lookup table program writes it. */
const tableData = (addresses: Address[], lastExtendedSlot: bigint, lastExtendedSlotStartIndex: number, authority: Address | null = TABLE_AUTHORITY) =>
  new Uint8Array(
    getStructEncoder([
      ['discriminator', getU32Encoder()],
      ['deactivationSlot', getU64Encoder()],
      ['lastExtendedSlot', getU64Encoder()],
      ['lastExtendedSlotStartIndex', getU8Encoder()],
      ['authority', getOptionEncoder(getAddressEncoder(), { noneValue: 'zeroes' })],
      ['padding', getU16Encoder()],
      ['addresses', getArrayEncoder(getAddressEncoder(), { size: 'remainder' })],
    ]).encode({ discriminator: 1, deactivationSlot: U64_MAX, lastExtendedSlot, lastExtendedSlotStartIndex, authority: authority ? some(authority) : none(), padding: 0, addresses }),
  )

describe('address lookup tables as the simulation reads them', () => {
  it('decodes a table: its header and its addresses in order', () => {
    const table = decodeLookupTable(tableData([BOB, USDC, PTK], 100n, 2))
    expect(table).toEqual({ deactivationSlot: U64_MAX, lastExtendedSlot: 100n, lastExtendedSlotStartIndex: 2, authority: some(TABLE_AUTHORITY), addresses: [BOB, USDC, PTK] })
    expect(decodeLookupTable(tableData([], 0n, 0, null))).toMatchObject({ authority: none(), addresses: [] })
  })

  it('lends only the entries the runtime lets a transaction load: those from before the last extension while its slot lasts', () => {
    const table = decodeLookupTable(tableData([BOB, USDC, PTK], 100n, 2))!
    expect(activeAddresses(table, 100n)).toEqual([BOB, USDC])
    expect(activeAddresses(table, 101n)).toEqual([BOB, USDC, PTK])
  })

  it('refuses what is no lookup table: another account type, a header cut short, a torn address', () => {
    const data = tableData([BOB], 1n, 0)
    expect(decodeLookupTable(new Uint8Array([2, ...data.subarray(1)]))).toBeUndefined()
    expect(decodeLookupTable(data.subarray(0, 40))).toBeUndefined()
    expect(decodeLookupTable(data.subarray(0, data.length - 1))).toBeUndefined()
  })
})

/** A token account of `owner` holding `amount` of `mint`, as the SPL Token program keeps it. */
const tokenAccount = (owner: Address, mint: Address, amount: bigint, lamports = 2_039_280n): RpcAccount => ({
  lamports,
  owner: TOKEN_PROGRAM_ADDRESS,
  executable: false,
  data: new Uint8Array(getTokenEncoder().encode({ mint, owner, amount, delegate: none(), state: AccountState.Initialized, isNative: none(), delegatedAmount: 0n, closeAuthority: none() })),
})
const wallet = (lamports: bigint): RpcAccount => ({ lamports, owner: '11111111111111111111111111111111', executable: false, data: new Uint8Array() })

describe('a simulation’s balance changes: the state after less the state before', () => {
  const A = 'TokenAccountA111111111111111111111111111111'
  const B = 'TokenAccountB111111111111111111111111111111'
  const C = 'TokenAccountC111111111111111111111111111111'

  it('gives SOL without the network fee the account pays, and each mint the account’s token accounts hold', () => {
    const before = new Map<string, RpcAccount>([
      [ME, wallet(1_000_000_000n)],
      [A, tokenAccount(ME, USDC, 20_000_000n)],
      [B, null],
      [C, tokenAccount(ME, PTK, 5n)],
    ])
    // 0.5 SOL and 5,000 lamports of fee out, 12 USDC out, a new PTK account with 3 (its rent paid from the 0.5 SOL); C untouched.
    const after = [wallet(499_995_000n), tokenAccount(ME, USDC, 8_000_000n), tokenAccount(ME, PTK, 3n), tokenAccount(ME, PTK, 5n)]
    expect(solanaBalanceChanges(ME, [ME, A, B, C], before, after, 5_000n)).toEqual({
      lamports: -500_000_000n,
      tokens: [
        [USDC, -12_000_000n],
        [PTK, 3n],
      ],
    })
  })

  it('counts a token account that changes hands, or is closed, as leaving the account; someone else’s new account as nothing', () => {
    const before = new Map<string, RpcAccount>([
      [ME, wallet(10_000_000n)],
      [A, tokenAccount(ME, USDC, 7n)],
      [B, tokenAccount(ME, PTK, 0n)],
      [C, null],
    ])
    // A now BOB's; B closed (its rent back to the account); C created for BOB.
    const after = [wallet(12_039_280n - 5_000n), tokenAccount(BOB, USDC, 7n), null, tokenAccount(BOB, PTK, 1n)]
    expect(solanaBalanceChanges(ME, [ME, A, B, C], before, after, 5_000n)).toEqual({ lamports: 2_039_280n, tokens: [[USDC, -7n]] })
  })

  it('leaves the fee in when another account pays it (fee 0 here), and gives nothing for no change', () => {
    const before = new Map<string, RpcAccount>([[ME, wallet(1n)]])
    expect(solanaBalanceChanges(ME, [ME], before, [wallet(1n)], 0n)).toEqual({ lamports: 0n, tokens: [] })
  })
})

describe('why a simulated transaction fails, in words', () => {
  const SYSTEM = '11111111111111111111111111111111'
  it('names the instruction, its program and the program’s error, with the program’s own words from its logs', () => {
    expect(solanaErrorReason({ InstructionError: [0, { Custom: 1 }] }, [SYSTEM], ['Program 11111111111111111111111111111111 invoke [1]', 'Transfer: insufficient lamports 1000, need 2000'])).toBe(
      'instruction 1 (System) fails: not enough SOL in the account (Transfer: insufficient lamports 1000, need 2000)',
    )
    expect(solanaErrorReason({ InstructionError: [1, { Custom: 1 }] }, [SYSTEM, TOKEN_PROGRAM_ADDRESS], ['Program log: Error: insufficient funds'])).toBe(
      'instruction 2 (SPL Token) fails: not enough tokens in the account (Error: insufficient funds)',
    )
    expect(solanaErrorReason({ InstructionError: [0, 'InvalidAccountData'] }, [BOB], [])).toBe(`instruction 1 (${BOB}) fails: invalid account data`)
    expect(solanaErrorReason({ InstructionError: [0, { Custom: 6001 }] }, [BOB], [])).toBe(`instruction 1 (${BOB}) fails: custom program error 0x1771`)
  })

  it('says transaction-level errors a visitor can act on plainly, and names the rest', () => {
    expect(solanaErrorReason('InsufficientFundsForFee', [], [])).toBe('the account cannot pay the network fee')
    expect(solanaErrorReason('AccountNotFound', [], [])).toBe('the account that pays the network fee holds no SOL')
    expect(solanaErrorReason('WouldExceedMaxBlockCostLimit', [], [])).toBe('would exceed max block cost limit')
  })
})
