import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type OnrampKey =
  | 'provider'
  | 'providerFees'
  | 'providerChains'
  | 'currency'
  | 'paymentMethod'
  | 'method_card'
  | 'method_ach_bank_account'
  | 'amount'
  | 'limits'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountOutOfLimits'
  | 'asset'
  | 'network'
  | 'quote'
  | 'youReceive'
  | 'providerFee'
  | 'networkFee'
  | 'subtotal'
  | 'total'
  | 'quoteId'
  | 'quoteLoading'
  | 'estimate'
  | 'estimateNote'
  | 'optionsEstimateNote'
  | 'continue'
  | 'opening'
  | 'openFailed'
  | 'popupBlocked'
  | 'openProviderPage'
  | 'pending'
  | 'pendingTitle'
  | 'stopWaiting'
  | 'delivered'
  | 'backToAccount'
  | 'deliveries'
  | 'noDeliveries'
  | 'deliveryRow'
  | 'restricted'
  | 'needsNetwork'
  | 'noProvider'

export const ONRAMP_MESSAGES: FeatureCatalogue<OnrampKey> = {
  en: {
    provider: 'Provider',
    providerFees: 'Fees {range}',
    providerChains: 'Networks: {chains}',
    currency: 'Pay in',
    paymentMethod: 'Payment method',
    method_card: 'Card',
    method_ach_bank_account: 'Bank account',
    amount: 'Amount ({currency})',
    limits: '{method}: {min} to {max} {currency}',
    amountRequired: 'Enter an amount',
    amountInvalid: 'Enter an amount with at most two decimals',
    amountOutOfLimits: 'By {method}, enter between {min} and {max} {currency}',
    asset: 'Token to buy',
    network: 'Network',
    quote: 'Quote',
    youReceive: 'You receive',
    providerFee: 'Provider fee',
    networkFee: 'Network fee',
    subtotal: 'Subtotal',
    total: 'Total',
    quoteId: 'Quote',
    quoteLoading: 'Getting a quote…',
    estimate: 'Estimate',
    estimateNote: 'The provider’s quote is unavailable: these are sample figures. The provider’s page shows the final price.',
    optionsEstimateNote: 'The provider’s options are unavailable: showing sample limits and networks.',
    continue: 'Continue',
    opening: 'Opening the provider…',
    openFailed: 'The provider’s page could not be opened. Please try again.',
    popupBlocked: 'Your browser blocked the provider’s window.',
    openProviderPage: 'Open the provider’s page',
    pending: 'Complete the purchase in the provider’s window. Waiting for the {asset} to arrive…',
    pendingTitle: 'Purchase pending',
    stopWaiting: 'Back',
    delivered: 'Purchase delivered: {amount} {asset} arrived in your wallet.',
    backToAccount: 'Back to account',
    deliveries: 'Purchases delivered',
    noDeliveries: 'No purchases delivered yet.',
    deliveryRow: '+{amount} {symbol}',
    restricted: 'Buying crypto is not available in your region.',
    needsNetwork: 'Buying needs the network. You are offline; reconnect to buy.',
    noProvider: 'No provider delivers to this network.',
  },
  de: {
    provider: 'Anbieter',
    providerFees: 'Gebühren {range}',
    providerChains: 'Netzwerke: {chains}',
    currency: 'Zahlen in',
    paymentMethod: 'Zahlungsart',
    method_card: 'Karte',
    method_ach_bank_account: 'Bankkonto',
    amount: 'Betrag ({currency})',
    limits: '{method}: {min} bis {max} {currency}',
    amountRequired: 'Gib einen Betrag ein',
    amountInvalid: 'Gib einen Betrag mit höchstens zwei Nachkommastellen ein',
    amountOutOfLimits: 'Per {method} zwischen {min} und {max} {currency} eingeben',
    asset: 'Token zum Kaufen',
    network: 'Netzwerk',
    quote: 'Angebot',
    youReceive: 'Du erhältst',
    providerFee: 'Anbietergebühr',
    networkFee: 'Netzwerkgebühr',
    subtotal: 'Zwischensumme',
    total: 'Gesamt',
    quoteId: 'Angebot',
    quoteLoading: 'Angebot wird eingeholt…',
    estimate: 'Schätzung',
    estimateNote: 'Das Angebot des Anbieters ist nicht verfügbar: Das sind Beispielwerte. Die Seite des Anbieters zeigt den endgültigen Preis.',
    optionsEstimateNote: 'Die Optionen des Anbieters sind nicht verfügbar: Beispielgrenzen und -netzwerke werden gezeigt.',
    continue: 'Weiter',
    opening: 'Anbieter wird geöffnet…',
    openFailed: 'Die Seite des Anbieters konnte nicht geöffnet werden. Bitte versuche es erneut.',
    popupBlocked: 'Dein Browser hat das Fenster des Anbieters blockiert.',
    openProviderPage: 'Seite des Anbieters öffnen',
    pending: 'Schließe den Kauf im Fenster des Anbieters ab. Warte auf {asset}…',
    pendingTitle: 'Kauf ausstehend',
    stopWaiting: 'Zurück',
    delivered: 'Kauf zugestellt: {amount} {asset} sind in deiner Wallet angekommen.',
    backToAccount: 'Zurück zum Konto',
    deliveries: 'Zugestellte Käufe',
    noDeliveries: 'Noch keine Käufe zugestellt.',
    deliveryRow: '+{amount} {symbol}',
    restricted: 'Der Kauf von Krypto ist in deiner Region nicht verfügbar.',
    needsNetwork: 'Kaufen braucht das Netz. Du bist offline; verbinde dich, um zu kaufen.',
    noProvider: 'Kein Anbieter liefert in dieses Netzwerk.',
  },
}
