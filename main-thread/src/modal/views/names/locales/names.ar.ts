import type { NamesKey } from '../names.messages.ts'

/** Account name texts (ar). */
export default {
  intro: 'اسم حسابك هو ما يجدك به الآخرون ويدفعون لك، بدلًا من عنوان طويل.',
  nameLabel: 'اسم الحساب',
  rules: 'حروف وأرقام وشرطات، 4 أحرف على الأقل.',
  checking: 'جارٍ التحقق من {name}…',
  available: 'الاسم {name} متاح',
  taken: 'الاسم {name} مستخدم بالفعل',
  errorResolvingName: 'حدث خطأ أثناء تحليل الاسم',
  suggestions: 'اقتراحات',
  errorFetchingNameSuggestions: 'حدث خطأ أثناء جلب اقتراحات الأسماء',
  useSuggestion: 'استخدام {name}',
  register: 'تسجيل {name}',
  approveInWallet: 'وقّع الرسالة في {wallet} لتسجيل {name}.',
  registering: 'جارٍ التسجيل…',
  errorRegisteringName: 'حدث خطأ أثناء تسجيل الاسم {name}',
  needsNetwork: 'يتطلب تسجيل الاسم الشبكة. أعد الاتصال وحاول مرة أخرى.',
  evmOnly: 'أسماء الحسابات متاحة على شبكات EVM فقط. انتقل إلى شبكة EVM لتسجيل اسم.',
  successTitle: 'أصبح {name} لك',
  successBody: 'صار الآن اسم حسابك، ويمكن للآخرين الإرسال إليه.',
  backToAccount: 'العودة إلى الحساب',
} satisfies Record<NamesKey, string>
