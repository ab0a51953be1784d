import { describe, expect, it } from 'vitest'
import { de } from './de.ts'
import { en } from './en.ts'
import { translator } from './translate.ts'

describe('translator', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translator('en')('continueIn', { wallet: 'Sandbox Wallet' })).toBe('Continue in Sandbox Wallet')
    expect(translator('de')('continueIn', { wallet: 'Sandbox Wallet' })).toBe('Weiter in Sandbox Wallet')
    expect(translator('de')('connectWallet')).toBe('Wallet verbinden')
  })
  it('has every key in every language, with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(placeholders(de[key]), key).toEqual(placeholders(en[key]))
    }
  })
})
