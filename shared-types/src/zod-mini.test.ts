import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { setZodEnglishTexts } from './zod-mini.ts'

const schema = z.object({ n: z.number() })
const messageOf = (value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message

describe("zod's English texts", () => {
  it('are given to zod/mini, which has none of its own, and a locale the host set first is kept', () => {
    const { localeError } = z.core.globalConfig
    try {
      z.config({ localeError: () => 'Entrée invalide' })
      setZodEnglishTexts()
      expect(messageOf({ n: 'seven' })).toBe('Entrée invalide')
      z.core.globalConfig.localeError = undefined
      setZodEnglishTexts()
      expect(messageOf({ n: 'seven' })).toBe('Invalid input: expected number, received string')
    } finally {
      z.core.globalConfig.localeError = localeError
    }
  })
})
