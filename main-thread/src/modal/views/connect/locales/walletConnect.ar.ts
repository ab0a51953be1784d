import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (ar). */
export default {
  scanWithPhone: 'امسح رمز QR هذا بهاتفك',
  scanWithWallet: 'امسح رمز QR هذا باستخدام {wallet}',
  qrLabel: 'رمز QR لـ WalletConnect',
  preparing: 'جارٍ تجهيز رمز QR…',
  copyLink: 'نسخ الرابط',
  linkCopied: 'تم نسخ الرابط',
  openWallet: 'فتح {wallet}',
  failed: 'لم يتم الاتصال: {reason}',
  declined: 'رُفض الربط',
  tryAgain: 'إعادة المحاولة',
  approveInWallet: 'وافق على الربط في محفظتك',
  orPickWallet: 'أو اختر محفظتك',
} satisfies Record<WalletConnectKey, string>
