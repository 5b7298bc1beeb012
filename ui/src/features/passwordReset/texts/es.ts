import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const es = {
  'reset.title': 'Recuperar contraseña',
  'reset.subtitle': 'Enviaremos un código a su WhatsApp.',
  'reset.number': 'Número de WhatsApp',
  'reset.send': 'Enviar código',
  'reset.code': 'Código de verificación',
  'reset.verify': 'Verificar código',
  'reset.newPassword': 'Nueva contraseña',
  'reset.save': 'Guardar contraseña',
  'reset.backToLogin': 'Volver al inicio de sesión',
  'reset.forgot': '¿Olvidó su contraseña?',
  'reset.sent': '¡Código de verificación enviado!',
  'reset.incorrect': 'Código de verificación incorrecto. Inténtelo de nuevo.',
  'reset.attemptsExceeded': 'Demasiados intentos. Redirigiendo...',
  'reset.invalid': 'Código de verificación inválido. La contraseña no puede cambiarse.',
  'reset.verifyFailed': 'Error al verificar el código.',
  'reset.saveFailed': 'Error al guardar la contraseña.',
  'reset.saved': '¡Contraseña actualizada!',
  'reset.required': 'Obligatorio',
  'reset.passwordRules': 'Al menos 8 caracteres, con una minúscula y una mayúscula.',
} satisfies Translations<typeof ptBR>;
