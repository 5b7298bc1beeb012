import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const es = {
  'meta.facebook.title.facebook': 'Conectar páginas de Facebook',
  'meta.facebook.title.instagram': 'Conectar cuentas de Instagram',
  'meta.facebook.explain.facebook':
    'Inicie sesión con Facebook y permita el acceso a las páginas que administra: cada página se convierte en una conexión y sus mensajes de Messenger llegan como tickets.',
  'meta.facebook.explain.instagram':
    'Inicie sesión con Facebook y permita el acceso a sus páginas y a las cuentas profesionales de Instagram vinculadas: cada cuenta se convierte en una conexión.',
  'meta.facebook.login': 'Iniciar sesión con Facebook',
  'meta.facebook.linked': '{count} conexión(es) vinculada(s).',
  'meta.facebook.cancelled': 'Inicio de sesión de Facebook cancelado: no se vinculó ninguna página.',
  'meta.facebook.sdkFailed': 'No se pudo cargar el inicio de sesión de Facebook. Compruebe su conexión e inténtelo de nuevo.',
  'meta.cloud.title': 'WhatsApp Cloud API',
  'meta.cloud.help':
    'En el panel de Meta (WhatsApp › Configuración de la API), copie el ID del número de teléfono, el ID de la cuenta de WhatsApp Business y un token de acceso permanente (usuario del sistema). Se verifican con Meta al guardar.',
  'meta.cloud.phoneNumberId': 'ID del número de teléfono',
  'meta.cloud.businessAccountId': 'ID de la cuenta de WhatsApp Business',
  'meta.cloud.token': 'Token de acceso',
  'meta.cloud.tokenKept': 'Token guardado ({hint}); déjelo vacío para conservarlo',
  'meta.cloud.tokenHelp': 'El token se guarda de forma segura y nunca se vuelve a mostrar.',
  'meta.cloud.idInvalid': 'Indique el ID numérico que muestra Meta',
  'meta.cloud.tokenRequired': 'Indique el token de acceso (al menos 20 caracteres)',
  'meta.templates.closed': 'La ventana de 24 horas está cerrada: el contacto solo recibe plantillas de mensaje aprobadas hasta que responda.',
  'meta.templates.choose': 'Enviar plantilla',
  'meta.templates.title': 'Enviar plantilla de mensaje',
  'meta.templates.template': 'Plantilla',
  'meta.templates.none': 'No hay plantillas aprobadas en esta cuenta de WhatsApp Business.',
  'meta.templates.parameter': 'Parámetro {number}',
  'meta.templates.parameterRequired': 'Complete este parámetro',
  'meta.templates.preview': 'Vista previa',
  'meta.templates.send': 'Enviar',
  'meta.templates.sent': 'Plantilla enviada.',
  'meta.templates.loadFailed': 'No se pudieron cargar las plantillas de la cuenta.',
} satisfies Translations<typeof ptBR>;
