import { describe, expect, it } from 'vitest'
import { EMBEDDED_ERRORS, matchEmbeddedError, type EmbeddedErrorKey } from '@portico/shared-types/errors'
import { translatorOf } from '../../../i18n/translate.ts'
import { EMBEDDED_ERROR_MESSAGES, embeddedErrorText } from './embeddedErrors.messages.ts'

const SAMPLE: Record<string, string> = { seconds: '27', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', method: 'eth_sign', provider: 'Google' }
const filled = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name]!)

describe('the embedded wallet’s error texts', () => {
  it('each text the frame answers is found again with its values, and nothing else is', () => {
    for (const [key, text] of Object.entries(EMBEDDED_ERRORS) as [EmbeddedErrorKey, string][]) {
      const values = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, SAMPLE[m[1]!]!]))
      expect(matchEmbeddedError(filled(text)), key).toEqual({ key, values })
    }
    expect(matchEmbeddedError('Please try again after 27 seconds, or not')).toBeUndefined()
    expect(matchEmbeddedError('Invalid params for personal_sign: expected an address')).toBeUndefined()
  })

  it('are said in the visitor’s language, with their values; a text the table does not know stays as it came', async () => {
    const de = translatorOf(await EMBEDDED_ERROR_MESSAGES.load('de'), 'de')
    expect(embeddedErrorText(de, new Error('Please try again after 27 seconds'))).toBe('Bitte versuche es in 27 Sekunden erneut')
    expect(embeddedErrorText(de, new Error('Sign-in with Google failed'))).toBe('Die Anmeldung mit Google ist fehlgeschlagen')
    expect(embeddedErrorText(de, new Error('Invalid App Configuration'))).toBe('Ungültige App-Konfiguration')
    const ar = translatorOf(await EMBEDDED_ERROR_MESSAGES.load('ar'), 'ar')
    expect(embeddedErrorText(ar, new Error('Invalid code'))).toBe('رمز غير صالح')
    expect(embeddedErrorText(de, new Error('Portico Local does not answer'))).toBe('Portico Local does not answer')
    const en = translatorOf(await EMBEDDED_ERROR_MESSAGES.load('en'), 'en')
    expect(embeddedErrorText(en, 'Too many attempts. Please try again after 9 seconds')).toBe('Too many attempts. Please try again after 9 seconds')
  })
})
