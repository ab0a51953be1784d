import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (zh-CN). */
export default {
  sessionExpired: '会话已过期',
  body: '{app} 想要连接你的钱包。请签署此消息，以验证你是此钱包的所有者。',
  account: '{network} 上的账户 {address}',
  sign: '签名',
  cancel: '取消',
  authenticating: '正在验证...',
  signatureDeclined: '签名被拒绝',
  smartAccountsUnsupported: '此应用可能不支持智能账户',
  siwxInitFailed: '初始化身份验证时出现问题',
  required: '此应用要求每位访客登录。取消将断开钱包连接。',
} satisfies Record<SiwxKey, string>
