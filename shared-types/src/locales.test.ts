import { describe, expect, it } from 'vitest'
import { LOCALES, matchLocale, startupConfig } from './config-defaults.ts'
import { localeSchema, porticoConfigSchema } from './config.ts'

describe('locale', () => {
  it('the schema takes the twelve languages and nothing else', () => {
    expect(localeSchema.options).toEqual([...LOCALES])
    for (const locale of LOCALES) expect(localeSchema.parse(locale)).toBe(locale)
    for (const other of ['EN', 'zh', 'zh-TW', 'pt-BR', 'nl', '', 'ar ']) expect(localeSchema.safeParse(other).success, other).toBe(false)
  })

  it('the browser’s languages choose the best match, else English', () => {
    expect(matchLocale(['ar-EG', 'en'])).toBe('ar')
    expect(matchLocale(['nl-NL', 'fr-CA', 'en'])).toBe('fr')
    expect(matchLocale(['pt-BR'])).toBe('pt')
    expect(matchLocale(['zh-CN'])).toBe('zh-CN')
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN')
    expect(matchLocale(['zh'])).toBe('zh-CN')
    expect(matchLocale(['zh-TW', 'ja'])).toBe('ja')
    expect(matchLocale(['zh-Hant', 'ko-KR'])).toBe('ko')
    expect(matchLocale(['TR_tr'])).toBe('tr')
    expect(matchLocale(['nl', 'sv'])).toBe('en')
    expect(matchLocale([])).toBe('en')
  })

  it('the configured locale wins over the browser; without one, navigator.languages decides', () => {
    const base = { projectId: 'p', networks: [], metadata: { name: 'a', description: '', url: 'https://a.test', icons: [] } } as unknown as Parameters<typeof startupConfig>[0]
    const nav = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
    Object.defineProperty(globalThis, 'navigator', { value: { languages: ['ru-RU', 'en-US'], language: 'ru-RU' }, configurable: true })
    try {
      expect(startupConfig(base).locale).toBe('ru')
      expect(startupConfig({ ...base, locale: 'ja' }).locale).toBe('ja')
    } finally {
      if (nav) Object.defineProperty(globalThis, 'navigator', nav)
    }
  })

  it('a configuration without a locale parses (the page chooses it); a wrong one is refused', () => {
    expect(porticoConfigSchema.shape.locale.safeParse(undefined).success).toBe(true)
    expect(porticoConfigSchema.shape.locale.safeParse('xx').success).toBe(false)
  })
})
