import type { NamesKey } from '../names.messages.ts'

/** Account name texts (pt). */
export default {
  intro: 'O nome da sua conta é como outras pessoas encontram você e pagam, em vez de um endereço longo.',
  nameLabel: 'Nome da conta',
  rules: 'Letras, números e hifens, com pelo menos 4 caracteres.',
  checking: 'Verificando {name}…',
  available: '{name} está disponível',
  taken: '{name} já está em uso',
  errorResolvingName: 'Erro ao resolver o nome',
  suggestions: 'Sugestões',
  errorFetchingNameSuggestions: 'Erro ao buscar sugestões de nome',
  useSuggestion: 'Usar {name}',
  register: 'Registrar {name}',
  approveInWallet: 'Assine a mensagem em {wallet} para registrar {name}.',
  registering: 'Registrando…',
  errorRegisteringName: 'Erro ao registrar o nome {name}',
  needsNetwork: 'Registrar um nome precisa de conexão. Reconecte-se e tente novamente.',
  evmOnly: 'Os nomes de conta só estão disponíveis em redes EVM. Mude para uma rede EVM para registrar um.',
  successTitle: '{name} é seu',
  successBody: 'Agora é o nome da sua conta, e as pessoas podem enviar para ele.',
  backToAccount: 'Voltar para a conta',
} satisfies Record<NamesKey, string>
