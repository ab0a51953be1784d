import type { NamesKey } from '../names.messages.ts'

/** Account name texts (ja). */
export default {
  intro: 'アカウント名があれば、長いアドレスの代わりに名前で見つけてもらい、支払いを受けられます。',
  nameLabel: 'アカウント名',
  rules: '英字、数字、ハイフンで 4 文字以上。',
  checking: '{name} を確認中…',
  available: '{name} は利用できます',
  taken: '{name} はすでに使われています',
  errorResolvingName: '名前の解決中にエラーが発生しました',
  suggestions: '候補',
  errorFetchingNameSuggestions: '名前の候補を取得中にエラーが発生しました',
  useSuggestion: '{name} を使う',
  register: '{name} を登録',
  approveInWallet: '{name} を登録するには {wallet} でメッセージに署名してください。',
  registering: '登録中…',
  errorRegisteringName: '名前 {name} の登録中にエラーが発生しました',
  needsNetwork: '名前の登録にはネットワークが必要です。再接続してもう一度お試しください。',
  evmOnly: 'アカウント名は EVM ネットワークでのみ利用できます。登録するには EVM ネットワークに切り替えてください。',
  successTitle: '{name} があなたのものになりました',
  successBody: 'これがあなたのアカウント名になり、この名前宛てに送金してもらえます。',
  backToAccount: 'アカウントに戻る',
} satisfies Record<NamesKey, string>
