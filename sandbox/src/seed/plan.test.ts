import { describe, expect, it } from 'vitest'
import { HISTORY_DAYS, SETUP_DAYS_AGO, seedPlan } from './plan.ts'
import { stepTime } from './apply.ts'

describe('seedPlan', () => {
  it('is the same plan on every call, oldest first, within the history window', () => {
    const plan = seedPlan('a', 31337, true)
    expect(seedPlan('a', 31337, true)).toEqual(plan)
    expect(plan[0]?.daysAgo).toBe(SETUP_DAYS_AGO - 1)
    const days = plan.map((s) => s.daysAgo)
    expect([...days].sort((x, y) => y - x)).toEqual(days)
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1)
    expect(plan.slice(1).every((s) => s.daysAgo <= HISTORY_DAYS)).toBe(true)
  })

  it('gives account 0 every kind of transaction, spam-only airdrops included', () => {
    const actions = seedPlan('a', 31337, true).flatMap((s) => s.actions)
    const kinds = new Set(actions.map((a) => a.kind))
    for (const kind of ['native', 'token', 'nft-mint', 'nft-transfer', 'approve', 'swap', 'liquidity', 'name']) expect(kinds).toContain(kind)
    expect(actions.some((a) => a.kind === 'nft-mint' && a.collection === 'CLAIM' && a.to.includes(0))).toBe(true)
    expect(actions.some((a) => a.kind === 'native' && a.from === 0 && a.to === 0)).toBe(true)
    expect(actions.some((a) => a.kind === 'token' && a.token === 'PTS')).toBe(true)
  })

  it('registers names only on the names chain, and scales amounts to each chain', () => {
    const b = seedPlan('b', 31338, false)
    expect(b.flatMap((s) => s.actions).some((a) => a.kind === 'name')).toBe(false)
    const nativeA = seedPlan('a', 31337, true)
      .flatMap((s) => s.actions)
      .find((a) => a.kind === 'native')
    const nativeB = b.flatMap((s) => s.actions).find((a) => a.kind === 'native')
    expect(Number(nativeA?.kind === 'native' ? nativeA.amount : 0)).toBeLessThan(1)
    expect(Number(nativeB?.kind === 'native' ? nativeB.amount : 0)).toBeGreaterThan(1)
  })

  it('dates a step at midnight UTC of its day plus its second', () => {
    const anchor = Date.UTC(2026, 5, 15, 13, 30) / 1000
    expect(new Date(stepTime(anchor, { daysAgo: 2, secondOfDay: 3600 }) * 1000).toISOString()).toBe('2026-06-13T01:00:00.000Z')
  })
})
