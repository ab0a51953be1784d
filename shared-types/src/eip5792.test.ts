import { describe, expect, it } from 'vitest'
import { atomicStatusOf, callsSettled, callsStatusSchema, callsSucceeded, capabilitiesSchema, getCapabilitiesParamsSchema, sendCallsParamsSchema, sendCallsResultSchema } from './eip5792.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('EIP-5792 schemas', () => {
  it('SPEC.md §5: a call target must start with 0x (and be an address)', () => {
    const bad = sendCallsParamsSchema.safeParse([{ chainId: '0x7a69', calls: [{ to: A.slice(2) }] }])
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('wallet_sendCalls targets must start with 0x')
    expect(sendCallsParamsSchema.safeParse([{ chainId: '0x7a69', calls: [{ to: '0x1234' }] }]).success).toBe(false)
    expect(sendCallsParamsSchema.parse([{ chainId: '0x7a69', calls: [{ to: A, value: '0x1' }] }])).toEqual([
      { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: A, value: '0x1' }] },
    ])
    expect(sendCallsParamsSchema.safeParse([{ chainId: '0x7a69', calls: [] }]).success).toBe(false)
  })

  it('capabilities by hex chain id: atomic status of the chain, else of 0x0, the 1.0 draft read as supported', () => {
    const capabilities = capabilitiesSchema.parse({ '0x7a69': { atomic: { status: 'ready' }, other: 1 }, '0x1': { atomicBatch: { supported: true } }, '0x0': { atomic: { status: 'unsupported' } } })
    expect(atomicStatusOf(capabilities, 31337)).toBe('ready')
    expect(atomicStatusOf(capabilities, 1)).toBe('supported')
    expect(atomicStatusOf(capabilities, 10)).toBe('unsupported')
    expect(atomicStatusOf({}, 1)).toBe('unsupported')
    expect(capabilitiesSchema.safeParse({ mainnet: {} }).success).toBe(false)
    expect(capabilitiesSchema.safeParse({ '0x1': { atomic: { status: 'maybe' } } }).success).toBe(false)
  })

  it('answers: an id (or the 1.0 bare id), a status with receipts; pending, confirmed and failed read as such', () => {
    expect(sendCallsResultSchema.parse({ id: 'abc' })).toEqual({ id: 'abc' })
    expect(sendCallsResultSchema.parse('0x01')).toEqual({ id: '0x01' })
    expect(sendCallsResultSchema.safeParse({}).success).toBe(false)
    const status = (n: number) => callsStatusSchema.parse({ id: 'abc', chainId: '0x7a69', status: n, atomic: true })
    expect([100, 200, 400, 500, 600].map((n) => [callsSettled(status(n)), callsSucceeded(status(n))])).toEqual([
      [false, false],
      [true, true],
      [true, false],
      [true, false],
      [true, false],
    ])
    expect(callsStatusSchema.safeParse({ id: 'abc', chainId: '0x7a69', status: 200 }).success).toBe(false)
  })

  it('wallet_getCapabilities params: the address first, then optionally hex chain ids', () => {
    expect(getCapabilitiesParamsSchema.safeParse([]).success).toBe(false)
    expect(getCapabilitiesParamsSchema.parse([A])).toEqual([A])
    expect(getCapabilitiesParamsSchema.parse([A, ['0x1']])).toEqual([A, ['0x1']])
    expect(getCapabilitiesParamsSchema.safeParse([A, [1]]).success).toBe(false)
  })
})
