import { describe, expect, it } from 'vitest'
import { CATALOGUE_CACHE, IMAGE_CACHE, isOutdatedCache } from './constants.ts'

describe('versioned cache names', () => {
  const precache = 'portico-precache-v1-http://127.0.0.1:5173/'
  it('keeps the current caches and the current precache', () => {
    for (const name of [IMAGE_CACHE, CATALOGUE_CACHE, precache]) expect(isOutdatedCache(name, precache)).toBe(false)
  })
  it('drops what an older version left behind', () => {
    expect(isOutdatedCache('portico-images-v0', precache)).toBe(true)
    expect(isOutdatedCache('portico-catalogue-v0', precache)).toBe(true)
    expect(isOutdatedCache('portico-precache-v0-http://127.0.0.1:5173/', precache)).toBe(true)
  })
  it("leaves other caches of the host's origin alone", () => {
    expect(isOutdatedCache('workbox-precache-v2-http://127.0.0.1:5173/', precache)).toBe(false)
    expect(isOutdatedCache('my-dapp-api', precache)).toBe(false)
  })
})
