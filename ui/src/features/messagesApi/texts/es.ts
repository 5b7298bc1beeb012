import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const es = {
  'menu.messagesApi': 'API de Mensajes',
  'messagesApi.title': 'Documentación para el envío de mensajes',
  'messagesApi.methods': 'Métodos de envío',
  'messagesApi.textMethod': '1. Mensajes de texto',
  'messagesApi.mediaMethod': '2. Mensajes multimedia',
  'messagesApi.instructions': 'Instrucciones',
  'messagesApi.notes': 'Observaciones importantes',
  'messagesApi.noteToken': 'El token es el de la conexión que enviará: está en Conexiones, botón editar de la conexión, campo Token.',
  'messagesApi.noteNumber': 'El número no lleva máscara ni caracteres especiales: código de país, código de área y número (ej.: 5511999999999).',
  'messagesApi.noteUser':
    'userId (opcional) escribe como ese agente (sendSignature firma con su nombre); queueId (opcional) pone un ticket nuevo en esa cola. Sin userId, el mensaje es del sistema.',
  'messagesApi.noteIdempotency':
    'Envíe la cabecera Idempotency-Key para repetir una solicitud con seguridad: la misma clave envía una sola vez y responde el mismo resultado.',
  'messagesApi.noteRate': 'Cada token tiene un límite de solicitudes por minuto; por encima la respuesta es 429 con la cabecera Retry-After (segundos).',
  'messagesApi.noteErrors':
    'Respuestas: 200 enviado; 400 datos inválidos; 401 token inválido; 402 suscripción vencida; 403 plan sin API, usuario o cola de otra empresa; 409 Idempotency-Key usada en otra solicitud; 429 límite superado.',
  'messagesApi.endpoint': 'Endpoint',
  'messagesApi.method': 'Método',
  'messagesApi.headers': 'Cabeceras',
  'messagesApi.body': 'Cuerpo',
  'messagesApi.test': 'Prueba de envío',
  'messagesApi.token': 'Token',
  'messagesApi.number': 'Número',
  'messagesApi.message': 'Mensaje',
  'messagesApi.file': 'Archivo',
  'messagesApi.send': 'Enviar',
  'messagesApi.sent': 'Mensaje enviado con éxito',
  'messagesApi.failed': 'No se pudo enviar el mensaje',
  'messagesApi.required': 'Obligatorio',
  'messagesApi.numberFormat': 'Solo números: código de país, código de área y número',
} satisfies Translations<typeof ptBR>;
