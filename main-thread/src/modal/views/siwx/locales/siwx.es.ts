import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (es). */
export default {
  sessionExpired: 'Sesión caducada',
  body: '{app} quiere conectarse a tu billetera. Firma este mensaje para verificar que eres el propietario de esta billetera.',
  account: 'Cuenta {address} en {network}',
  sign: 'Firmar',
  cancel: 'Cancelar',
  authenticating: 'Autenticando...',
  signatureDeclined: 'Firma rechazada',
  smartAccountsUnsupported: 'Es posible que esta aplicación no admita cuentas inteligentes',
  siwxInitFailed: 'Se produjo un problema al iniciar la autenticación',
  required: 'Esta app pide a cada visitante que inicie sesión. Cancelar desconecta la billetera.',
} satisfies Record<SiwxKey, string>
