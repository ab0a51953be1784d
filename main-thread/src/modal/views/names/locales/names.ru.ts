import type { NamesKey } from '../names.messages.ts'

/** Account name texts (ru). */
export default {
  intro: 'Имя аккаунта позволяет другим находить вас и платить вам без длинного адреса.',
  nameLabel: 'Имя аккаунта',
  rules: 'Буквы, цифры и дефисы, не менее 4 символов.',
  checking: 'Проверка {name}…',
  available: 'Имя {name} свободно',
  taken: 'Имя {name} уже занято',
  errorResolvingName: 'Ошибка при определении имени',
  suggestions: 'Варианты',
  errorFetchingNameSuggestions: 'Ошибка при получении вариантов имени',
  useSuggestion: 'Выбрать {name}',
  register: 'Зарегистрировать {name}',
  approveInWallet: 'Подпишите сообщение в {wallet}, чтобы зарегистрировать {name}.',
  registering: 'Регистрация…',
  errorRegisteringName: 'Ошибка при регистрации имени {name}',
  needsNetwork: 'Для регистрации имени нужна сеть. Подключитесь и попробуйте ещё раз.',
  evmOnly: 'Имена аккаунтов доступны только в сетях EVM. Переключитесь на сеть EVM, чтобы зарегистрировать имя.',
  successTitle: '{name} теперь ваше',
  successBody: 'Теперь это имя вашего аккаунта, и на него можно отправлять средства.',
  backToAccount: 'Назад к аккаунту',
} satisfies Record<NamesKey, string>
