import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type TransferKey =
  | 'token'
  | 'chooseToken'
  | 'tokenBalance'
  | 'amount'
  | 'max'
  | 'receiver'
  | 'receiverPlaceholder'
  | 'resolving'
  | 'resolvedTo'
  | 'nameNotFound'
  | 'resolveFailed'
  | 'networkFee'
  | 'networkBalance'
  | 'feeUnknown'
  | 'review'
  | 'reviewTitle'
  | 'youSend'
  | 'to'
  | 'network'
  | 'edit'
  | 'confirmSend'
  | 'approveInWallet'
  | 'sending'
  | 'transactionStarted'
  | 'needsNetwork'
  | 'receiveIntro'
  | 'qrLabel'
  | 'copyAddress'
  | 'addressCopied'
  | 'receiveNetworks'
  | 'fullAddress'

export const TRANSFER_MESSAGES: FeatureCatalogue<TransferKey> = {
  en: {
    token: 'Token',
    chooseToken: 'Choose token:',
    tokenBalance: 'Balance: {balance} {symbol}',
    amount: 'Amount',
    max: 'Max',
    receiver: 'Recipient address or name',
    receiverPlaceholder: '0x… or name.reown.id',
    resolving: 'Looking up {name}…',
    resolvedTo: '{name} is {address}',
    nameNotFound: 'No account has the name {name}',
    resolveFailed: 'Error resolving name',
    networkFee: 'Network fee',
    networkBalance: 'Network balance',
    feeUnknown: 'Reading the fee…',
    review: 'Review',
    reviewTitle: 'Review the transfer',
    youSend: 'You send',
    to: 'To',
    network: 'Network',
    edit: 'Edit',
    confirmSend: 'Send',
    approveInWallet: 'Approve the transfer in {wallet}.',
    sending: 'Sending…',
    transactionStarted: 'Transaction started',
    needsNetwork: 'Sending needs the network. You are offline; reconnect to send.',
    receiveIntro: 'Send tokens to this address on one of the networks below.',
    qrLabel: 'QR code of the address {address}',
    copyAddress: 'Copy address',
    addressCopied: 'Address copied',
    receiveNetworks: 'Networks this address can receive on',
    fullAddress: 'Address',
  },
  de: {
    token: 'Token',
    chooseToken: 'Token wählen:',
    tokenBalance: 'Guthaben: {balance} {symbol}',
    amount: 'Betrag',
    max: 'Max',
    receiver: 'Empfängeradresse oder Name',
    receiverPlaceholder: '0x… oder name.reown.id',
    resolving: 'Suche {name}…',
    resolvedTo: '{name} ist {address}',
    nameNotFound: 'Kein Konto heißt {name}',
    resolveFailed: 'Error resolving name',
    networkFee: 'Netzwerkgebühr',
    networkBalance: 'Guthaben im Netzwerk',
    feeUnknown: 'Gebühr wird gelesen…',
    review: 'Prüfen',
    reviewTitle: 'Überweisung prüfen',
    youSend: 'Du sendest',
    to: 'An',
    network: 'Netzwerk',
    edit: 'Bearbeiten',
    confirmSend: 'Senden',
    approveInWallet: 'Bestätige die Überweisung in {wallet}.',
    sending: 'Wird gesendet…',
    transactionStarted: 'Transaktion gestartet',
    needsNetwork: 'Senden braucht das Netz. Du bist offline; verbinde dich, um zu senden.',
    receiveIntro: 'Sende Token an diese Adresse in einem der Netzwerke unten.',
    qrLabel: 'QR-Code der Adresse {address}',
    copyAddress: 'Adresse kopieren',
    addressCopied: 'Adresse kopiert',
    receiveNetworks: 'Netzwerke, in denen diese Adresse empfangen kann',
    fullAddress: 'Adresse',
  },
}
