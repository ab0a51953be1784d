import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (tr). */
export default {
  sessionExpired: 'Oturumun süresi doldu',
  body: '{app} cüzdanına bağlanmak istiyor. Bu cüzdanın sahibi olduğunu doğrulamak için lütfen bu mesajı imzala.',
  account: '{network} üzerindeki {address} hesabı',
  sign: 'İmzala',
  cancel: 'İptal',
  authenticating: 'Kimlik doğrulanıyor...',
  signatureDeclined: 'İmza reddedildi',
  smartAccountsUnsupported: 'Bu uygulama akıllı hesapları desteklemiyor olabilir',
  siwxInitFailed: 'Kimlik doğrulama başlatılırken bir sorun oluştu',
  required: 'Bu uygulama her ziyaretçiden giriş yapmasını istiyor. İptal etmek cüzdanın bağlantısını keser.',
} satisfies Record<SiwxKey, string>
