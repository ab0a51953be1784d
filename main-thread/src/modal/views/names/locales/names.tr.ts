import type { NamesKey } from '../names.messages.ts'

/** Account name texts (tr). */
export default {
  intro: 'Hesap adın, uzun bir adres yerine başkalarının seni bulup sana ödeme yapmasını sağlar.',
  nameLabel: 'Hesap adı',
  rules: 'Harf, rakam ve kısa çizgi, en az 4 karakter.',
  checking: '{name} kontrol ediliyor…',
  available: '{name} kullanılabilir',
  taken: '{name} zaten alınmış',
  errorResolvingName: 'Ad çözümlenirken hata oluştu',
  suggestions: 'Öneriler',
  errorFetchingNameSuggestions: 'Ad önerileri alınırken hata oluştu',
  useSuggestion: '{name} kullan',
  register: '{name} kaydet',
  approveInWallet: '{name} adını kaydetmek için {wallet} içinde mesajı imzala.',
  registering: 'Kaydediliyor…',
  errorRegisteringName: '{name} adı kaydedilirken hata oluştu',
  needsNetwork: 'Ad kaydetmek için ağ gerekiyor. Yeniden bağlan ve tekrar dene.',
  evmOnly: 'Hesap adları yalnızca EVM ağlarında kullanılabilir. Ad kaydetmek için bir EVM ağına geçin.',
  successTitle: '{name} artık senin',
  successBody: 'Artık hesabının adı bu ve insanlar bu ada gönderim yapabilir.',
  backToAccount: 'Hesaba dön',
} satisfies Record<NamesKey, string>
