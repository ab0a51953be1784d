/**
 * The configuration's defaults (SPEC.md §1), stated once: the schema in `config.ts` defaults to these
 * values, and `startupConfig` reads the few values the page needs before the session (and the schema)
 * loads. Zod-free, so the page's entry can import it.
 */
import type { Locale, PorticoConfigInput, ThemeMode, ThemeVariables } from './config.ts'
import { DEFAULT_METHOD_ORDER } from './constants.ts'
import type { CaipNetworkId } from './caip.ts'
import type { Network } from './network.ts'

/** Social login providers, in the order the modal offers them. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

/** The modal's languages (`locale`); ar is written right to left. */
export const LOCALES = ['en', 'de', 'es', 'fr', 'pt', 'it', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar'] as const

/**
 * The best of Portico's languages for a visitor's preferred languages (`navigator.languages`, best
 * first): the first one Portico has, by full tag (zh-CN) or by language (pt-BR speaks pt, zh-Hans and
 * zh-SG speak zh-CN; Traditional Chinese is not offered); English when none matches.
 *
 * @example
 * matchLocale(['fr-CA', 'en']) // 'fr'
 * matchLocale(['nl-NL']) // 'en'
 */
export function matchLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const [language, ...rest] = tag.trim().toLowerCase().split(/[-_]/)
    if (language === 'zh') {
      if (!/hant|tw|hk|mo/.test(rest.join())) return 'zh-CN'
    } else {
      const match = LOCALES.find((locale) => locale === language)
      if (match) return match
    }
  }
  return 'en'
}

/** The visitor's language from the browser (`navigator.languages`, else `navigator.language`); English outside a browser. */
export function browserLocale(): Locale {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator
  return matchLocale(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [])
}

export const CONFIG_DEFAULTS = {
  themeMode: 'light',
  themeVariables: {},
  enableNetworkSwitch: true,
  allowUnsupportedChain: false,
  basic: false,
  multiWallet: true,
  startupPing: true,
  customWallets: [],
  featuredWalletIds: [],
  includeWalletIds: [],
  excludeWalletIds: [],
  metadata: { description: '', icons: [] },
  features: {
    swaps: true,
    onramp: true,
    receive: true,
    send: true,
    email: true,
    emailShowWallets: true,
    socials: SOCIAL_PROVIDERS,
    history: true,
    analytics: true,
    allWallets: true,
    legalCheckbox: false,
    smartSessions: false,
    collapseWallets: false,
    connectMethodsOrder: DEFAULT_METHOD_ORDER,
  },
} as const satisfies {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  [key: string]: unknown
}

/** What the page reads before the session has parsed the configuration (buttons, theme, the network name). */
export type StartupConfig = {
  /** The dapp's `themeMode`, else the browser's colour scheme (`prefers-color-scheme`) as the page starts. */
  themeMode: ThemeMode
  /** True when the dapp set no `themeMode`: the modal follows the browser's colour scheme, and its changes. */
  themeFollowsSystem: boolean
  themeVariables: ThemeVariables
  locale: Locale
  networks: readonly Network[]
  defaultNetwork: CaipNetworkId | undefined
  enableNetworkSwitch: boolean
  /** False when the dapp turned Portico's service worker off (`serviceWorker: false`). */
  serviceWorker: boolean
}

/**
 * The values of the dapp's configuration the page needs before the session loads, with the schema's
 * defaults. Everything else is read from the parsed configuration the session publishes
 * (`snapshot.config`), which the schema checks first.
 *
 * @example
 * startupConfig({ projectId, networks, metadata, apiUrl, themeMode: 'dark' }).themeMode // 'dark'
 * startupConfig({ projectId, networks, metadata, apiUrl }).themeMode // the browser's: 'light' or 'dark'
 */
export function startupConfig(given: PorticoConfigInput): StartupConfig {
  // A configuration that is no object (a page without types) starts with the defaults; the schema names the error when the session starts.
  const input: Partial<PorticoConfigInput> = typeof given === 'object' && given !== null ? given : {}
  return {
    // The browser's colour scheme where there is one ('light' outside a browser). globalThis: the core (no DOM types) shares this module.
    themeMode: input.themeMode ?? ((globalThis as { matchMedia?: (query: string) => { matches: boolean } }).matchMedia?.(PREFERS_DARK).matches ? 'dark' : 'light'),
    themeFollowsSystem: input.themeMode === undefined,
    themeVariables: { ...(input.themeVariables ?? CONFIG_DEFAULTS.themeVariables) },
    locale: input.locale ?? browserLocale(),
    networks: input.networks ?? [],
    defaultNetwork: input.defaultNetwork,
    enableNetworkSwitch: input.enableNetworkSwitch ?? CONFIG_DEFAULTS.enableNetworkSwitch,
    serviceWorker: input.serviceWorker !== false,
  }
}

/** The media query of the browser's dark colour scheme. */
export const PREFERS_DARK = '(prefers-color-scheme: dark)'
