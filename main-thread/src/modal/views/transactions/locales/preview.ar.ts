import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (ar). */
export default {
  balanceChanges: 'تغيّرات الرصيد',
  simulating: 'جارٍ المحاكاة على الشبكة…',
  noChanges: 'لا تغيّرات في الرصيد',
  willFail: 'ستفشل هذه المعاملة: {reason}',
  sendAnyway: 'أفهم أنها ستفشل وقد تكلّف رسوم شبكة مع ذلك',
  couldNotSimulate: 'تعذّرت المحاكاة ({reason}). تحقّق مما تعرضه محفظتك قبل الموافقة.',
  approvalsGranted: 'الموافقات الممنوحة',
  approvalUnlimited: 'موافقة غير محدودة لـ {spender} على {symbol} الخاصة بك',
  approvalAmount: 'موافقة لـ {spender} على {amount} {symbol}',
  approvalAll: 'موافقة لـ {spender} على كل رموز {symbol} غير القابلة للاستبدال لديك',
  approvalRevoked: 'يلغي موافقة {spender} على {symbol} الخاصة بك',
} satisfies Record<PreviewKey, string>
