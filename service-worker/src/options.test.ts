import { describe, expect, it } from 'vitest'
import { readPageMessage, readServiceWorkerOptions, serviceWorkerUrl } from './options.ts'

describe('the worker reads its catalogue from its own URL', () => {
  it('round-trips through serviceWorkerUrl', () => {
    const file = serviceWorkerUrl('/portico-service-worker.js', 'http://127.0.0.1:8788')
    expect(file).toBe('/portico-service-worker.js?catalogue=http%3A%2F%2F127.0.0.1%3A8788')
    expect(readServiceWorkerOptions(`https://dapp.example${file}`)).toEqual({ catalogue: { origin: 'http://127.0.0.1:8788', path: '' }, problems: [] })
  })
  it('has no catalogue without the query', () => {
    expect(serviceWorkerUrl('/portico-service-worker.js', undefined)).toBe('/portico-service-worker.js')
    expect(readServiceWorkerOptions('https://dapp.example/portico-service-worker.js')).toEqual({ catalogue: null, problems: [] })
  })
  it.each(['not-a-url', 'javascript:alert(1)', 'https://user:pw@catalogue.example', 'https://catalogue.example/?x=1'])('ignores catalogue=%s and says why', (value) => {
    const options = readServiceWorkerOptions(`https://dapp.example/portico-service-worker.js?${new URLSearchParams({ catalogue: value })}`)
    expect(options.catalogue).toBeNull()
    expect(options.problems.length).toBeGreaterThan(0)
    expect(options.problems.every((p) => p.startsWith('catalogue: '))).toBe(true)
  })
})

describe('messages from the page', () => {
  it('accepts the two it knows', () => {
    expect(readPageMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' })
    expect(readPageMessage({ type: 'GET_VERSION' })).toEqual({ type: 'GET_VERSION' })
  })
  it('accepts a list of URLs to cache, bounded', () => {
    const urlsToCache = ['http://127.0.0.1:8788/getWalletImage/a']
    expect(readPageMessage({ type: 'CACHE_URLS', payload: { urlsToCache } })).toEqual({ type: 'CACHE_URLS', payload: { urlsToCache } })
    expect(readPageMessage({ type: 'CACHE_URLS', payload: { urlsToCache: Array.from({ length: 201 }, (_, i) => `https://c.example/${i}`) } })).toBeNull()
    expect(readPageMessage({ type: 'CACHE_URLS', payload: { urlsToCache: ['not a url'] } })).toBeNull()
  })
  it.each([null, 'SKIP_WAITING', { type: 'CLEAR' }, { kind: 'SKIP_WAITING' }, { type: 'CACHE_URLS' }])('ignores %j', (data) => expect(readPageMessage(data)).toBeNull())
})
