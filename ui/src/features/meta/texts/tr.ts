import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const tr = {
  'meta.facebook.title.facebook': 'Facebook sayfalarını bağla',
  'meta.facebook.title.instagram': 'Instagram hesaplarını bağla',
  'meta.facebook.explain.facebook':
    'Facebook ile giriş yapın ve yönettiğiniz sayfalara erişim verin: her sayfa bir bağlantı olur, Messenger mesajları talep olarak gelir.',
  'meta.facebook.explain.instagram':
    'Facebook ile giriş yapın ve sayfalarınıza ve bunlara bağlı Instagram profesyonel hesaplarına erişim verin: her hesap bir bağlantı olur.',
  'meta.facebook.login': 'Facebook ile giriş yap',
  'meta.facebook.linked': '{count} bağlantı bağlandı.',
  'meta.facebook.cancelled': 'Facebook girişi iptal edildi: hiçbir sayfa bağlanmadı.',
  'meta.facebook.sdkFailed': 'Facebook girişi yüklenemedi. Bağlantınızı kontrol edip tekrar deneyin.',
  'meta.cloud.title': 'WhatsApp Cloud API',
  'meta.cloud.help':
    'Meta panelinde (WhatsApp › API Kurulumu) telefon numarası kimliğini, WhatsApp Business hesap kimliğini ve kalıcı (sistem kullanıcısı) erişim belirtecini kopyalayın. Kaydederken Meta ile doğrulanır.',
  'meta.cloud.phoneNumberId': 'Telefon numarası kimliği',
  'meta.cloud.businessAccountId': 'WhatsApp Business hesap kimliği',
  'meta.cloud.token': 'Erişim belirteci',
  'meta.cloud.tokenKept': 'Kayıtlı belirteç ({hint}); korumak için boş bırakın',
  'meta.cloud.tokenHelp': 'Belirteç güvenle saklanır ve bir daha gösterilmez.',
  'meta.cloud.idInvalid': "Meta'nın gösterdiği sayısal kimliği girin",
  'meta.cloud.tokenRequired': 'Erişim belirtecini girin (en az 20 karakter)',
  'meta.templates.closed': '24 saatlik pencere kapalı: kişi yanıt verene kadar yalnızca onaylı mesaj şablonları alabilir.',
  'meta.templates.choose': 'Şablon gönder',
  'meta.templates.title': 'Mesaj şablonu gönder',
  'meta.templates.template': 'Şablon',
  'meta.templates.none': 'Bu WhatsApp Business hesabında onaylı şablon yok.',
  'meta.templates.parameter': 'Parametre {number}',
  'meta.templates.parameterRequired': 'Bu parametreyi doldurun',
  'meta.templates.preview': 'Önizleme',
  'meta.templates.send': 'Gönder',
  'meta.templates.sent': 'Şablon gönderildi.',
  'meta.templates.loadFailed': 'Hesabın şablonları yüklenemedi.',
} satisfies Translations<typeof ptBR>;
