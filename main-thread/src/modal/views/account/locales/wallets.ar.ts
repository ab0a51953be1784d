import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (ar). */
export default {
  intro: 'اختر المحفظة التي يستخدمها هذا التطبيق. تبقى المحافظ الأخرى متصلة.',
  connectedWallets: 'المحافظ المتصلة',
  inUse: 'قيد الاستخدام',
  switchingTo: 'جارٍ التبديل إلى {wallet}…',
  nowUsing: 'المحفظة المستخدمة الآن: {wallet}',
  switchFailed: 'تعذّر التبديل إلى {wallet}',
  disconnectWallet: 'قطع الاتصال بـ {wallet}',
  walletDisconnected: 'تم قطع الاتصال بـ {wallet}',
  walletsConnected: 'zero:{count} محفظة متصلة|one:{count} محفظة متصلة|two:{count} محفظتان متصلتان|few:{count} محافظ متصلة|many:{count} محفظة متصلة|other:{count} محفظة متصلة',
} satisfies Record<WalletsKey, string>
