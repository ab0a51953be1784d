import { describe, expect, it } from 'vitest'
import { siwxConfigSchema, siwxOptions } from './siwx.ts'

describe('siwx configuration', () => {
  it('takes siwx or the older siweConfig, with defaults, and rejects both at once', () => {
    const options = siwxConfigSchema.parse({ required: true })
    expect(options).toEqual({ required: true, expiresInMs: 24 * 60 * 60 * 1000 })
    expect(siwxOptions({ siwx: options })).toBe(options)
    expect(siwxOptions({ siweConfig: options })).toBe(options)
    expect(siwxOptions({})).toBeNull()
    expect(() => siwxOptions({ siwx: options, siweConfig: options })).toThrow('Set either siwx or siweConfig, not both')
  })
})
