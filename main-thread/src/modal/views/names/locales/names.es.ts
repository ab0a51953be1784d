import type { NamesKey } from '../names.messages.ts'

/** Account name texts (es). */
export default {
  intro: 'El nombre de tu cuenta es cómo otras personas te encuentran y te pagan, en lugar de una dirección larga.',
  nameLabel: 'Nombre de cuenta',
  rules: 'Letras, dígitos y guiones, al menos 4 caracteres.',
  checking: 'Comprobando {name}…',
  available: '{name} está disponible',
  taken: '{name} ya está en uso',
  errorResolvingName: 'Error al resolver el nombre',
  suggestions: 'Sugerencias',
  errorFetchingNameSuggestions: 'Error al obtener sugerencias de nombres',
  useSuggestion: 'Usar {name}',
  register: 'Registrar {name}',
  approveInWallet: 'Firma el mensaje en {wallet} para registrar {name}.',
  registering: 'Registrando…',
  errorRegisteringName: 'Error al registrar el nombre {name}',
  needsNetwork: 'Registrar un nombre necesita conexión. Vuelve a conectarte e inténtalo de nuevo.',
  evmOnly: 'Los nombres de cuenta solo están disponibles en redes EVM. Cambia a una red EVM para registrar uno.',
  successTitle: '{name} es tuyo',
  successBody: 'Ahora es el nombre de tu cuenta y la gente puede enviarte fondos a él.',
  backToAccount: 'Volver a la cuenta',
} satisfies Record<NamesKey, string>
