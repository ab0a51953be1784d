import type { NamesKey } from '../names.messages.ts'

/** Account name texts (zh-CN). */
export default {
  intro: '有了账户名，别人就能通过名称而不是冗长的地址找到你并向你付款。',
  nameLabel: '账户名',
  rules: '字母、数字和连字符，至少 4 个字符。',
  checking: '正在检查 {name}…',
  available: '{name} 可用',
  taken: '{name} 已被占用',
  errorResolvingName: '解析名称时出错',
  suggestions: '建议',
  errorFetchingNameSuggestions: '获取名称建议时出错',
  useSuggestion: '使用 {name}',
  register: '注册 {name}',
  approveInWallet: '请在 {wallet} 中签署消息以注册 {name}。',
  registering: '正在注册…',
  errorRegisteringName: '注册名称 {name} 时出错',
  needsNetwork: '注册名称需要网络。请重新连接后重试。',
  evmOnly: '账户名称仅在 EVM 网络上可用。请切换到 EVM 网络进行注册。',
  successTitle: '{name} 归你了',
  successBody: '它现在是你的账户名，别人可以向它转账。',
  backToAccount: '返回账户',
} satisfies Record<NamesKey, string>
