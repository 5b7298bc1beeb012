/** The browser-storage keys, in one place so logout and the auth-elsewhere handler clear the same set. */
export const storageKeys = {
  token: 'token',
  publicToken: 'public-token',
  companyId: 'companyId',
  companyDueDate: 'companyDueDate',
  profileImage: 'profileImage',
  campaignsFlag: 'cshow',
  volume: 'volume',
  preferredTheme: 'preferredTheme',
  language: 'language',
  /** The first ticket list the conversations screen asked, for the boot script to ask early next time (boot.ts). */
  firstTicketList: 'firstTicketList',
  /** When this browser last logged in: lets the shell ignore the `auth` frame its own login provoked. */
} as const;

/** What a session leaves behind; preferences (volume, theme, language) outlive it. */
export const sessionStorageKeys = [
  storageKeys.token,
  storageKeys.publicToken,
  storageKeys.companyId,
  storageKeys.companyDueDate,
  storageKeys.profileImage,
  storageKeys.campaignsFlag,
  storageKeys.firstTicketList,
] as const;

export const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session still works for this tab.
  }
};

export const removeStorage = (key: string): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeStorage
  }
};
