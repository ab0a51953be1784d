import type { PorticoMessageKey } from '@portico/shared-types/errors'
import { catalogue } from '../../../i18n/catalogue.ts'

/** The view's keys; those of SPEC.md §8's texts are the one English table's (`MESSAGES`). */
export type TransferKey =
  | Extract<PorticoMessageKey, 'errorResolvingName' | 'transactionStarted'>
  | 'token'
  | 'chooseToken'
  | 'tokenBalance'
  | 'amount'
  | 'max'
  | 'receiver'
  | 'receiverPlaceholder'
  | 'receiverPlaceholderSolana'
  | 'resolving'
  | 'resolvedTo'
  | 'nameNotFound'
  | 'namesEvmOnly'
  | 'networkFee'
  | 'networkBalance'
  | 'feeUnknown'
  | 'gasSponsored'
  | 'tokenAccountRent'
  | 'tokenAccountRentNote'
  | 'review'
  | 'reviewTitle'
  | 'youSend'
  | 'to'
  | 'network'
  | 'edit'
  | 'confirmSend'
  | 'approveInWallet'
  | 'sending'
  | 'needsNetwork'
  | 'receiveIntro'
  | 'qrLabel'
  | 'copyAddress'
  | 'addressCopied'
  | 'receiveNetworks'
  | 'fullAddress'

export const TRANSFER_MESSAGES = catalogue<TransferKey>({
  en: () => import('./locales/transfer.en.ts'),
  de: () => import('./locales/transfer.de.ts'),
  es: () => import('./locales/transfer.es.ts'),
  fr: () => import('./locales/transfer.fr.ts'),
  pt: () => import('./locales/transfer.pt.ts'),
  it: () => import('./locales/transfer.it.ts'),
  ja: () => import('./locales/transfer.ja.ts'),
  ko: () => import('./locales/transfer.ko.ts'),
  'zh-CN': () => import('./locales/transfer.zh-CN.ts'),
  ru: () => import('./locales/transfer.ru.ts'),
  tr: () => import('./locales/transfer.tr.ts'),
  ar: () => import('./locales/transfer.ar.ts'),
})
