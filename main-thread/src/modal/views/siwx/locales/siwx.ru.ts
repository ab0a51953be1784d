import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (ru). */
export default {
  sessionExpired: 'Сессия истекла',
  body: '{app} хочет подключиться к вашему кошельку. Подпишите это сообщение, чтобы подтвердить, что вы владелец кошелька.',
  account: 'Аккаунт {address} в сети {network}',
  sign: 'Подписать',
  cancel: 'Отмена',
  authenticating: 'Аутентификация...',
  signatureDeclined: 'Подпись отклонена',
  smartAccountsUnsupported: 'Это приложение может не поддерживать смарт-аккаунты',
  siwxInitFailed: 'При запуске аутентификации возникла проблема',
  required: 'Это приложение просит каждого посетителя войти. Отмена отключает кошелёк.',
} satisfies Record<SiwxKey, string>
