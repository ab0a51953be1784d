import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (ar). */
export default {
  sessionExpired: 'انتهت الجلسة',
  body: 'يريد {app} الاتصال بمحفظتك. يُرجى توقيع هذه الرسالة للتحقق من أنك مالك هذه المحفظة.',
  account: 'الحساب {address} على {network}',
  sign: 'توقيع',
  cancel: 'إلغاء',
  authenticating: 'جارٍ المصادقة...',
  signatureDeclined: 'رُفض التوقيع',
  smartAccountsUnsupported: 'قد لا يدعم هذا التطبيق الحسابات الذكية',
  siwxInitFailed: 'حدثت مشكلة أثناء بدء المصادقة',
  required: 'يطلب هذا التطبيق من كل زائر تسجيل الدخول. الإلغاء يقطع اتصال المحفظة.',
} satisfies Record<SiwxKey, string>
