import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type SwapKey =
  | 'youPay'
  | 'youReceive'
  | 'chooseToPay'
  | 'chooseToReceive'
  | 'searchTokens'
  | 'amountToPay'
  | 'balance'
  | 'max'
  | 'quoting'
  | 'noQuote'
  | 'rate'
  | 'priceImpact'
  | 'networkFee'
  | 'slippage'
  | 'minimumReceived'
  | 'review'
  | 'confirmSwap'
  | 'edit'
  | 'step'
  | 'stepApprove'
  | 'stepSwap'
  | 'swapStarted'
  | 'needsNetwork'
  | 'unsupported'
  | 'estimate'

export const SWAP_MESSAGES: FeatureCatalogue<SwapKey> = {
  en: {
    youPay: 'You pay',
    youReceive: 'You receive',
    chooseToPay: 'Choose the token to pay:',
    chooseToReceive: 'Choose the token to receive:',
    searchTokens: 'Search tokens',
    amountToPay: 'Amount to pay',
    balance: 'Balance: {balance} {symbol}',
    max: 'Max',
    quoting: 'Getting a quote…',
    noQuote: 'Type an amount to see the quote',
    rate: 'Rate',
    priceImpact: 'Price impact',
    networkFee: 'Network fee',
    slippage: 'Slippage tolerance',
    minimumReceived: 'Minimum received',
    review: 'Review swap',
    confirmSwap: 'Swap',
    edit: 'Edit',
    step: 'Step {index} of {total}',
    stepApprove: 'Allow the swap to use your {symbol}: approve in {wallet}.',
    stepSwap: 'Approve the swap in {wallet}.',
    swapStarted: 'Swap started',
    needsNetwork: 'Swapping needs the network. You are offline; reconnect to swap.',
    unsupported: 'Swaps are not available on {network}. Switch to a network that offers them.',
    estimate: 'about',
  },
  de: {
    youPay: 'Du zahlst',
    youReceive: 'Du erhältst',
    chooseToPay: 'Token zum Bezahlen wählen:',
    chooseToReceive: 'Token zum Erhalten wählen:',
    searchTokens: 'Token suchen',
    amountToPay: 'Betrag zum Bezahlen',
    balance: 'Guthaben: {balance} {symbol}',
    max: 'Max',
    quoting: 'Angebot wird geholt…',
    noQuote: 'Gib einen Betrag ein, um das Angebot zu sehen',
    rate: 'Kurs',
    priceImpact: 'Preiseinfluss',
    networkFee: 'Netzwerkgebühr',
    slippage: 'Slippage-Toleranz',
    minimumReceived: 'Mindestens erhalten',
    review: 'Tausch prüfen',
    confirmSwap: 'Tauschen',
    edit: 'Bearbeiten',
    step: 'Schritt {index} von {total}',
    stepApprove: 'Erlaube dem Tausch, dein {symbol} zu nutzen: bestätige in {wallet}.',
    stepSwap: 'Bestätige den Tausch in {wallet}.',
    swapStarted: 'Tausch gestartet',
    needsNetwork: 'Tauschen braucht das Netz. Du bist offline; verbinde dich, um zu tauschen.',
    unsupported: 'Tauschen ist in {network} nicht möglich. Wechsle in ein Netzwerk, das es anbietet.',
    estimate: 'etwa',
  },
}
