import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language, SessionResponse, SessionUser } from '@conversa/contracts';
import { readStorage, storageKeys } from './storage';

export type SessionStatus = 'restoring' | 'anonymous' | 'authenticated';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  status: SessionStatus;
  language: Language;
  /** Where the public guard sends a user who has just logged in (/tickets, or /financeiro-aberto when expired). */
  landing: string | null;
  /** The server's Meta app id for the Facebook login (from the login or refresh answer); null when it has none. */
  metaAppId?: string | null;
}

const languages: readonly Language[] = ['pt-BR', 'en', 'es', 'tr'];
const storedLanguage = (): Language => {
  const stored = readStorage(storageKeys.language);
  return languages.includes(stored as Language) ? (stored as Language) : 'pt-BR';
};

export const initialSessionState = (): SessionState => {
  const token = readStorage(storageKeys.token);
  return { token, user: null, status: token ? 'restoring' : 'anonymous', language: storedLanguage(), landing: null };
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A login or a token refresh answered: both carry the whole session. */
    sessionStarted(state, action: PayloadAction<SessionResponse & { landing?: string }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.status = 'authenticated';
      state.language = action.payload.user.language;
      state.metaAppId = action.payload.metaAppId ?? null;
      if (action.payload.landing !== undefined) state.landing = action.payload.landing;
    },
    sessionCleared(state) {
      state.token = null;
      state.user = null;
      state.status = 'anonymous';
      state.landing = null;
    },
    landingReached(state) {
      state.landing = null;
    },
    userUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
      if (action.payload.language) state.language = action.payload.language;
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
      if (state.user) state.user.language = action.payload;
    },
  },
});

export const { sessionStarted, sessionCleared, landingReached, userUpdated, languageChanged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
