import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (ja). */
export default {
  sessionExpired: 'セッションの有効期限切れ',
  body: '{app} があなたのウォレットへの接続を求めています。このウォレットの所有者であることを確認するため、このメッセージに署名してください。',
  account: '{network} のアカウント {address}',
  sign: '署名',
  cancel: 'キャンセル',
  authenticating: '認証中...',
  signatureDeclined: '署名が拒否されました',
  smartAccountsUnsupported: 'このアプリケーションはスマートアカウントに対応していない可能性があります',
  siwxInitFailed: '認証の開始中に問題が発生しました',
  required: 'このアプリはすべての訪問者にサインインを求めます。キャンセルするとウォレットが切断されます。',
} satisfies Record<SiwxKey, string>
