import type { Translations } from '../../i18n/area';

/** Texts of the schedules area, in the four languages: pt-BR (the default, the spec wording) ships with the app, the others load when chosen. */
export const ptBR = {
  'schedule.title': 'Agendar mensagem',
  'schedule.editTitle': 'Editar agendamento',
  'schedule.contact': 'Contato',
  'schedule.body': 'Mensagem',
  'schedule.sendAt': 'Data de envio',
  'schedule.required': 'Obrigatório',
  'schedule.tooShort': 'Mensagem muito curta',
  'schedule.sendError': 'O envio deste agendamento falhou.',
  'schedule.existing': 'Agendamentos deste contato',
  'schedule.new': 'Novo agendamento',
  'schedule.status.PENDENTE': 'Pendente',
  'schedule.status.ENVIADA': 'Enviada',
  'schedule.status.ERRO': 'Erro de envio',
  'scheduleModal.success': 'Agendamento salvo com sucesso!',
} as const;

export const en = {
  'schedule.title': 'Schedule message',
  'schedule.editTitle': 'Edit scheduled message',
  'schedule.contact': 'Contact',
  'schedule.body': 'Message',
  'schedule.sendAt': 'Send at',
  'schedule.required': 'Required',
  'schedule.tooShort': 'Message too short',
  'schedule.sendError': 'Sending this scheduled message failed.',
  'schedule.existing': 'This contact\'s scheduled messages',
  'schedule.new': 'New scheduled message',
  'schedule.status.PENDENTE': 'Pending',
  'schedule.status.ENVIADA': 'Sent',
  'schedule.status.ERRO': 'Send error',
  'scheduleModal.success': 'Scheduled message saved successfully!',
} satisfies Translations<typeof ptBR>;

export const es = {
  'schedule.title': 'Programar mensaje',
  'schedule.editTitle': 'Editar mensaje programado',
  'schedule.contact': 'Contacto',
  'schedule.body': 'Mensaje',
  'schedule.sendAt': 'Fecha de envío',
  'schedule.required': 'Obligatorio',
  'schedule.tooShort': 'Mensaje demasiado corto',
  'schedule.sendError': 'El envío de este mensaje programado falló.',
  'schedule.existing': 'Mensajes programados de este contacto',
  'schedule.new': 'Nuevo mensaje programado',
  'schedule.status.PENDENTE': 'Pendiente',
  'schedule.status.ENVIADA': 'Enviado',
  'schedule.status.ERRO': 'Error de envío',
  'scheduleModal.success': '¡Mensaje programado guardado con éxito!',
} satisfies Translations<typeof ptBR>;

export const tr = {
  'schedule.title': 'Mesaj planla',
  'schedule.editTitle': 'Planlanmış mesajı düzenle',
  'schedule.contact': 'Kişi',
  'schedule.body': 'Mesaj',
  'schedule.sendAt': 'Gönderim zamanı',
  'schedule.required': 'Zorunlu',
  'schedule.tooShort': 'Mesaj çok kısa',
  'schedule.sendError': 'Bu planlanmış mesaj gönderilemedi.',
  'schedule.existing': 'Bu kişinin planlanmış mesajları',
  'schedule.new': 'Yeni planlanmış mesaj',
  'schedule.status.PENDENTE': 'Bekliyor',
  'schedule.status.ENVIADA': 'Gönderildi',
  'schedule.status.ERRO': 'Gönderim hatası',
  'scheduleModal.success': 'Planlanmış mesaj başarıyla kaydedildi!',
} satisfies Translations<typeof ptBR>;
