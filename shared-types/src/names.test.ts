import { describe, expect, it } from 'vitest'
import { coinTypeForChainId, isValidNameLabel, parseAccountNameInput, splitName } from './names.ts'

describe('names', () => {
  it('accepts letters, digits and hyphens, at least 4', () => {
    expect(isValidNameLabel('alice')).toBe(true)
    expect(isValidNameLabel('a-1b')).toBe(true)
    expect(isValidNameLabel('abc')).toBe(false)
    expect(isValidNameLabel('al ice')).toBe(false)
    expect(isValidNameLabel('alice.eth')).toBe(false)
  })
  it('knows both suffixes', () => {
    expect(splitName('alice.reown.id')).toEqual({ label: 'alice', suffix: '.reown.id' })
    expect(splitName('bob1.wcn.id')).toEqual({ label: 'bob1', suffix: '.wcn.id' })
    expect(splitName('carol.eth')).toBeUndefined()
  })
  it('computes the coin type and refuses chain ids from 2^31', () => {
    expect(coinTypeForChainId(1)).toBe(60)
    expect(coinTypeForChainId(31337)).toBe(2147514985)
    expect(() => coinTypeForChainId(2 ** 31)).toThrow('below 2^31')
  })
  it('reads a typed name for registration: a bare label gets .reown.id, the legacy suffix stays, bad text names its rule', () => {
    expect(parseAccountNameInput(' Alice ')).toEqual({ name: 'alice.reown.id', label: 'alice' })
    expect(parseAccountNameInput('bob-1.wcn.id')).toEqual({ name: 'bob-1.wcn.id', label: 'bob-1' })
    expect(parseAccountNameInput('')).toBe('NAME_REQUIRED')
    expect(parseAccountNameInput('ab')).toBe('NAME_INVALID')
    expect(parseAccountNameInput('bad_name!')).toBe('NAME_INVALID')
    expect(parseAccountNameInput('carol.eth')).toBe('NAME_INVALID')
  })
})
