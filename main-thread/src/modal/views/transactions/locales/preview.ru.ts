import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (ru). */
export default {
  balanceChanges: 'Изменения баланса',
  simulating: 'Моделирование в сети…',
  noChanges: 'Баланс не изменится',
  willFail: 'Эта транзакция завершится ошибкой: {reason}',
  sendAnyway: 'Я понимаю, что она завершится ошибкой и всё равно может стоить комиссию сети',
  couldNotSimulate: 'Не удалось смоделировать ({reason}). Проверьте, что показывает кошелёк, прежде чем подтвердить.',
  approvalsGranted: 'Выдаваемые разрешения',
  approvalUnlimited: 'Неограниченное разрешение для {spender} на ваши {symbol}',
  approvalAmount: 'Разрешение для {spender} на {amount} {symbol}',
  approvalAll: 'Разрешение для {spender} на все ваши NFT {symbol}',
  approvalRevoked: 'Отзывает разрешение {spender} на ваши {symbol}',
} satisfies Record<PreviewKey, string>
