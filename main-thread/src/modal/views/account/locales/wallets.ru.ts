import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (ru). */
export default {
  intro: 'Выберите кошелёк, который использует это приложение. Остальные останутся подключёнными.',
  connectedWallets: 'Подключённые кошельки',
  inUse: 'Используется',
  switchingTo: 'Переключение на {wallet}…',
  nowUsing: 'Теперь используется {wallet}',
  switchFailed: 'Не удалось переключиться на {wallet}',
  disconnectWallet: 'Отключить {wallet}',
  walletDisconnected: 'Кошелёк {wallet} отключён',
  walletsConnected: 'one:{count} кошелёк подключён|few:{count} кошелька подключено|many:{count} кошельков подключено|other:{count} кошелька подключено',
} satisfies Record<WalletsKey, string>
