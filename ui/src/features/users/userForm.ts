import { can, defaultUserDetails, type CreateUserRequest, type Profile, type SessionUser, type UpdateUserRequest, type UserRecord } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';
import { validateProfile } from '../../shared/validation';

/** Everything the user dialog edits, as the inputs hold it. The picture has its own upload. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queueIds: number[];
  startWork: string;
  endWork: string;
  farewellMessage: string;
  /** WhatsApp number for password resets. */
  phone: string;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  whatsappId: number | null;
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
}

export type UserField = keyof UserFormValues;

/** A new user: the contract's defaults (profile user, work 00:00–23:59, no queues). */
export const emptyUserForm = (): UserFormValues => ({
  name: '',
  email: '',
  password: '',
  profile: defaultUserDetails.profile,
  queueIds: [],
  startWork: defaultUserDetails.startWork,
  endWork: defaultUserDetails.endWork,
  farewellMessage: '',
  phone: '',
  allTicket: defaultUserDetails.allTicket,
  allowGroup: defaultUserDetails.allowGroup,
  defaultTheme: defaultUserDetails.defaultTheme,
  defaultMenu: defaultUserDetails.defaultMenu,
  whatsappId: null,
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
});

export const userFormOf = (user: UserRecord): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  profile: user.profile,
  queueIds: [...user.queueIds],
  startWork: user.startWork,
  endWork: user.endWork,
  farewellMessage: user.farewellMessage,
  phone: user.phone ?? '',
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  defaultTheme: user.defaultTheme,
  defaultMenu: user.defaultMenu,
  whatsappId: user.whatsappId,
  showDashboard: user.showDashboard,
  allowRealTime: user.allowRealTime,
  allowConnections: user.allowConnections,
});

/** What the signed-in user may set in the dialog: the profile and admin flags, the queues and ticket visibility. */
export interface UserFormRights {
  editProfile: boolean;
  editQueues: boolean;
}

export const userFormRightsOf = (user: Pick<SessionUser, 'profile' | 'super'>): UserFormRights => ({
  editProfile: user.super || can(user.profile, 'user-modal:editProfile'),
  editQueues: user.super || can(user.profile, 'user-modal:editQueues'),
});

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The user rules (name 2–50, e-mail, password 5–50 and required for a new user) plus the HH:mm work times. */
export function validateUserForm(values: UserFormValues, { creating }: { creating: boolean }): FieldErrors<UserField> {
  const errors: FieldErrors<UserField> = { ...validateProfile(values) };
  if (creating && !values.password) errors.password = 'profile.required';
  if (!TIME.test(values.startWork)) errors.startWork = 'users.validation.time';
  if (!TIME.test(values.endWork)) errors.endWork = 'users.validation.time';
  return errors;
}

/**
 * The request body: fields the signed-in user may not set are left out (the server keeps them as they are,
 * or at the defaults for a new user); a blank password on an edit keeps the old one.
 */
export function userRequestOf(values: UserFormValues, rights: UserFormRights, { creating }: { creating: boolean }): CreateUserRequest | UpdateUserRequest {
  const body: UpdateUserRequest = {
    name: values.name.trim(),
    email: values.email.trim(),
    startWork: values.startWork,
    endWork: values.endWork,
    farewellMessage: values.farewellMessage,
    phone: values.phone.trim(),
    defaultTheme: values.defaultTheme,
    defaultMenu: values.defaultMenu,
    whatsappId: values.whatsappId,
  };
  if (rights.editProfile)
    Object.assign(body, {
      profile: values.profile,
      showDashboard: values.showDashboard,
      allowRealTime: values.allowRealTime,
      allowConnections: values.allowConnections,
    });
  if (rights.editQueues) Object.assign(body, { queueIds: values.queueIds, allTicket: values.allTicket, allowGroup: values.allowGroup });
  if (values.password || creating) body.password = values.password;
  return body;
}

/** Keeps a time field to the ##:## mask while typing. */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}
