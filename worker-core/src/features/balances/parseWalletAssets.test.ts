import { SchemaValidationError } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { parseWalletAssets } from './parseWalletAssets.ts'

const TOKEN = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const asset = (patch: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  address: TOKEN,
  balance: '0x1e8480',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'http://127.0.0.1:8787/usdc.svg', ...metadata },
  ...patch,
})
const parse = (assets: unknown[]) => parseWalletAssets({ answer: { '0x7a69': assets }, caipNetworkId: 'eip155:31337' })

describe('parseWalletAssets: answers the reliability fuzzer found', () => {
  it('reads a valid asset', () => {
    expect(parse([asset()])).toEqual([expect.objectContaining({ symbol: 'USDC', address: `eip155:31337:${TOKEN}`, quantity: { decimals: '6', numeric: '2' }, value: 2 })])
  })

  it('refuses decimals beyond an ERC-20 uint8 with a typed error (2^53 made formatUnits throw RangeError)', () => {
    expect(() => parse([asset({}, { decimals: 2 ** 53 })])).toThrow(SchemaValidationError)
    expect(() => parse([asset({}, { decimals: 256 })])).toThrow('Expected whole decimals for USDC')
  })

  it('refuses a token address that would make a wrong CAIP-10 address', () => {
    expect(() => parse([asset({ address: `${TOKEN}eip155::` })])).toThrow('Expected an address for USDC')
    expect(() => parse([asset({ address: `\uFEFF${TOKEN}` })])).toThrow(SchemaValidationError)
  })

  it('refuses a balance worth more than a number holds (it was Infinity)', () => {
    expect(() => parse([asset({ balance: `0x${'f'.repeat(300)}` })])).toThrow('Expected a finite value for USDC')
  })
})
