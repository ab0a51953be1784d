import { describe, expect, it } from 'vitest'
import { acceptedSuffixes, normalizeName } from './name-rules.ts'

describe('normalizeName', () => {
  it('lower-cases, keeps an accepted suffix and gives a bare label the configured one', () => {
    expect(normalizeName('Alice.reown.id', '.reown.id')).toEqual({ name: 'alice.reown.id', label: 'alice', suffix: '.reown.id' })
    expect(normalizeName('alice.wcn.id', '.reown.id')).toMatchObject({ name: 'alice.wcn.id' })
    expect(normalizeName('alice', '.portico.id')).toMatchObject({ name: 'alice.portico.id' })
    expect(normalizeName('alice.portico.id', '.portico.id')).toMatchObject({ label: 'alice' })
  })

  it('names the problem: an unknown suffix or a label against SPEC.md §5', () => {
    expect(normalizeName('alice.eth', '.reown.id')).toBe('suffix')
    expect(normalizeName('abc', '.reown.id')).toBe('label')
    expect(normalizeName('al ice.reown.id', '.reown.id')).toBe('label')
    expect(acceptedSuffixes('.portico.id')).toEqual(['.portico.id', '.reown.id', '.wcn.id'])
  })
})
