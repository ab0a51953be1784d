import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (tr). */
export default {
  balanceChanges: 'Bakiye değişiklikleri',
  simulating: 'Ağda simüle ediliyor…',
  noChanges: 'Bakiye değişikliği yok',
  willFail: 'Bu işlem başarısız olacak: {reason}',
  sendAnyway: 'Başarısız olacağını ve yine de ağ ücreti tutabileceğini anlıyorum',
  couldNotSimulate: 'Simüle edilemedi ({reason}). Onaylamadan önce cüzdanınızın gösterdiklerini kontrol edin.',
  approvalsGranted: 'Verilen onaylar',
  approvalUnlimited: '{spender} adresine {symbol} için sınırsız onay',
  approvalAmount: '{spender} adresine {amount} {symbol} için onay',
  approvalAll: '{spender} adresine sahip olduğunuz tüm {symbol} NFT’leri için onay',
  approvalRevoked: '{spender} adresinin {symbol} onayını kaldırır',
} satisfies Record<PreviewKey, string>
