import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (ru). */
export default {
  scanWithPhone: 'Отсканируйте этот QR-код телефоном',
  scanWithWallet: 'Отсканируйте этот QR-код в {wallet}',
  qrLabel: 'QR-код WalletConnect',
  preparing: 'Подготовка QR-кода…',
  copyLink: 'Копировать ссылку',
  linkCopied: 'Ссылка скопирована',
  openWallet: 'Открыть {wallet}',
  failed: 'Подключение не состоялось: {reason}',
  declined: 'Подключение отклонено',
  tryAgain: 'Повторить',
  approveInWallet: 'Подтвердите подключение в кошельке',
  orPickWallet: 'Или выберите кошелёк',
} satisfies Record<WalletConnectKey, string>
