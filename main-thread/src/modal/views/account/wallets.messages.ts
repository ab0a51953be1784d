import type { Locale } from '@portico/shared-types'
import type { PorticoClient } from '../../../client/createClient.ts'
import { walletNameOf } from '../../../client/getConnector.ts'
import type { PorticoUi } from '../../../ui/createUi.ts'
import { catalogue } from '../../../i18n/catalogue.ts'
import { intlLocale } from '../../../i18n/labels.ts'
import { translatorOf } from '../../../i18n/translate.ts'

/** The keys of the Wallets view (the wallets connected at once, `multiWallet`) and of the account button's count of them. */
export type WalletsKey = 'intro' | 'connectedWallets' | 'inUse' | 'switchingTo' | 'nowUsing' | 'switchFailed' | 'disconnectWallet' | 'walletDisconnected' | 'walletsConnected'

export const WALLETS_MESSAGES = catalogue<WalletsKey>({
  en: () => import('./locales/wallets.en.ts'),
  de: () => import('./locales/wallets.de.ts'),
  es: () => import('./locales/wallets.es.ts'),
  fr: () => import('./locales/wallets.fr.ts'),
  pt: () => import('./locales/wallets.pt.ts'),
  it: () => import('./locales/wallets.it.ts'),
  ja: () => import('./locales/wallets.ja.ts'),
  ko: () => import('./locales/wallets.ko.ts'),
  'zh-CN': () => import('./locales/wallets.zh-CN.ts'),
  ru: () => import('./locales/wallets.ru.ts'),
  tr: () => import('./locales/wallets.tr.ts'),
  ar: () => import('./locales/wallets.ar.ts'),
})

/** "3 wallets connected" in `locale`: the page's account button says it (its texts are fetched the first time). */
export async function walletsConnectedLabel(locale: Locale, count: number): Promise<string> {
  const strings = await WALLETS_MESSAGES.load(locale)
  return translatorOf(strings, locale)('walletsConnected', { count: new Intl.NumberFormat(intlLocale(locale)).format(count) }, count)
}

/** "Sandbox Phone Wallet disconnected" in `locale`: the notice of a wallet that left the list, in every tab. */
export async function walletDisconnectedText(locale: Locale, wallet: string): Promise<string> {
  const strings = await WALLETS_MESSAGES.load(locale)
  return translatorOf(strings, locale)('walletDisconnected', { wallet })
}

/**
 * Tells the visitor of each connected wallet that leaves the list while others stay (the phone ended
 * its session, the extension forgot the page, another tab disconnected it): "Sandbox Phone Wallet
 * disconnected", in every tab. Answers the stop.
 */
export function noticeDepartures(client: Pick<PorticoClient, 'getSnapshot' | 'subscribe' | 'startup'>, ui: Pick<PorticoUi, 'notify'>): () => void {
  let before = client.getSnapshot().core?.wallets ?? []
  return client.subscribe(() => {
    const snapshot = client.getSnapshot()
    const wallets = snapshot.core?.wallets
    if (!wallets || wallets === before) return
    const gone = before.filter((w) => !wallets.some((now) => now.id === w.id))
    before = wallets
    // A wallet with two sides leaves once; the last wallet leaving is the disconnect the modal shows already.
    const names = [...new Set(gone.map((w) => walletNameOf(snapshot, w)))]
    if (wallets.length === 0) return
    for (const name of names)
      void walletDisconnectedText(client.startup.locale, name).then(
        (text) => ui.notify('success', text),
        () => undefined,
      )
  })
}
